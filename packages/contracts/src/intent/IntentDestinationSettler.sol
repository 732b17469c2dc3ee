// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Address} from "@openzeppelin/contracts/utils/Address.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";
import {TokenTransfers} from "../utils/TokenTransfers.sol";
import {IDestinationSettler} from "./ERC7683.sol";
import {IntentOriginData, IntentTypes} from "./IntentTypes.sol";

/// @notice ERC-7683 destination settler: a solver delivers the order's outputs to its recipient in one call,
/// once per order, on the named chain and settler, no later than the fill deadline.
/// It holds no funds and has no admin.
contract IntentDestinationSettler is IDestinationSettler, ReentrancyGuard {
    struct FillRecord {
        address solver; // repayment address on the origin chain
        uint32 fillTime;
    }

    mapping(bytes32 orderId => FillRecord) public fills;

    event Filled(
        bytes32 indexed orderId,
        address indexed solver,
        address indexed recipient,
        address outputToken,
        uint256 outputAmount,
        uint256 gasAmount,
        uint32 fillTime
    );

    error OrderIdMismatch();
    error WrongDestinationChain(uint256 expected);
    error WrongDestinationSettler(address expected);
    error FillDeadlinePassed(uint32 fillDeadline);
    error AlreadyFilled(bytes32 orderId);
    error InvalidRepaymentAddress();

    /// @param fillerData empty, or abi.encode(address) naming where the solver is repaid on the origin chain.
    function fill(bytes32 orderId, bytes calldata originData, bytes calldata fillerData)
        external
        payable
        nonReentrant
    {
        if (IntentTypes.orderId(originData) != orderId) revert OrderIdMismatch();
        IntentOriginData memory data = abi.decode(originData, (IntentOriginData));
        if (data.destinationChainId != block.chainid) revert WrongDestinationChain(data.destinationChainId);
        if (data.destinationSettler != address(this)) revert WrongDestinationSettler(data.destinationSettler);
        if (block.timestamp > data.fillDeadline) revert FillDeadlinePassed(data.fillDeadline);
        if (fills[orderId].fillTime != 0) revert AlreadyFilled(orderId);

        address solver = fillerData.length == 0 ? msg.sender : abi.decode(fillerData, (address));
        if (solver == address(0)) revert InvalidRepaymentAddress();
        uint32 fillTime = uint32(block.timestamp);
        // Status first, transfer last: a reentrant token cannot fill twice.
        fills[orderId] = FillRecord({solver: solver, fillTime: fillTime});
        emit Filled(orderId, solver, data.recipient, data.outputToken, data.outputAmount, data.gasAmount, fillTime);
        // Every output or none: a recipient that refuses the native coin, or a short value, reverts the whole fill.
        if (data.gasAmount == 0) {
            TokenTransfers.forwardExact(data.outputToken, msg.sender, data.recipient, data.outputAmount);
        } else {
            if (msg.value != data.gasAmount) revert TokenTransfers.NativeAmountMismatch(data.gasAmount, msg.value);
            TokenTransfers.forwardTokenExact(data.outputToken, msg.sender, data.recipient, data.outputAmount);
            Address.sendValue(payable(data.recipient), data.gasAmount);
        }
    }

    function isFilled(bytes32 orderId) external view returns (bool) {
        return fills[orderId].fillTime != 0;
    }
}
