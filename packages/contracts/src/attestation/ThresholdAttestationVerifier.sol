// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import {IAttestationVerifier} from "./IAttestationVerifier.sol";

/// @notice m-of-n attestation: `signatures` is exactly `threshold` 65-byte ECDSA signatures,
/// ordered by strictly ascending signer address (which also rules out counting a signer twice).
/// The signer set is fixed at deployment so no admin can later forge attestations.
contract ThresholdAttestationVerifier is IAttestationVerifier {
    uint256 private constant SIGNATURE_LENGTH = 65;

    uint256 public immutable threshold;
    mapping(address signer => bool) public isSigner;
    address[] private _signers;

    error InvalidThreshold();
    error InvalidSigner(address signer);

    constructor(address[] memory signers_, uint256 threshold_) {
        if (threshold_ == 0 || threshold_ > signers_.length) revert InvalidThreshold();
        for (uint256 i = 0; i < signers_.length; i++) {
            address signer = signers_[i];
            if (signer == address(0) || isSigner[signer]) revert InvalidSigner(signer);
            isSigner[signer] = true;
            _signers.push(signer);
        }
        threshold = threshold_;
    }

    function signers() external view returns (address[] memory) {
        return _signers;
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
}
