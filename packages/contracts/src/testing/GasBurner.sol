// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice A hostile recipient for tests: its `receive` refuses the coin unless it is handed at least `need`
/// gas, then burns nearly all of it. Whoever pays the native coin to it with all the gas forwarded spends
/// about `need` gas (the gas estimate finds exactly that), so a filler or relayer that pays the recipient's gas
/// can be made to pay millions of gas for a dust order.
contract GasBurner {
    uint256 public immutable need;

    constructor(uint256 need_) {
        need = need_;
    }

    receive() external payable {
        if (gasleft() < need) revert();
        while (gasleft() > 2_000) {}
    }
}
