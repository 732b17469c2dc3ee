import type { Address, Hex } from 'viem'
import { lifiFixtures } from '../fixtures/index.ts'
import {
  BASE_SPOKE_POOL,
  FIXTURE_ACROSS_DEPOSIT_ID,
  FIXTURE_RELAY_ORDER_ID,
  filledRelayLog,
  namingOrder,
} from './bridgeLogs.ts'
import {
  cannedBlock,
  cannedReceipt,
  cannedTransaction,
  jsonRpcHandler,
  type ReplayRoutes,
  transferLog,
} from './replayServer.ts'

/**
 * A delivery on the destination chain: the transaction and the ERC-20 transfer it made. Unless `unbound`, it is the
 * fixtures' deposit's own fill as each provider's contract shows it: Across's SpokePool's `FilledRelay` naming the
 * deposit (its id, from Arbitrum) beside the transfer, and calldata ending with the fixtures' Relay order (as Relay's
 * solver appends it). `unbound`: a payment to the person that is no fill of that deposit.
 */
export type CannedDelivery = {
  hash: Hex
  token: Address
  to: Address
  amount: bigint
  timestamp: number
  unbound?: boolean
}

/** LI.FI's delivery of the status fixtures (status-done.json's receiving side), as Base would show it. */
export const LIFI_DELIVERY: CannedDelivery = {
  hash: lifiFixtures.statusDone.receiving.txHash as Hex,
  token: lifiFixtures.statusDone.receiving.token.address as Address,
  to: lifiFixtures.statusDone.toAddress as Address,
  amount: BigInt(lifiFixtures.statusDone.receiving.amount),
  timestamp: lifiFixtures.statusDone.receiving.timestamp,
}

const DELIVERY_BLOCK = 24_500_100n

/** Relay's solver, the sender of the delivery (as in LI.FI's published Relay calls). */
const SOLVER = '0xf70da97812CB96acDF810712Aa562db8dfA3dbEF'

/**
 * Base's JSON-RPC (`POST /rpc/8453` of the production testbed) knowing these deliveries and nothing else: a
 * provider's "delivered" is confirmed only by a receipt there (`confirmDelivery`).
 */
export function baseWithDeliveries(deliveries: CannedDelivery[]): ReplayRoutes {
  const find = (hash: unknown) => deliveries.findIndex((delivery) => delivery.hash === hash)
  const blockOf = (index: number) => DELIVERY_BLOCK + BigInt(index)
  return {
    'POST /rpc/8453': jsonRpcHandler({
      eth_chainId: () => '0x2105',
      eth_getCode: () => '0x',
      eth_getTransactionReceipt: ([hash]) => {
        const index = find(hash)
        const delivery = deliveries[index]
        if (!delivery) return null
        const logs = [transferLog(delivery.token, SOLVER, delivery.to, delivery.amount)]
        if (!delivery.unbound) {
          const fill = { depositId: FIXTURE_ACROSS_DEPOSIT_ID, outputToken: delivery.token }
          logs.push(filledRelayLog(delivery.to, delivery.amount, BASE_SPOKE_POOL, fill))
        }
        return cannedReceipt(delivery.hash, blockOf(index), { to: delivery.token, from: SOLVER, logs })
      },
      eth_getTransactionByHash: ([hash]) => {
        const index = find(hash)
        const delivery = deliveries[index]
        if (!delivery) return null
        const input = delivery.unbound ? '0x' : namingOrder(FIXTURE_RELAY_ORDER_ID)
        const parameters = {
          from: SOLVER,
          to: delivery.token,
          nonce: index,
          chainId: 8453,
          blockNumber: blockOf(index),
        }
        return cannedTransaction(delivery.hash, { ...parameters, input, value: 0n })
      },
      eth_getBlockByNumber: ([number]) => {
        const index = deliveries.findIndex((_, i) => `0x${blockOf(i).toString(16)}` === number)
        const delivery = deliveries[index]
        return delivery ? cannedBlock(blockOf(index), delivery.timestamp) : null
      },
    }),
  }
}
