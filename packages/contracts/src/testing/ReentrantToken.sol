// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @notice Test-only: on every transfer it calls back into `target` with preset calldata,
/// to prove the bridges cannot be re-entered. Records whether the re-entry succeeded.
contract ReentrantToken is ERC20 {
    address public target;
    bytes public payload;
    bool public reentered;
    bool public reentrySucceeded;
    bytes public reentryError;

    constructor() ERC20("Reentrant Token", "REENT") {}

    function mint(address to, uint256 amount) external {
        _mint(to, amount);
    }

    function arm(address target_, bytes calldata payload_) external {
        target = target_;
        payload = payload_;
        reentered = false;
    }

    function _update(address from, address to, uint256 value) internal override {
        super._update(from, to, value);
        if (target != address(0) && !reentered && from != address(0) && to != address(0)) {
            reentered = true;
            (bool ok, bytes memory err) = target.call(payload);
            reentrySucceeded = ok;
            reentryError = err;
        }
    }
}
