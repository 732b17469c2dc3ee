import type { Address, Hex } from 'viem'
import { lifiFixtures } from '../fixtures/index.ts'
import { cannedBlock, cannedReceipt, jsonRpcHandler, type ReplayRoutes, transferLog } from './replayServer.ts'

/** A delivery on the destination chain: the transaction and the ERC-20 transfer it made. */
export type CannedDelivery = { hash: Hex; token: Address; to: Address; amount: bigint; timestamp: number }

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
        return cannedReceipt(delivery.hash, blockOf(index), { to: delivery.token, from: SOLVER, logs })
      },
      eth_getBlockByNumber: ([number]) => {
        const index = deliveries.findIndex((_, i) => `0x${blockOf(i).toString(16)}` === number)
        const delivery = deliveries[index]
        return delivery ? cannedBlock(blockOf(index), delivery.timestamp) : null
      },
    }),
  }
}
