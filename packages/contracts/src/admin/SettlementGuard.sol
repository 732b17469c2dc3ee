// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @notice An emergency brake, for a stolen attester key above all: the guardian or the owner pulls it at once,
/// only the owner releases it. It stops attested outflows (a solver's claim, a pool's release) until released,
/// and holds the other attested paths (refunds with an attestation, a pool's finalize) for at most
/// `attestedHold` from the last pull, long enough to take the key out of the verifier (`removeSigner`), never so
/// long that an honest refund waits for the owner. Pulling it again while it is on restarts that hold, once for the
/// guardian (any number of times for the owner, who can release the brake anyway): a key stolen under a long brake
/// is held back as one stolen before it, and the guardian alone can never hold refunds longer than twice the hold. The brake's time is counted (`pausedSeconds`), so that a contract
/// can move the unattested refund of an escrow later by as long as the brake held its attested ending back.
abstract contract SettlementGuard is Ownable {
    address public guardian;
    bool public settlementPaused;
    /// @notice When the current pause began (0 when not paused).
    uint64 public pausedSince;
    /// @notice Seconds of all finished pauses.
    uint64 public pausedTotal;
    /// @notice When the brake was last pulled (0 when not paused): the attested hold runs from here.
    uint64 public heldSince;
    /// @notice Whether the guardian has restarted the hold of the current pause (it may once).
    bool public holdRestartedByGuardian;
    /// @notice Longest a pause holds attested refunds and finalize (a deployment parameter).
    uint32 public immutable attestedHold;

    event GuardianSet(address guardian);
    event SettlementPaused(address by);
    event AttestedHoldRestarted(address by);
    event SettlementUnpaused(address by);

    error NotGuardian(address account);
    error SettlementIsPaused();
    error HoldAlreadyRestarted();

    constructor(address guardian_, uint32 attestedHold_) {
        guardian = guardian_;
        attestedHold = attestedHold_;
        emit GuardianSet(guardian_);
    }

    modifier whenSettlementActive() {
        if (settlementPaused) revert SettlementIsPaused();
        _;
    }

    modifier onlyGuardianOrOwner() {
        if (msg.sender != guardian && msg.sender != owner()) revert NotGuardian(msg.sender);
        _;
    }

    function setGuardian(address guardian_) external onlyOwner {
        guardian = guardian_;
        emit GuardianSet(guardian_);
    }

    function pauseSettlement() external onlyGuardianOrOwner {
        if (settlementPaused) {
            if (msg.sender != owner()) {
                if (holdRestartedByGuardian) revert HoldAlreadyRestarted();
                holdRestartedByGuardian = true;
            }
            heldSince = uint64(block.timestamp);
            emit AttestedHoldRestarted(msg.sender);
            return;
        }
        heldSince = uint64(block.timestamp);
        settlementPaused = true;
        pausedSince = uint64(block.timestamp);
        emit SettlementPaused(msg.sender);
    }

    function unpauseSettlement() external onlyOwner {
        if (!settlementPaused) return;
        pausedTotal += uint64(block.timestamp) - pausedSince;
        pausedSince = 0;
        heldSince = 0;
        holdRestartedByGuardian = false;
        settlementPaused = false;
        emit SettlementUnpaused(msg.sender);
    }

    /// @notice Seconds settlement has been paused since deployment, the current pause included.
    function pausedSeconds() public view returns (uint64) {
        return pausedTotal + (settlementPaused ? uint64(block.timestamp) - pausedSince : 0);
    }

    /// @notice True while a pause holds attested refunds and finalize: from the last pull, for `attestedHold` at most.
    function attestedHeld() public view returns (bool) {
        return settlementPaused && block.timestamp < uint256(heldSince) + attestedHold;
    }

    /// @dev Attested refunds and finalize: a forged attestation under the brake waits while the key is taken out.
    function _requireAttestedNotHeld() internal view {
        if (attestedHeld()) revert SettlementIsPaused();
    }

    /// @dev The unattested refund: refused while paused, and `after_` moved by the time paused since `pausedAt`,
    /// so a brake never turns a delivered transfer into a refunded one. Returns the moved time.
    function _unattestedRefundAfter(uint256 after_, uint64 pausedAt) internal view returns (uint256) {
        if (settlementPaused) revert SettlementIsPaused();
        return after_ + pausedSeconds() - pausedAt;
    }
}
