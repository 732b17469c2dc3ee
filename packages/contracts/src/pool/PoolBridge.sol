// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {EIP712} from "@openzeppelin/contracts/utils/cryptography/EIP712.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Pausable} from "@openzeppelin/contracts/utils/Pausable.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";
import {DelayedAdmin} from "../admin/DelayedAdmin.sol";
import {SettlementGuard} from "../admin/SettlementGuard.sol";
import {IAttestationVerifier} from "../attestation/IAttestationVerifier.sol";
import {TokenTransfers} from "../utils/TokenTransfers.sol";

/// @notice Liquidity-pool bridge, one contract per chain. On the origin, `send` escrows the deposit;
/// on the destination, `release` pays the same token from the pool's liquidity against the
/// attester's release attestation, before a deadline. Back on the origin the deposit is either
/// finalized into liquidity (attested release) or refunded to its sender (attested non-release
/// after the deadline, or no attestation at all after `expires`) — never both.
/// `send` names the destination token and the least the recipient accepts, so no change of route or
/// fee between quote and send can deliver something else. Route and parameter changes wait behind
/// `adminDelay`; `expires` is at least `minRefundDelay` after the release deadline; the guardian can
/// pause releases, and hold finalize and attested refunds for `attestedHold` at most (the unattested refund
/// then moves later by the pause). Native coin is released with a fixed gas stipend, or wrapped when the
/// recipient refuses it: no recipient can make a release revert or make the relayer pay for its gas.
contract PoolBridge is EIP712, DelayedAdmin, SettlementGuard, Pausable, ReentrancyGuard {
    enum Status {
        None,
        Pending,
        Finalized,
        Refunded
    }

    struct Route {
        address remoteToken;
        address remotePool;
    }

    struct Deposit {
        address sender;
        address token;
        uint256 amount;
        uint32 deadline;
        uint32 expires;
        Status status;
        /// @dev pausedSeconds() when the deposit was made: the brake's time since then delays `expires`.
        uint64 pausedAtSend;
    }

    /// @notice What the destination pool pays out; signed by the attesters in the destination's domain.
    struct Release {
        bytes32 transferId;
        uint256 originChainId;
        address originPool;
        address token;
        address recipient;
        uint256 amount;
        uint32 deadline;
    }

    bytes32 public constant RELEASE_TYPEHASH = keccak256(
        "Release(bytes32 transferId,uint256 originChainId,address originPool,address token,address recipient,uint256 amount,uint32 deadline)"
    );
    bytes32 public constant RELEASED_TYPEHASH = keccak256("Released(bytes32 transferId)");
    bytes32 public constant NOT_RELEASED_TYPEHASH = keccak256("NotReleased(bytes32 transferId)");
    uint16 public constant MAX_FEE_BPS = 1000;

    IAttestationVerifier public immutable verifier;
    /// @notice The chain's wrapped native coin, paid to a recipient whose `receive` refuses the coin.
    address public immutable wrappedNative;
    /// @notice Least `refundDelay` any parameter change may set (a deployment parameter).
    uint32 public immutable minRefundDelay;
    uint16 public feeBps;
    uint32 public releaseWindow;
    uint32 public refundDelay;
    uint256 public depositNonce;

    mapping(uint256 chainId => mapping(address token => Route)) public routes;
    mapping(address token => uint256) public liquidity; // owned by the pool, free to release or withdraw
    mapping(address token => uint256) public escrowed; // pending deposits, owned by their senders
    mapping(bytes32 transferId => Deposit) public deposits;
    mapping(bytes32 transferId => bool) public released;

    event Sent(
        bytes32 indexed transferId,
        address indexed sender,
        address token,
        uint256 amount,
        uint256 destinationChainId,
        address destinationPool,
        address destinationToken,
        address recipient,
        uint256 amountOut,
        uint32 deadline,
        uint32 expires
    );
    event ReleasedOnDestination(bytes32 indexed transferId, address indexed recipient, address token, uint256 amount);
    event Finalized(bytes32 indexed transferId);
    event Refunded(bytes32 indexed transferId, address indexed sender, uint256 amount, bool attested);
    event RouteSet(uint256 indexed chainId, address indexed token, address remoteToken, address remotePool);
    event LiquidityChanged(address indexed token, int256 delta, uint256 liquidity);
    event ParametersSet(uint16 feeBps, uint32 releaseWindow, uint32 refundDelay);
    /// @notice The native coin of a release went out as `wrappedNative`: the recipient refused the coin itself.
    event PaidInWrappedNative(bytes32 indexed id, address indexed recipient, uint256 amount);

    error NoRoute(uint256 chainId, address token);
    error InvalidAmount();
    error ZeroAddress();
    error InvalidParameters();
    error AlreadyReleased(bytes32 transferId);
    error ReleaseDeadlinePassed(uint32 deadline);
    error InsufficientLiquidity(uint256 available, uint256 needed);
    error InvalidAttestation();
    error DepositNotPending(bytes32 transferId);
    error RefundNotYetAvailable(uint32 availableAfter);
    error DestinationTokenMismatch(address routeToken);
    error AmountOutTooLow(uint256 amountOut, uint256 minAmountOut);

    struct Settings {
        uint16 feeBps;
        uint32 releaseWindow;
        uint32 refundDelay;
        uint32 minRefundDelay;
        uint32 adminDelay;
        uint32 attestedHold;
    }

    constructor(
        IAttestationVerifier verifier_,
        address owner_,
        address guardian_,
        address wrappedNative_,
        Settings memory settings
    )
        EIP712("MultiBridge Pool", "1")
        Ownable(owner_)
        DelayedAdmin(settings.adminDelay)
        SettlementGuard(guardian_, settings.attestedHold)
    {
        if (address(verifier_) == address(0) || wrappedNative_ == address(0)) revert ZeroAddress();
        if (settings.minRefundDelay == 0) revert InvalidParameters();
        verifier = verifier_;
        wrappedNative = wrappedNative_;
        minRefundDelay = settings.minRefundDelay;
        _setParameters(settings.feeBps, settings.releaseWindow, settings.refundDelay);
    }

    // ---- origin side ----

    function quote(uint256 amount) public view returns (uint256 amountOut, uint256 fee) {
        fee = (amount * feeBps) / 10_000;
        amountOut = amount - fee;
    }

    /// @param destinationToken the token the sender was quoted on the destination (the route's).
    /// @param minAmountOut the least the recipient accepts after the fee.
    function send(
        address token,
        uint256 amount,
        uint256 destinationChainId,
        address recipient,
        address destinationToken,
        uint256 minAmountOut
    ) external payable nonReentrant whenNotPaused returns (bytes32 transferId) {
        Route memory route = routes[destinationChainId][token];
        if (route.remotePool == address(0)) revert NoRoute(destinationChainId, token);
        if (route.remoteToken != destinationToken) revert DestinationTokenMismatch(route.remoteToken);
        if (recipient == address(0)) revert ZeroAddress();
        (uint256 amountOut,) = quote(amount);
        if (amount == 0 || amountOut == 0) revert InvalidAmount();
        if (amountOut < minAmountOut) revert AmountOutTooLow(amountOut, minAmountOut);
        transferId = _escrow(token, amount, destinationChainId, route, recipient, amountOut);
        TokenTransfers.pullExact(token, msg.sender, amount);
    }

    /// @dev Records the deposit and announces it; the id binds every field the destination relies on.
    function _escrow(
        address token,
        uint256 amount,
        uint256 destinationChainId,
        Route memory route,
        address recipient,
        uint256 amountOut
    ) private returns (bytes32 transferId) {
        uint32 deadline = uint32(block.timestamp) + releaseWindow;
        uint32 expires = deadline + refundDelay;
        transferId = keccak256(
            abi.encode(
                block.chainid,
                address(this),
                depositNonce++,
                msg.sender,
                token,
                amount,
                destinationChainId,
                route.remotePool,
                route.remoteToken,
                recipient,
                amountOut,
                deadline
            )
        );
        deposits[transferId] = Deposit({
            sender: msg.sender,
            token: token,
            amount: amount,
            deadline: deadline,
            expires: expires,
            status: Status.Pending,
            pausedAtSend: pausedSeconds()
        });
        escrowed[token] += amount;
        emit Sent(
            transferId,
            msg.sender,
            token,
            amount,
            destinationChainId,
            route.remotePool,
            route.remoteToken,
            recipient,
            amountOut,
            deadline,
            expires
        );
    }

    /// @notice After an attested release on the destination, the deposit becomes pool liquidity. A brake holds it
    /// for `attestedHold` at most: a forged `Released` cannot take an honest sender's refund while the key is removed.
    function finalize(bytes32 transferId, bytes calldata signatures) external nonReentrant {
        Deposit storage deposit = deposits[transferId];
        if (deposit.status != Status.Pending) revert DepositNotPending(transferId);
        _requireAttestedNotHeld();
        if (!verifier.verify(releasedDigest(transferId), signatures)) revert InvalidAttestation();
        deposit.status = Status.Finalized;
        escrowed[deposit.token] -= deposit.amount;
        liquidity[deposit.token] += deposit.amount;
        emit Finalized(transferId);
    }

    /// @notice Returns a deposit that was not released: with a not-released attestation after the deadline
    /// (held by a brake for `attestedHold` at most), or with no attestation after `expires`, moved later by the
    /// time this pool was paused since the deposit (its finalize was held as long). Always paid to the sender.
    function refund(bytes32 transferId, bytes calldata signatures) external nonReentrant {
        Deposit storage deposit = deposits[transferId];
        if (deposit.status != Status.Pending) revert DepositNotPending(transferId);
        bool attested = signatures.length != 0;
        if (attested) {
            if (block.timestamp <= deposit.deadline) revert RefundNotYetAvailable(deposit.deadline);
            _requireAttestedNotHeld();
            if (!verifier.verify(notReleasedDigest(transferId), signatures)) revert InvalidAttestation();
        } else {
            uint256 availableAfter = _unattestedRefundAfter(deposit.expires, deposit.pausedAtSend);
            if (block.timestamp <= availableAfter) revert RefundNotYetAvailable(uint32(availableAfter));
        }
        deposit.status = Status.Refunded;
        escrowed[deposit.token] -= deposit.amount;
        emit Refunded(transferId, deposit.sender, deposit.amount, attested);
        TokenTransfers.push(deposit.token, deposit.sender, deposit.amount);
    }

    // ---- destination side ----

    function release(Release calldata r, bytes calldata signatures) external nonReentrant whenSettlementActive {
        if (released[r.transferId]) revert AlreadyReleased(r.transferId);
        if (block.timestamp > r.deadline) revert ReleaseDeadlinePassed(r.deadline);
        if (r.recipient == address(0)) revert ZeroAddress();
        uint256 available = liquidity[r.token];
        if (available < r.amount) revert InsufficientLiquidity(available, r.amount);
        if (!verifier.verify(releaseDigest(r), signatures)) revert InvalidAttestation();
        released[r.transferId] = true;
        liquidity[r.token] = available - r.amount;
        emit ReleasedOnDestination(r.transferId, r.recipient, r.token, r.amount);
        if (r.token != TokenTransfers.NATIVE) {
            TokenTransfers.push(r.token, r.recipient, r.amount);
        } else if (TokenTransfers.sendNativeOrWrap(r.recipient, r.amount, wrappedNative)) {
            emit PaidInWrappedNative(r.transferId, r.recipient, r.amount);
        }
    }

    // ---- digests ----

    function releaseDigest(Release calldata r) public view returns (bytes32) {
        return _hashTypedDataV4(
            keccak256(
                abi.encode(
                    RELEASE_TYPEHASH, r.transferId, r.originChainId, r.originPool, r.token, r.recipient, r.amount, r.deadline
                )
            )
        );
    }

    function releasedDigest(bytes32 transferId) public view returns (bytes32) {
        return _hashTypedDataV4(keccak256(abi.encode(RELEASED_TYPEHASH, transferId)));
    }

    function notReleasedDigest(bytes32 transferId) public view returns (bytes32) {
        return _hashTypedDataV4(keccak256(abi.encode(NOT_RELEASED_TYPEHASH, transferId)));
    }

    // ---- liquidity and admin ----

    /// @notice Anyone may add liquidity; it becomes the pool's.
    function addLiquidity(address token, uint256 amount) external payable nonReentrant {
        if (amount == 0) revert InvalidAmount();
        TokenTransfers.pullExact(token, msg.sender, amount);
        liquidity[token] += amount;
        emit LiquidityChanged(token, int256(amount), liquidity[token]);
    }

    /// @notice The owner withdraws free liquidity only; escrowed deposits are out of reach.
    function removeLiquidity(address token, uint256 amount, address to) external onlyOwner nonReentrant {
        if (to == address(0)) revert ZeroAddress();
        uint256 available = liquidity[token];
        if (available < amount) revert InsufficientLiquidity(available, amount);
        liquidity[token] = available - amount;
        emit LiquidityChanged(token, -int256(amount), liquidity[token]);
        TokenTransfers.push(token, to, amount);
    }

    /// @notice Announces a change of an existing route (or its removal, with zero addresses).
    function scheduleRoute(uint256 chainId, address token, address remoteToken, address remotePool)
        external
        onlyOwner
    {
        if (chainId == block.chainid) revert InvalidParameters();
        _scheduleChange(_routeChange(chainId, token, remoteToken, remotePool));
    }

    /// @notice Opens a new route at once; changing or removing an existing one needs it scheduled first.
    function setRoute(uint256 chainId, address token, address remoteToken, address remotePool) external onlyOwner {
        if (chainId == block.chainid) revert InvalidParameters();
        if (routes[chainId][token].remotePool != address(0)) {
            _consumeChange(_routeChange(chainId, token, remoteToken, remotePool));
        } else if (remotePool == address(0)) {
            revert InvalidParameters();
        }
        routes[chainId][token] = Route({remoteToken: remoteToken, remotePool: remotePool});
        emit RouteSet(chainId, token, remoteToken, remotePool);
    }

    /// @notice Announces new fee and windows; they can be applied with `setParameters` after `adminDelay`.
    function scheduleParameters(uint16 feeBps_, uint32 releaseWindow_, uint32 refundDelay_) external onlyOwner {
        _checkParameters(feeBps_, releaseWindow_, refundDelay_);
        _scheduleChange(abi.encode(keccak256("Parameters"), feeBps_, releaseWindow_, refundDelay_));
    }

    function setParameters(uint16 feeBps_, uint32 releaseWindow_, uint32 refundDelay_) external onlyOwner {
        _consumeChange(abi.encode(keccak256("Parameters"), feeBps_, releaseWindow_, refundDelay_));
        _setParameters(feeBps_, releaseWindow_, refundDelay_);
    }

    function pause() external onlyOwner {
        _pause();
    }

    function unpause() external onlyOwner {
        _unpause();
    }

    /// @dev Cancelling a scheduled route or parameter change only takes it away: the guardian may too.
    function _mayCancel(address account) internal view override returns (bool) {
        return account == owner() || account == guardian;
    }

    function _routeChange(uint256 chainId, address token, address remoteToken, address remotePool)
        private
        pure
        returns (bytes memory)
    {
        return abi.encode(keccak256("Route"), chainId, token, remoteToken, remotePool);
    }

    function _checkParameters(uint16 feeBps_, uint32 releaseWindow_, uint32 refundDelay_) private view {
        if (feeBps_ > MAX_FEE_BPS || releaseWindow_ == 0 || refundDelay_ < minRefundDelay) revert InvalidParameters();
    }

    function _setParameters(uint16 feeBps_, uint32 releaseWindow_, uint32 refundDelay_) internal {
        _checkParameters(feeBps_, releaseWindow_, refundDelay_);
        feeBps = feeBps_;
        releaseWindow = releaseWindow_;
        refundDelay = refundDelay_;
        emit ParametersSet(feeBps_, releaseWindow_, refundDelay_);
    }
}
