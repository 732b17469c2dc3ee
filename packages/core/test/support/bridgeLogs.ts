import { type Address, encodeAbiParameters, encodeEventTopics, type Hex, pad, parseAbi } from 'viem'
import { acrossFixtures } from '../fixtures/index.ts'
import type { CannedLog } from './replayServer.ts'

/**
 * The logs the bridges' contracts leave, as the canned chains show them (test data only): Across's SpokePool
 * `FundsDeposited` (a deposit, on the origin) and `FilledRelay` (its fill, on the destination), from
 * across-protocol/contracts `V3SpokePoolInterface`; Relay's depository `RelayErc20Deposit` (relayprotocol/relay-depository
 * `RelayDepository.sol`). What ties a delivery or a refund to its deposit is read from them (`deliveryCheck.ts`).
 */

/** Across's SpokePools of the production config (across-protocol/contracts deployments) and Base's WETH. */
export const ARBITRUM_SPOKE_POOL: Address = '0xe35e9842fceaCA96570B734083f4a58e8F7C5f2A'
export const BASE_SPOKE_POOL: Address = '0x09aea4b2242abC8bb4BB78D537A67a245A7bEC64'
const ARBITRUM_WETH: Address = '0x82aF49447D8a07e3bd95BD0d56f35241523fBab1'
const BASE_WETH: Address = '0x4200000000000000000000000000000000000006'
const FILL_RELAYER: Address = '0x07ae8551be970cb1cca11dd7a11f47ae82e70e67'
const ZERO_WORD = `0x${'0'.repeat(64)}` as Hex

/** Across's id of the fixtures' deposit (deposit-status-filled.json, deposits.json): its fill names it. */
export const FIXTURE_ACROSS_DEPOSIT_ID = BigInt(acrossFixtures.statusFilled.depositId)
/** The Relay order the fixtures' deposit names (made up): Relay's fills and refunds of it end their calldata with it. */
export const FIXTURE_RELAY_ORDER_ID = `0x${'0d'.repeat(32)}` as Hex

const word = (address: Address) => pad(address.toLowerCase() as Address, { size: 32 })

const [fundsDeposited] = parseAbi([
  'event FundsDeposited(bytes32 inputToken, bytes32 outputToken, uint256 inputAmount, uint256 outputAmount, uint256 indexed destinationChainId, uint256 indexed depositId, uint32 quoteTimestamp, uint32 fillDeadline, uint32 exclusivityDeadline, bytes32 indexed depositor, bytes32 recipient, bytes32 exclusiveRelayer, bytes message)',
])
const [filledRelay] = parseAbi([
  'event FilledRelay(bytes32 inputToken, bytes32 outputToken, uint256 inputAmount, uint256 outputAmount, uint256 repaymentChainId, uint256 indexed originChainId, uint256 indexed depositId, uint32 fillDeadline, uint32 exclusivityDeadline, bytes32 exclusiveRelayer, bytes32 indexed relayer, bytes32 depositor, bytes32 recipient, bytes32 messageHash, (bytes32 updatedRecipient, bytes32 updatedMessageHash, uint256 updatedOutputAmount, uint8 fillType) relayExecutionInfo)',
])
const [relayErc20Deposit] = parseAbi([
  'event RelayErc20Deposit(address from, address token, uint256 amount, bytes32 id)',
])

/** A deposit into an Across SpokePool (`spokePool`, Arbitrum's by default), as its `FundsDeposited` log. */
export function fundsDepositedLog(deposit: {
  depositId: bigint
  destinationChainId: number
  inputToken: Address
  inputAmount: bigint
  outputToken: Address
  outputAmount: bigint
  depositor: Address
  recipient: Address
  spokePool?: Address
}): CannedLog {
  const topics = encodeEventTopics({
    abi: [fundsDeposited],
    eventName: 'FundsDeposited',
    args: {
      destinationChainId: BigInt(deposit.destinationChainId),
      depositId: deposit.depositId,
      depositor: word(deposit.depositor),
    },
  })
  const data = encodeAbiParameters(
    fundsDeposited.inputs.filter((input) => !('indexed' in input && input.indexed)),
    [
      word(deposit.inputToken),
      word(deposit.outputToken),
      deposit.inputAmount,
      deposit.outputAmount,
      1_735_689_600,
      1_735_790_000,
      0,
      word(deposit.recipient),
      ZERO_WORD,
      '0x',
    ],
  )
  return { address: (deposit.spokePool ?? ARBITRUM_SPOKE_POOL).toLowerCase(), topics: topics as string[], data }
}

/**
 * Across's `FilledRelay`: the destination SpokePool (Base's, or `spokePool`: another contract posing as one) paid
 * `recipient` `amount` of `fill.outputToken` (WETH by default: a fill to a wallet leaves no token log then, the ETH
 * moving inside the SpokePool) for deposit `fill.depositId` from `fill.originChainId` (Arbitrum).
 */
export function filledRelayLog(
  recipient: Address,
  amount: bigint,
  spokePool: Address = BASE_SPOKE_POOL,
  fill: { depositId?: bigint; originChainId?: number; outputToken?: Address; inputToken?: Address } = {},
): CannedLog {
  const topics = encodeEventTopics({
    abi: [filledRelay],
    eventName: 'FilledRelay',
    args: {
      originChainId: BigInt(fill.originChainId ?? 42161),
      depositId: fill.depositId ?? 2_940_600n,
      relayer: word(FILL_RELAYER),
    },
  })
  const data = encodeAbiParameters(
    filledRelay.inputs.filter((input) => !('indexed' in input && input.indexed)),
    [
      word(fill.inputToken ?? ARBITRUM_WETH),
      word(fill.outputToken ?? BASE_WETH),
      1_000_000_000_000_000_000n,
      amount,
      42161n,
      1_735_790_000,
      0,
      ZERO_WORD,
      word(recipient),
      word(recipient),
      ZERO_WORD,
      { updatedRecipient: word(recipient), updatedMessageHash: ZERO_WORD, updatedOutputAmount: amount, fillType: 0 },
    ],
  )
  return { address: spokePool.toLowerCase(), topics: topics as string[], data }
}

/** A deposit into Relay's depository under order `id`, as its `RelayErc20Deposit` log (no indexed argument). */
export function relayErc20DepositLog(
  depository: Address,
  deposit: { from: Address; token: Address; amount: bigint; id: Hex },
): CannedLog {
  const topics = encodeEventTopics({ abi: [relayErc20Deposit], eventName: 'RelayErc20Deposit' })
  const data = encodeAbiParameters(relayErc20Deposit.inputs, [deposit.from, deposit.token, deposit.amount, deposit.id])
  return { address: depository.toLowerCase(), topics: topics as string[], data }
}

/** Calldata that ends with an order id, as Relay's solver appends it to its fills and refunds (its oracle checks it). */
export const namingOrder = (id: Hex, call: Hex = '0x') => `${call}${id.slice(2)}` as Hex
