// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {DelayedAdmin} from "../admin/DelayedAdmin.sol";
import {IAttestationVerifier} from "./IAttestationVerifier.sol";

/// @notice m-of-n attestation: `signatures` is exactly `threshold` 65-byte ECDSA signatures,
/// ordered by strictly ascending signer address (which also rules out counting a signer twice).
/// A new signer set (a lost or retired key) comes only through a change scheduled `adminDelay` in advance,
/// so no admin can swap in a forging key without everyone seeing it coming. Taking a key out only takes power
/// away, so the guardian (or the owner) does it at once, for a stolen key; the threshold stays, so fewer signers
/// never means fewer signatures (below the threshold nothing verifies until the owner adds a set).
contract ThresholdAttestationVerifier is IAttestationVerifier, DelayedAdmin {
    uint256 private constant SIGNATURE_LENGTH = 65;

    uint256 public threshold;
    address public guardian;
    mapping(address signer => bool) public isSigner;
    address[] private _signers;

    event SignerSetChanged(address[] signers, uint256 threshold);
    event SignerRemoved(address indexed signer, address by);
    event GuardianSet(address guardian);

    error InvalidThreshold();
    error InvalidSigner(address signer);
    error NotGuardian(address account);

    constructor(address[] memory signers_, uint256 threshold_, address owner_, address guardian_, uint32 adminDelay_)
        Ownable(owner_)
        DelayedAdmin(adminDelay_)
    {
        _setSigners(signers_, threshold_);
        guardian = guardian_;
        emit GuardianSet(guardian_);
    }

    function setGuardian(address guardian_) external onlyOwner {
        guardian = guardian_;
        emit GuardianSet(guardian_);
    }

    /// @notice Takes a (stolen) key out of the signer set at once. Only the guardian or the owner.
    function removeSigner(address signer) external {
        if (msg.sender != guardian && msg.sender != owner()) revert NotGuardian(msg.sender);
        if (!isSigner[signer]) revert InvalidSigner(signer);
        isSigner[signer] = false;
        uint256 last = _signers.length - 1;
        for (uint256 i = 0; i < last; i++) {
            if (_signers[i] == signer) {
                _signers[i] = _signers[last];
                break;
            }
        }
        _signers.pop();
        emit SignerRemoved(signer, msg.sender);
    }

    function signers() external view returns (address[] memory) {
        return _signers;
    }

    /// @notice Announces a new signer set; it can be applied with `setSignerSet` after `adminDelay`.
    function scheduleSignerSet(address[] calldata signers_, uint256 threshold_) external onlyOwner {
        _checkSigners(signers_, threshold_);
        _scheduleChange(abi.encode(keccak256("SignerSet"), signers_, threshold_));
    }

    function setSignerSet(address[] calldata signers_, uint256 threshold_) external onlyOwner {
        _consumeChange(abi.encode(keccak256("SignerSet"), signers_, threshold_));
        for (uint256 i = 0; i < _signers.length; i++) {
            isSigner[_signers[i]] = false;
        }
        delete _signers;
        _setSigners(signers_, threshold_);
    }

    /// @inheritdoc IAttestationVerifier
    function verify(bytes32 digest, bytes calldata signatures) external view returns (bool) {
        if (digest == bytes32(0) || signatures.length != threshold * SIGNATURE_LENGTH) return false;
        address previous = address(0);
        for (uint256 i = 0; i < threshold; i++) {
            bytes calldata signature = signatures[i * SIGNATURE_LENGTH:(i + 1) * SIGNATURE_LENGTH];
            // tryRecover rejects malleable (high-s) signatures, bad v values and the zero address.
            (address signer, ECDSA.RecoverError err,) = ECDSA.tryRecoverCalldata(digest, signature);
            if (err != ECDSA.RecoverError.NoError || signer <= previous || !isSigner[signer]) return false;
            previous = signer;
        }
        return true;
    }

    /// @dev A scheduled set that would bring a removed key back can be cancelled by the guardian too.
    function _mayCancel(address account) internal view override returns (bool) {
        return account == owner() || account == guardian;
    }

    function _checkSigners(address[] memory signers_, uint256 threshold_) private pure {
        if (threshold_ == 0 || threshold_ > signers_.length) revert InvalidThreshold();
        for (uint256 i = 0; i < signers_.length; i++) {
            if (signers_[i] == address(0)) revert InvalidSigner(signers_[i]);
            for (uint256 j = 0; j < i; j++) {
                if (signers_[j] == signers_[i]) revert InvalidSigner(signers_[i]);
            }
        }
    }

    function _setSigners(address[] memory signers_, uint256 threshold_) private {
        _checkSigners(signers_, threshold_);
        for (uint256 i = 0; i < signers_.length; i++) {
            isSigner[signers_[i]] = true;
            _signers.push(signers_[i]);
        }
        threshold = threshold_;
        emit SignerSetChanged(signers_, threshold_);
    }
}
