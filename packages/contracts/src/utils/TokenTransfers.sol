// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Address} from "@openzeppelin/contracts/utils/Address.sol";

interface IWrappedNative {
    function deposit() external payable;
}

/// @notice Exact-amount token movements shared by the bridges. `address(0)` is the native coin.
library TokenTransfers {
    using SafeERC20 for IERC20;

    address internal constant NATIVE = address(0);
    /// @dev Gas a recipient's `receive` gets with a delivery of the native coin: a smart wallet that logs the
    /// payment needs about 10,000; a recipient that asks for more (to make the payer burn gas) or refuses the
    /// coin gets the wrapped coin instead. The payer's cost stays bounded whoever the recipient is.
    uint256 internal constant NATIVE_STIPEND = 50_000;
    /// @dev What the call itself may cost beyond the stipend: value transfer and a new account.
    uint256 private constant CALL_OVERHEAD = 40_000;

    error NativeAmountMismatch(uint256 expected, uint256 sent);
    error UnexpectedNativeValue();
    error TokenHasNoCode(address token);
    error AmountReceivedMismatch(uint256 expected, uint256 received);
    error InsufficientGasForStipend();

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

    /// @dev Moves exactly `amount` of an ERC-20 from `from` straight to `to` (used by fillers), checking what `to` got.
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

    /// @dev Delivers native coin to a recipient without paying for its gas: `receive` runs with NATIVE_STIPEND
    /// gas and no return data is copied (a return-data bomb costs nothing). When it fails, the recipient gets the
    /// same amount of `wrappedNative` instead of a reverted delivery. Returns true when it was wrapped.
    function sendNativeOrWrap(address to, uint256 amount, address wrappedNative) internal returns (bool wrapped) {
        // Never less than the full stipend, so the payer cannot starve the recipient into being paid in WETH. (The
        // 63/64 rule and the wrap's own cost already close that window at today's gas prices; this does not rely on it.)
        if (gasleft() < (NATIVE_STIPEND * 64) / 63 + CALL_OVERHEAD) revert InsufficientGasForStipend();
        bool delivered;
        assembly ("memory-safe") {
            delivered := call(NATIVE_STIPEND, to, amount, 0, 0, 0, 0)
        }
        if (delivered) return false;
        IWrappedNative(wrappedNative).deposit{value: amount}();
        IERC20(wrappedNative).safeTransfer(to, amount);
        return true;
    }
}
