// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @notice Owner changes that wait behind a delay: the owner schedules a change, anyone can see it
/// (`ChangeScheduled` carries the whole change), and the owner applies it no sooner than `adminDelay`
/// later. People with transfers in flight have that long to finish them or to leave.
abstract contract DelayedAdmin is Ownable {
    /// @notice Seconds between scheduling a change and the earliest moment it can be applied.
    uint32 public immutable adminDelay;
    /// @notice When each scheduled change (keccak256 of its encoding) may be applied; 0 when none.
    mapping(bytes32 changeId => uint256 readyAt) public scheduledChanges;

    event ChangeScheduled(bytes32 indexed changeId, uint256 readyAt, bytes change);
    event ChangeCancelled(bytes32 indexed changeId);
    event ChangeApplied(bytes32 indexed changeId);

    error InvalidAdminDelay();
    error ChangeNotScheduled(bytes32 changeId);
    error ChangeNotReady(bytes32 changeId, uint256 readyAt);

    constructor(uint32 adminDelay_) {
        if (adminDelay_ == 0) revert InvalidAdminDelay();
        adminDelay = adminDelay_;
    }

    /// @notice Drops a scheduled change before it is applied.
    function cancelChange(bytes32 changeId) external onlyOwner {
        if (scheduledChanges[changeId] == 0) revert ChangeNotScheduled(changeId);
        delete scheduledChanges[changeId];
        emit ChangeCancelled(changeId);
    }

    function _scheduleChange(bytes memory change) internal returns (bytes32 changeId) {
        changeId = keccak256(change);
        uint256 readyAt = block.timestamp + adminDelay;
        scheduledChanges[changeId] = readyAt;
        emit ChangeScheduled(changeId, readyAt, change);
    }

    /// @dev Reverts unless exactly this change was scheduled and its delay has passed; then forgets it.
    function _consumeChange(bytes memory change) internal {
        bytes32 changeId = keccak256(change);
        uint256 readyAt = scheduledChanges[changeId];
        if (readyAt == 0) revert ChangeNotScheduled(changeId);
        if (block.timestamp < readyAt) revert ChangeNotReady(changeId, readyAt);
        delete scheduledChanges[changeId];
        emit ChangeApplied(changeId);
    }
}
