// SPDX-License-Identifier: MIT
pragma solidity ^0.8.26;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Permit.sol";
import {ERC3009} from "@openzeppelin/contracts/token/ERC20/extensions/draft-ERC3009.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {SignatureChecker} from "@openzeppelin/contracts/utils/cryptography/SignatureChecker.sol";

/// @notice The USDC-like token of the local network (6 decimals), mintable by its owner, with what real USDC v2.2 has
/// for signatures: EIP-2612 `permit` and EIP-3009 transfers by authorization (random bytes32 nonces, each used or
/// cancelled once), each with a `(v, r, s)` and a `bytes` signature (the latter also from ERC-1271 wallets).
/// Both share one EIP-712 domain: the token's name and version "1".
contract DevToken is ERC20, ERC20Permit, ERC3009, Ownable {
    uint8 private immutable _decimals;

    constructor(string memory name_, string memory symbol_, uint8 decimals_, address owner_)
        ERC20(name_, symbol_)
        ERC20Permit(name_)
        Ownable(owner_)
    {
        _decimals = decimals_;
    }

    function decimals() public view override returns (uint8) {
        return _decimals;
    }

    function mint(address to, uint256 amount) external onlyOwner {
        _mint(to, amount);
    }

    // ---- EIP-3009 with a `bytes` signature (USDC v2.2) ----

    function transferWithAuthorization(
        address from,
        address to,
        uint256 value,
        uint256 validAfter,
        uint256 validBefore,
        bytes32 nonce,
        bytes memory signature
    ) external {
        bytes32 structHash =
            keccak256(abi.encode(TRANSFER_WITH_AUTHORIZATION_TYPEHASH, from, to, value, validAfter, validBefore, nonce));
        _requireSignedBy(from, structHash, signature);
        _transferWithAuthorization(from, to, value, validAfter, validBefore, nonce);
    }

    /// @notice Like `transferWithAuthorization`, but only `to` may submit it: nobody can front-run the payee's call.
    function receiveWithAuthorization(
        address from,
        address to,
        uint256 value,
        uint256 validAfter,
        uint256 validBefore,
        bytes32 nonce,
        bytes memory signature
    ) external {
        bytes32 structHash =
            keccak256(abi.encode(RECEIVE_WITH_AUTHORIZATION_TYPEHASH, from, to, value, validAfter, validBefore, nonce));
        _requireSignedBy(from, structHash, signature);
        if (to != _msgSender()) revert ERC20InvalidReceiver(to);
        _transferWithAuthorization(from, to, value, validAfter, validBefore, nonce);
    }

    function cancelAuthorization(address authorizer, bytes32 nonce, bytes memory signature) external {
        _requireSignedBy(authorizer, keccak256(abi.encode(CANCEL_AUTHORIZATION_TYPEHASH, authorizer, nonce)), signature);
        _cancelAuthorization(authorizer, nonce);
    }

    /// @dev ECDSA (low `s` only) for an account without code, ERC-1271 for a contract; never `address(0)`.
    function _requireSignedBy(address signer, bytes32 structHash, bytes memory signature) private view {
        if (!SignatureChecker.isValidSignatureNow(signer, _hashTypedDataV4(structHash), signature)) {
            revert ERC3009InvalidSignature();
        }
    }
}
