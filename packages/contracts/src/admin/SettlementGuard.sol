// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @notice An emergency brake on attested outflows (a solver's claim, a pool's release): the guardian
/// or the owner can pull it at once, only the owner releases it. Refunds with an attestation are never
/// behind this brake. The brake's time is counted (`pausedSeconds`), so that a contract can hold back
/// the unattested refund of an escrow by as long as the brake kept its claim from landing.
abstract contract SettlementGuard is Ownable {
    address public guardian;
    bool public settlementPaused;
    /// @notice When the current pause began (0 when not paused).
    uint64 public pausedSince;
    /// @notice Seconds of all finished pauses.
    uint64 public pausedTotal;

    event GuardianSet(address guardian);
    event SettlementPaused(address by);
    event SettlementUnpaused(address by);

    error NotGuardian(address account);
    error SettlementIsPaused();

    constructor(address guardian_) {
        guardian = guardian_;
        emit GuardianSet(guardian_);
    }

    modifier whenSettlementActive() {
        if (settlementPaused) revert SettlementIsPaused();
        _;
    }

    function setGuardian(address guardian_) external onlyOwner {
        guardian = guardian_;
        emit GuardianSet(guardian_);
    }

    function pauseSettlement() external {
        if (msg.sender != guardian && msg.sender != owner()) revert NotGuardian(msg.sender);
        if (settlementPaused) return;
        settlementPaused = true;
        pausedSince = uint64(block.timestamp);
        emit SettlementPaused(msg.sender);
    }

    function unpauseSettlement() external onlyOwner {
        if (!settlementPaused) return;
        pausedTotal += uint64(block.timestamp) - pausedSince;
        pausedSince = 0;
        settlementPaused = false;
        emit SettlementUnpaused(msg.sender);
    }

    /// @notice Seconds settlement has been paused since deployment, the current pause included.
    function pausedSeconds() public view returns (uint64) {
        return pausedTotal + (settlementPaused ? uint64(block.timestamp) - pausedSince : 0);
    }
}
