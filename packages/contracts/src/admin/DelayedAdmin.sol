// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @notice Owner changes that wait behind a delay: the owner schedules a change, anyone can see it
/// (`ChangeScheduled` carries the whole change and when it can be applied), and the owner applies it no sooner
/// than `adminDelay` later and no later than `CHANGE_WINDOW` after that. People with transfers in flight have that
/// long to finish them or to leave, and an announcement everyone has forgotten cannot be applied a year later.
abstract contract DelayedAdmin is Ownable {
    /// @notice How long a scheduled change can be applied once its delay has passed; then it must be announced again.
    uint32 public constant CHANGE_WINDOW = 7 days;
    /// @notice Seconds between scheduling a change and the earliest moment it can be applied.
    uint32 public immutable adminDelay;
    /// @notice When each scheduled change (keccak256 of its encoding) may be applied; 0 when none.
    mapping(bytes32 changeId => uint256 readyAt) public scheduledChanges;

    event ChangeScheduled(bytes32 indexed changeId, uint256 readyAt, uint256 expiresAt, bytes change);
    event ChangeCancelled(bytes32 indexed changeId);
    event ChangeApplied(bytes32 indexed changeId);

    error InvalidAdminDelay();
    error ChangeNotScheduled(bytes32 changeId);
    error ChangeNotReady(bytes32 changeId, uint256 readyAt);
    error ChangeExpired(bytes32 changeId, uint256 expiredAt);
    error NotAllowedToCancel(address account);

    constructor(uint32 adminDelay_) {
        if (adminDelay_ == 0) revert InvalidAdminDelay();
        adminDelay = adminDelay_;
    }

    /// @notice Drops a scheduled change before it is applied. Cancelling only takes a change away, so a contract
    /// may let its guardian do it too (`_mayCancel`).
    function cancelChange(bytes32 changeId) external {
        if (!_mayCancel(msg.sender)) revert NotAllowedToCancel(msg.sender);
        if (scheduledChanges[changeId] == 0) revert ChangeNotScheduled(changeId);
        delete scheduledChanges[changeId];
        emit ChangeCancelled(changeId);
    }

    function _mayCancel(address account) internal view virtual returns (bool) {
        return account == owner();
    }

    function _scheduleChange(bytes memory change) internal returns (bytes32 changeId) {
        changeId = keccak256(change);
        uint256 readyAt = block.timestamp + adminDelay;
        scheduledChanges[changeId] = readyAt;
        emit ChangeScheduled(changeId, readyAt, readyAt + CHANGE_WINDOW, change);
    }

    /// @dev Reverts unless exactly this change was scheduled and is within its window; then forgets it.
    function _consumeChange(bytes memory change) internal {
        bytes32 changeId = keccak256(change);
        uint256 readyAt = scheduledChanges[changeId];
        if (readyAt == 0) revert ChangeNotScheduled(changeId);
        if (block.timestamp < readyAt) revert ChangeNotReady(changeId, readyAt);
        if (block.timestamp > readyAt + CHANGE_WINDOW) revert ChangeExpired(changeId, readyAt + CHANGE_WINDOW);
        delete scheduledChanges[changeId];
        emit ChangeApplied(changeId);
    }
}
