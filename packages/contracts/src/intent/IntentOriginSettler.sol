// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {EIP712} from "@openzeppelin/contracts/utils/cryptography/EIP712.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Pausable} from "@openzeppelin/contracts/utils/Pausable.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";
import {SettlementGuard} from "../admin/SettlementGuard.sol";
import {IAttestationVerifier} from "../attestation/IAttestationVerifier.sol";
import {TokenTransfers} from "../utils/TokenTransfers.sol";
import {
    IOriginSettler,
    GaslessCrossChainOrder,
    OnchainCrossChainOrder,
    ResolvedCrossChainOrder,
    Output,
    FillInstruction
} from "./ERC7683.sol";
import {IntentOrderData, IntentOriginData, IntentTypes} from "./IntentTypes.sol";

/// @notice ERC-7683 origin settler: escrows the user's input, repays the solver against a fill
/// attestation, or refunds the user (with a no-fill attestation after the fill deadline, or with
/// none after `expires`). Each order ends in exactly one of Claimed or Refunded.
/// `expires` is at least `minRefundDelay` after the fill deadline: the unattested refund is an escape
/// hatch for a dead attester, never a race against a solver whose fill is still being attested.
/// The owner can only pause new orders, and the guardian can pause claims, holding attested refunds for a
/// bounded time only (`attestedHold`); nothing lets an admin move escrowed funds.
contract IntentOriginSettler is IOriginSettler, EIP712, SettlementGuard, Pausable, ReentrancyGuard {
    enum Status {
        None,
        Open,
        Claimed,
        Refunded
    }

    struct Escrow {
        address user;
        address inputToken;
        uint256 inputAmount;
        uint32 fillDeadline;
        uint32 expires;
        Status status;
        /// @dev pausedSeconds() when the order was opened: the brake's time since then delays `expires`.
        uint64 pausedAtOpen;
    }

    bytes32 public constant FILL_ATTESTATION_TYPEHASH =
        keccak256("FillAttestation(bytes32 orderId,address solver,uint32 fillTime)");
    bytes32 public constant NO_FILL_ATTESTATION_TYPEHASH = keccak256("NoFillAttestation(bytes32 orderId)");

    IAttestationVerifier public immutable verifier;
    /// @notice Smallest gap between an order's fill deadline and its `expires` (a deployment parameter:
    /// days in production, long enough for the services' worst case on a devnet).
    uint32 public immutable minRefundDelay;
    mapping(bytes32 orderId => Escrow) public escrows;
    mapping(address user => mapping(uint256 nonce => bool)) public nonceUsed;

    event Claimed(bytes32 indexed orderId, address indexed solver, uint256 amount, uint32 fillTime);
    event Refunded(bytes32 indexed orderId, address indexed user, uint256 amount, bool attested);

    error UnknownOrderDataType(bytes32 orderDataType);
    error GaslessOrdersNotSupported();
    error InvalidOrder(string reason);
    error NonceAlreadyUsed(address user, uint256 nonce);
    error OrderNotOpen(bytes32 orderId);
    error FillAfterDeadline(uint32 fillTime, uint32 fillDeadline);
    error InvalidAttestation();
    error RefundNotYetAvailable(uint32 availableAfter);
    error ZeroAddress();

    constructor(
        IAttestationVerifier verifier_,
        address owner_,
        address guardian_,
        uint32 minRefundDelay_,
        uint32 attestedHold_
    ) EIP712("MultiBridge Intent Settler", "1") Ownable(owner_) SettlementGuard(guardian_, attestedHold_) {
        if (address(verifier_) == address(0)) revert ZeroAddress();
        if (minRefundDelay_ == 0) revert InvalidOrder("zero refund delay");
        verifier = verifier_;
        minRefundDelay = minRefundDelay_;
    }

    // ---- ERC-7683 ----

    function open(OnchainCrossChainOrder calldata order) external payable nonReentrant whenNotPaused {
        (ResolvedCrossChainOrder memory resolved, IntentOriginData memory data) = _resolve(order, msg.sender);
        if (nonceUsed[data.user][data.nonce]) revert NonceAlreadyUsed(data.user, data.nonce);
        nonceUsed[data.user][data.nonce] = true;
        escrows[resolved.orderId] = Escrow({
            user: data.user,
            inputToken: data.inputToken,
            inputAmount: data.inputAmount,
            fillDeadline: data.fillDeadline,
            expires: data.expires,
            status: Status.Open,
            pausedAtOpen: pausedSeconds()
        });
        TokenTransfers.pullExact(data.inputToken, msg.sender, data.inputAmount);
        emit Open(resolved.orderId, resolved);
    }

    function resolve(OnchainCrossChainOrder calldata order) external view returns (ResolvedCrossChainOrder memory) {
        (ResolvedCrossChainOrder memory resolved,) = _resolve(order, msg.sender);
        return resolved;
    }

    function openFor(GaslessCrossChainOrder calldata, bytes calldata, bytes calldata) external pure {
        revert GaslessOrdersNotSupported();
    }

    function resolveFor(GaslessCrossChainOrder calldata, bytes calldata)
        external
        pure
        returns (ResolvedCrossChainOrder memory)
    {
        revert GaslessOrdersNotSupported();
    }

    // ---- settlement ----

    /// @notice Repays the solver from escrow. Anyone may submit it; the money only goes to the
    /// solver named in the attestation.
    function claim(bytes32 orderId, address solver, uint32 fillTime, bytes calldata signatures)
        external
        nonReentrant
        whenSettlementActive
    {
        Escrow storage escrow = escrows[orderId];
        if (escrow.status != Status.Open) revert OrderNotOpen(orderId);
        if (solver == address(0)) revert ZeroAddress();
        if (fillTime > escrow.fillDeadline) revert FillAfterDeadline(fillTime, escrow.fillDeadline);
        bytes32 digest = fillAttestationDigest(orderId, solver, fillTime);
        if (!verifier.verify(digest, signatures)) revert InvalidAttestation();
        escrow.status = Status.Claimed;
        emit Claimed(orderId, solver, escrow.inputAmount, fillTime);
        TokenTransfers.push(escrow.inputToken, solver, escrow.inputAmount);
    }

    /// @notice Returns the escrow to the order's user. With a no-fill attestation, once the fill deadline
    /// passed (a brake holds it back for `attestedHold` at most: a forged no-fill waits while the key is taken
    /// out). With `signatures` empty, once `expires` passed, moved later by the time claims were paused since the
    /// order was opened, and not while they are paused.
    function refund(bytes32 orderId, bytes calldata signatures) external nonReentrant {
        Escrow storage escrow = escrows[orderId];
        if (escrow.status != Status.Open) revert OrderNotOpen(orderId);
        bool attested = signatures.length != 0;
        if (attested) {
            if (block.timestamp <= escrow.fillDeadline) revert RefundNotYetAvailable(escrow.fillDeadline);
            _requireAttestedNotHeld();
            if (!verifier.verify(noFillAttestationDigest(orderId), signatures)) revert InvalidAttestation();
        } else {
            // A brake that kept the solver's claim from landing moves the escape hatch by as long.
            uint256 availableAfter = _unattestedRefundAfter(escrow.expires, escrow.pausedAtOpen);
            if (block.timestamp <= availableAfter) revert RefundNotYetAvailable(uint32(availableAfter));
        }
        escrow.status = Status.Refunded;
        emit Refunded(orderId, escrow.user, escrow.inputAmount, attested);
        TokenTransfers.push(escrow.inputToken, escrow.user, escrow.inputAmount);
    }

    function fillAttestationDigest(bytes32 orderId, address solver, uint32 fillTime) public view returns (bytes32) {
        return _hashTypedDataV4(keccak256(abi.encode(FILL_ATTESTATION_TYPEHASH, orderId, solver, fillTime)));
    }

    function noFillAttestationDigest(bytes32 orderId) public view returns (bytes32) {
        return _hashTypedDataV4(keccak256(abi.encode(NO_FILL_ATTESTATION_TYPEHASH, orderId)));
    }

    // ---- admin: pausing stops new orders only ----

    function pause() external onlyOwner {
        _pause();
    }

    function unpause() external onlyOwner {
        _unpause();
    }

    // ---- internals ----

    function _resolve(OnchainCrossChainOrder calldata order, address user)
        internal
        view
        returns (ResolvedCrossChainOrder memory resolved, IntentOriginData memory data)
    {
        if (order.orderDataType != IntentTypes.ORDER_DATA_TYPEHASH) revert UnknownOrderDataType(order.orderDataType);
        IntentOrderData memory od = abi.decode(order.orderData, (IntentOrderData));
        if (od.inputAmount == 0 || od.outputAmount == 0) revert InvalidOrder("zero amount");
        if (od.recipient == address(0)) revert InvalidOrder("zero recipient");
        // Gas on arrival is a second, native output: for a native output it would only be a larger amount.
        if (od.gasAmount != 0 && od.outputToken == TokenTransfers.NATIVE) revert InvalidOrder("gas on a native output");
        if (od.destinationSettler == address(0)) revert InvalidOrder("zero destination settler");
        if (od.destinationChainId == block.chainid || od.destinationChainId == 0) {
            revert InvalidOrder("bad destination chain");
        }
        if (order.fillDeadline <= block.timestamp) revert InvalidOrder("fill deadline passed");
        if (od.expires <= order.fillDeadline) revert InvalidOrder("expires before fill deadline");
        if (od.expires - order.fillDeadline < minRefundDelay) revert InvalidOrder("refund delay too short");

        data = IntentOriginData({
            originChainId: block.chainid,
            originSettler: address(this),
            user: user,
            nonce: od.nonce,
            inputToken: od.inputToken,
            inputAmount: od.inputAmount,
            outputToken: od.outputToken,
            outputAmount: od.outputAmount,
            gasAmount: od.gasAmount,
            destinationChainId: od.destinationChainId,
            destinationSettler: od.destinationSettler,
            recipient: od.recipient,
            fillDeadline: order.fillDeadline,
            expires: od.expires
        });
        bytes memory originData = abi.encode(data);

        Output[] memory maxSpent = new Output[](od.gasAmount == 0 ? 1 : 2);
        maxSpent[0] = Output({
            token: IntentTypes.toBytes32(od.outputToken),
            amount: od.outputAmount,
            recipient: IntentTypes.toBytes32(od.recipient),
            chainId: od.destinationChainId
        });
        if (od.gasAmount != 0) {
            maxSpent[1] = Output({
                token: IntentTypes.toBytes32(TokenTransfers.NATIVE),
                amount: od.gasAmount,
                recipient: IntentTypes.toBytes32(od.recipient),
                chainId: od.destinationChainId
            });
        }
        Output[] memory minReceived = new Output[](1);
        minReceived[0] = Output({
            token: IntentTypes.toBytes32(od.inputToken),
            amount: od.inputAmount,
            recipient: bytes32(0), // the solver that fills
            chainId: block.chainid
        });
        FillInstruction[] memory instructions = new FillInstruction[](1);
        instructions[0] = FillInstruction({
            destinationChainId: od.destinationChainId,
            destinationSettler: IntentTypes.toBytes32(od.destinationSettler),
            originData: originData
        });
        resolved = ResolvedCrossChainOrder({
            user: user,
            originChainId: block.chainid,
            openDeadline: uint32(block.timestamp),
            fillDeadline: order.fillDeadline,
            orderId: IntentTypes.orderId(originData),
            maxSpent: maxSpent,
            minReceived: minReceived,
            fillInstructions: instructions
        });
    }
}
