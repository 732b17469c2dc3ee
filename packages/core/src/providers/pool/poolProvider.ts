import { depositFromTuple, poolBridgeAbi, poolBridgeStatus } from '@multi-bridge/contracts'
import { type Address, type ContractEventArgsFromTopics, encodeFunctionData } from 'viem'
import { notReleasedTypes, poolDomain } from '../../protocols/pool.ts'
import { QuoteExpiredError } from '../../routes/routeErrors.ts'
import { escrowDepositPlan } from '../escrow/escrowDepositPlan.ts'
import type { EscrowProtocol } from '../escrow/escrowProtocol.ts'
import { createEscrowProvider } from '../escrow/escrowProvider.ts'
import { askService, attestersDown } from '../settlement.ts'
import type { CreateProvider } from '../types.ts'
import { decodePoolSend } from './poolCalldata.ts'
import { POOL_NAME, POOL_PROVIDER_ID } from './poolId.ts'
import { quotePool } from './poolQuote.ts'

/**
 * The devnet's liquidity-pool bridge: same token only, fee from the pool's on-chain parameters, the deposit
 * escrowed by the origin pool (`send`), released from the destination pool by the relayer after the attesters
 * confirm the deposit (`ReleasedOnDestination`), refunded with their not-released signatures.
 */
export const poolProtocol: EscrowProtocol = {
  id: POOL_PROVIDER_ID,
  name: POOL_NAME,
  contracts: { origin: 'poolBridge', destination: 'poolBridge' },
  origin: {
    abi: poolBridgeAbi,
    depositEvent: 'Sent',
    refundedEvent: 'Refunded',
    escrowView: 'deposits',
    ownerArg: 'sender',
  },
  destination: { abi: poolBridgeAbi, deliveredEvent: 'ReleasedOnDestination' },
  idArg: 'transferId',
  status: { none: poolBridgeStatus.None, open: poolBridgeStatus.Pending, refunded: poolBridgeStatus.Refunded },
  attestation: {
    path: '/v1/transfers/',
    notDelivered: 'not-released',
    statement: { domain: poolDomain, types: notReleasedTypes, primaryType: 'NotReleased', idField: 'transferId' },
  },
  deadlineKey: 'deadline',
  // The pool computes the output from its fee when the deposit is sent.
  outputFixedAtQuote: false,
  // The relayer is asked only why a release is late: the attesters are all the pool needs.
  isServed: () => true,

  readDeposit: (args: ContractEventArgsFromTopics<typeof poolBridgeAbi, 'Sent'>) => ({
    id: args.transferId,
    owner: args.sender,
    recipient: args.recipient,
    inputToken: args.token,
    inputAmount: args.amount,
    destinationChainId: args.destinationChainId,
    outputToken: args.destinationToken,
    outputAmount: args.amountOut,
    gasAmount: 0n,
    deadline: args.deadline,
    expires: args.expires,
  }),
  readDelivery: (args: ContractEventArgsFromTopics<typeof poolBridgeAbi, 'ReleasedOnDestination'>) => ({
    amount: args.amount,
  }),
  readEscrow(answer) {
    const deposit = depositFromTuple(answer as Parameters<typeof depositFromTuple>[0])
    return { status: deposit.status, expires: deposit.expires, pausedAtDeposit: deposit.pausedAtSend }
  },

  quote: quotePool,

  async planDeposit(route, { contracts }) {
    const { request } = route
    if (Date.now() >= route.expiresAt) throw new QuoteExpiredError()
    const pool = contracts(request.origin.chainId).origin as Address
    return escrowDepositPlan(request, {
      to: pool,
      data: encodeFunctionData({
        abi: poolBridgeAbi,
        functionName: 'send',
        // The pool refuses the deposit if its route or fee changed since the quote.
        args: [
          request.origin.address,
          request.amount,
          BigInt(request.destination.chainId),
          request.recipient,
          request.destination.address,
          route.minOutputAmount,
        ],
      }),
    })
  },

  decodeDeposit: (transaction, route) => decodePoolSend(transaction, route),

  /**
   * Why an overdue transfer is not released yet, from the bridge's services: too few attesters (whose signatures
   * the release needs) or the relayer do not answer, or the relayer declined it (it will be refundable).
   */
  async overdueWord(record, { manifest, attesters }) {
    const relayerUrl = manifest.services.relayer?.url
    const [attesterDown, relayer] = await Promise.all([
      attestersDown(attesters, `/v1/transfers/${record.id}`),
      relayerUrl ? askService({ url: `${relayerUrl}/v1/transfers/${record.id}` }) : undefined,
    ])
    if (attesterDown) return { type: 'pending', statusDetail: 'ATTESTER_NOT_AVAILABLE' }
    if (relayer === 'unreachable') return { type: 'pending', statusDetail: 'RELAYER_NOT_AVAILABLE' }
    if (relayer?.status === 'declined') return { type: 'pending', statusDetail: 'RELAYER_DECLINED' }
    return { type: 'pending' }
  },
}

export const createPoolProvider: CreateProvider = (context) => createEscrowProvider(poolProtocol, context)
