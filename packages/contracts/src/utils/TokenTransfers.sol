// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Address} from "@openzeppelin/contracts/utils/Address.sol";

/// @notice Exact-amount token movements shared by the bridges. `address(0)` is the native coin.
library TokenTransfers {
    using SafeERC20 for IERC20;

    address internal constant NATIVE = address(0);

    error NativeAmountMismatch(uint256 expected, uint256 sent);
    error UnexpectedNativeValue();
    error TokenHasNoCode(address token);
    error AmountReceivedMismatch(uint256 expected, uint256 received);

    /// @dev Takes exactly `amount` from `from` into this contract. Native coin must come as msg.value.
    /// Fee-on-transfer and rebasing tokens are refused by comparing balances before and after.
    function pullExact(address token, address from, uint256 amount) internal {
        if (token == NATIVE) {
            if (msg.value != amount) revert NativeAmountMismatch(amount, msg.value);
            return;
        }
        if (msg.value != 0) revert UnexpectedNativeValue();
        if (token.code.length == 0) revert TokenHasNoCode(token);
        uint256 before = IERC20(token).balanceOf(address(this));
        IERC20(token).safeTransferFrom(from, address(this), amount);
        uint256 received = IERC20(token).balanceOf(address(this)) - before;
        if (received != amount) revert AmountReceivedMismatch(amount, received);
    }

    /// @dev Moves exactly `amount` from `from` straight to `to` (used by fillers), checking what `to` got.
    function forwardExact(address token, address from, address to, uint256 amount) internal {
        if (token == NATIVE) {
            if (msg.value != amount) revert NativeAmountMismatch(amount, msg.value);
            Address.sendValue(payable(to), amount);
            return;
        }
        if (msg.value != 0) revert UnexpectedNativeValue();
        forwardTokenExact(token, from, to, amount);
    }

    /// @dev The ERC-20 half of forwardExact, for a call whose msg.value pays for something else.
    function forwardTokenExact(address token, address from, address to, uint256 amount) internal {
        if (token.code.length == 0) revert TokenHasNoCode(token);
        uint256 before = IERC20(token).balanceOf(to);
        IERC20(token).safeTransferFrom(from, to, amount);
        uint256 received = IERC20(token).balanceOf(to) - before;
        if (received != amount) revert AmountReceivedMismatch(amount, received);
    }

    /// @dev Pays `amount` held by this contract to `to`.
    function push(address token, address to, uint256 amount) internal {
        if (token == NATIVE) {
            Address.sendValue(payable(to), amount);
        } else {
            IERC20(token).safeTransfer(to, amount);
        }
    }
}
