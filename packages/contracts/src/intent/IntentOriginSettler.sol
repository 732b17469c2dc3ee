// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {EIP712} from "@openzeppelin/contracts/utils/cryptography/EIP712.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Pausable} from "@openzeppelin/contracts/utils/Pausable.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
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

/// @notice The EIP-3009 transfer a gasless order's input is pulled with (USDC v2.2's `bytes` signature form).
interface IReceiveWithAuthorization {
    function authorizationState(address authorizer, bytes32 nonce) external view returns (bool);

    function receiveWithAuthorization(
        address from,
        address to,
        uint256 value,
        uint256 validAfter,
        uint256 validBefore,
        bytes32 nonce,
        bytes memory signature
    ) external;
}

/// @notice ERC-7683 origin settler: escrows the user's input, repays the solver against a fill
/// attestation, or refunds the user (with a no-fill attestation after the fill deadline, or with
/// none after `expires`). Each order ends in exactly one of Claimed or Refunded.
/// `expires` is at least `minRefundDelay` after the fill deadline: the unattested refund is an escape
/// hatch for a dead attester, never a race against a solver whose fill is still being attested.
/// A gasless order (`openFor`) takes one signature from its user: an EIP-3009 ReceiveWithAuthorization of the input
/// to this settler whose nonce is the order's EIP-712 hash here, so it pays for that order only, once, on this chain
/// and settler, before the open deadline; from there it is escrowed and settled exactly as an `open`.
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
    /// @notice EIP-712 type of a gasless order, its `orderData` as the nested IntentOrderData it decodes to.
    bytes32 public constant GASLESS_ORDER_TYPEHASH = keccak256(
        "GaslessCrossChainOrder(address originSettler,address user,uint256 nonce,uint256 originChainId,uint32 openDeadline,uint32 fillDeadline,bytes32 orderDataType,IntentOrderData orderData)IntentOrderData(address inputToken,uint256 inputAmount,address outputToken,uint256 outputAmount,uint256 gasAmount,uint256 destinationChainId,address destinationSettler,address recipient,uint256 nonce,uint32 expires)"
    );

    IAttestationVerifier public immutable verifier;
    /// @notice Smallest gap between an order's fill deadline and its `expires` (a deployment parameter:
    /// days in production, long enough for the services' worst case on a devnet).
    uint32 public immutable minRefundDelay;
    mapping(bytes32 orderId => Escrow) public escrows;
    mapping(address user => mapping(uint256 nonce => bool)) public nonceUsed;

    event Claimed(bytes32 indexed orderId, address indexed solver, uint256 amount, uint32 fillTime);
    event Refunded(bytes32 indexed orderId, address indexed user, uint256 amount, bool attested);
    event NonceCancelled(address indexed user, uint256 nonce);

    error UnknownOrderDataType(bytes32 orderDataType);
    error WrongOriginSettler(address originSettler);
    error WrongOriginChain(uint256 originChainId);
    error OpenDeadlinePassed(uint32 openDeadline);
    error NonceMismatch(uint256 orderNonce, uint256 orderDataNonce);
    /// @notice The input token has no EIP-3009 transfer by authorization: open it with an approval and `open`.
    error TokenWithoutAuthorization(address token);
    error AuthorizationAlreadyUsed(address user, bytes32 nonce);
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
        _escrow(resolved.orderId, data);
        TokenTransfers.pullExact(data.inputToken, msg.sender, data.inputAmount);
        emit Open(resolved.orderId, resolved);
    }

    function resolve(OnchainCrossChainOrder calldata order) external view returns (ResolvedCrossChainOrder memory) {
        (ResolvedCrossChainOrder memory resolved,) = _resolve(order, msg.sender);
        return resolved;
    }

    /// @notice Opens `order` for its user, who signed only `signature`: an EIP-3009 ReceiveWithAuthorization
    /// {from: user, to: this settler, value: inputAmount, validAfter: 0, validBefore: openDeadline,
    /// nonce: gaslessOrderHash(order)}. Anyone may submit it (the solver does, paying the gas); the same order opens
    /// once. `originFillerData` is not used.
    function openFor(GaslessCrossChainOrder calldata order, bytes calldata signature, bytes calldata)
        external
        nonReentrant
        whenNotPaused
    {
        (ResolvedCrossChainOrder memory resolved, IntentOriginData memory data) = _resolveGasless(order);
        _escrow(resolved.orderId, data);
        _pullWithAuthorization(data, order.openDeadline, gaslessOrderHash(order), signature);
        emit Open(resolved.orderId, resolved);
    }

    function resolveFor(GaslessCrossChainOrder calldata order, bytes calldata)
        external
        view
        returns (ResolvedCrossChainOrder memory resolved)
    {
        (resolved,) = _resolveGasless(order);
    }

    /// @notice The EIP-712 hash of a gasless order in this settler's domain: the nonce of its user's authorization.
    function gaslessOrderHash(GaslessCrossChainOrder calldata order) public view returns (bytes32) {
        IntentOrderData memory od = abi.decode(order.orderData, (IntentOrderData));
        bytes32 orderDataHash = keccak256(abi.encode(IntentTypes.ORDER_DATA_TYPEHASH, od));
        return _hashTypedDataV4(
            keccak256(
                abi.encode(
                    GASLESS_ORDER_TYPEHASH,
                    order.originSettler,
                    order.user,
                    order.nonce,
                    order.originChainId,
                    order.openDeadline,
                    order.fillDeadline,
                    order.orderDataType,
                    orderDataHash
                )
            )
        );
    }

    /// @notice Uses up one of the caller's order nonces, so a gasless order signed with it can never be opened.
    function cancelNonce(uint256 nonce) external {
        if (nonceUsed[msg.sender][nonce]) revert NonceAlreadyUsed(msg.sender, nonce);
        nonceUsed[msg.sender][nonce] = true;
        emit NonceCancelled(msg.sender, nonce);
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

    /// @dev The one escrow of both ways to open: the user's nonce used once, the order recorded Open.
    function _escrow(bytes32 orderId, IntentOriginData memory data) internal {
        if (nonceUsed[data.user][data.nonce]) revert NonceAlreadyUsed(data.user, data.nonce);
        nonceUsed[data.user][data.nonce] = true;
        escrows[orderId] = Escrow({
            user: data.user,
            inputToken: data.inputToken,
            inputAmount: data.inputAmount,
            fillDeadline: data.fillDeadline,
            expires: data.expires,
            status: Status.Open,
            pausedAtOpen: pausedSeconds()
        });
    }

    /// @dev A gasless order resolved as `open` resolves it for its user, once it names this settler and chain and its
    /// open deadline is ahead (the token's authorization is valid strictly before it, so the settler checks the same).
    function _resolveGasless(GaslessCrossChainOrder calldata order)
        internal
        view
        returns (ResolvedCrossChainOrder memory resolved, IntentOriginData memory data)
    {
        if (order.originSettler != address(this)) revert WrongOriginSettler(order.originSettler);
        if (order.originChainId != block.chainid) revert WrongOriginChain(order.originChainId);
        if (block.timestamp >= order.openDeadline) revert OpenDeadlinePassed(order.openDeadline);
        if (order.user == address(0)) revert ZeroAddress();
        OnchainCrossChainOrder memory onchain = OnchainCrossChainOrder({
            fillDeadline: order.fillDeadline,
            orderDataType: order.orderDataType,
            orderData: order.orderData
        });
        (resolved, data) = _resolve(onchain, order.user);
        if (data.nonce != order.nonce) revert NonceMismatch(order.nonce, data.nonce);
        resolved.openDeadline = order.openDeadline;
    }

    /// @dev Takes exactly the order's input from its user with their EIP-3009 authorization. Only this settler can
    /// submit a ReceiveWithAuthorization naming it, and only through `openFor` of the order the nonce hashes.
    function _pullWithAuthorization(
        IntentOriginData memory data,
        uint32 validBefore,
        bytes32 nonce,
        bytes calldata signature
    ) internal {
        address token = data.inputToken;
        (bool ok, bytes memory answer) =
            token.staticcall(abi.encodeCall(IReceiveWithAuthorization.authorizationState, (data.user, nonce)));
        if (!ok || answer.length != 32) revert TokenWithoutAuthorization(token);
        if (abi.decode(answer, (bool))) revert AuthorizationAlreadyUsed(data.user, nonce);
        uint256 before = IERC20(token).balanceOf(address(this));
        IReceiveWithAuthorization(token).receiveWithAuthorization(
            data.user, address(this), data.inputAmount, 0, validBefore, nonce, signature
        );
        uint256 received = IERC20(token).balanceOf(address(this)) - before;
        if (received != data.inputAmount) revert TokenTransfers.AmountReceivedMismatch(data.inputAmount, received);
    }

    function _resolve(OnchainCrossChainOrder memory order, address user)
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
