// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @notice An emergency brake on attested outflows (a solver's claim, a pool's release): the guardian
/// or the owner can pull it at once, only the owner releases it. Refunds to the people who paid are
/// never behind this brake.
abstract contract SettlementGuard is Ownable {
    address public guardian;
    bool public settlementPaused;

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
        settlementPaused = true;
        emit SettlementPaused(msg.sender);
    }

    function unpauseSettlement() external onlyOwner {
        settlementPaused = false;
        emit SettlementUnpaused(msg.sender);
    }
}
