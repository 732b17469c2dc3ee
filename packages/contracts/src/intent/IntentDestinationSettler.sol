// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";
import {TokenTransfers} from "../utils/TokenTransfers.sol";
import {IDestinationSettler} from "./ERC7683.sol";
import {IntentOriginData, IntentTypes} from "./IntentTypes.sol";

/// @notice ERC-7683 destination settler: a solver delivers the order's outputs to its recipient in one call,
/// once per order, on the named chain and settler, no later than the fill deadline.
/// Native coin reaches the recipient with a fixed gas stipend, or as the wrapped coin when the recipient refuses
/// it: no recipient can make a fill revert or make the solver pay for its gas. It holds no funds and has no admin.
contract IntentDestinationSettler is IDestinationSettler, ReentrancyGuard {
    struct FillRecord {
        address solver; // repayment address on the origin chain
        uint32 fillTime;
    }

    /// @notice The chain's wrapped native coin, paid to a recipient whose `receive` refuses the coin.
    address public immutable wrappedNative;
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
    error ZeroAddress();

    /// @notice The native coin of a delivery went out as `wrappedNative`: the recipient refused the coin itself.
    event PaidInWrappedNative(bytes32 indexed id, address indexed recipient, uint256 amount);

    constructor(address wrappedNative_) {
        if (wrappedNative_ == address(0)) revert ZeroAddress();
        wrappedNative = wrappedNative_;
    }

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
        // Every output or none: a short value reverts the whole fill; a recipient refusing the coin gets it wrapped.
        uint256 native = data.outputToken == TokenTransfers.NATIVE ? data.outputAmount : data.gasAmount;
        if (msg.value != native) revert TokenTransfers.NativeAmountMismatch(native, msg.value);
        if (data.outputToken != TokenTransfers.NATIVE) {
            TokenTransfers.forwardTokenExact(data.outputToken, msg.sender, data.recipient, data.outputAmount);
        }
        if (native != 0 && TokenTransfers.sendNativeOrWrap(data.recipient, native, wrappedNative)) {
            emit PaidInWrappedNative(orderId, data.recipient, native);
        }
    }

    function isFilled(bytes32 orderId) external view returns (bool) {
        return fills[orderId].fillTime != 0;
    }
}
