// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice Verifies that an EIP-712 digest was attested by the bridge's attesters.
/// Settlers compute the digest in their own domain (chain id + contract), so an attestation
/// can never be replayed on another chain or another settler.
interface IAttestationVerifier {
    /// @return true when `signatures` proves the attesters signed `digest`.
    function verify(bytes32 digest, bytes calldata signatures) external view returns (bool);
}
