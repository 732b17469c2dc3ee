import {
  escrowFromTuple,
  intentDestinationSettlerAbi,
  intentOriginSettlerAbi,
  intentOriginSettlerStatus,
} from '@multi-bridge/contracts'
import type { ContractEventArgsFromTopics } from 'viem'
import { decodeIntentOriginData, intentSettlerDomain, noFillAttestationTypes } from '../../protocols/intent.ts'
import type { EscrowProtocol } from '../escrow/escrowProtocol.ts'
import { createEscrowProvider } from '../escrow/escrowProvider.ts'
import { askService } from '../settlement.ts'
import type { CreateProvider } from '../types.ts'
import { decodeIntentOpen } from './intentCalldata.ts'
import { planIntentDeposit } from './intentDeposit.ts'
import { gaslessIntentRoute, planGaslessIntent } from './intentGasless.ts'
import { INTENT_NAME, INTENT_PROVIDER_ID } from './intentId.ts'
import { quoteIntent } from './intentQuote.ts'

/** The solver's words, once a swap is overdue, for why it is not filled (`statusDetail`, worded in the module). */
const SOLVER_WORDS: Record<string, string> = {
  declined: 'SOLVER_DECLINED',
  missed: 'SOLVER_DECLINED',
  lost: 'SOLVER_DECLINED',
}

/**
 * The devnet's ERC-7683 intent bridge: quotes from the solver's RFQ API, escrow on the origin settler (`open`),
 * delivery by the solver on the destination settler (`Filled`), refund with the attesters' no-fill signatures
 * (2 of 3 on the devnet).
 */
export const intentProtocol: EscrowProtocol = {
  id: INTENT_PROVIDER_ID,
  name: INTENT_NAME,
  contracts: { origin: 'intentOriginSettler', destination: 'intentDestinationSettler' },
  origin: { abi: intentOriginSettlerAbi, depositEvent: 'Open', refundedEvent: 'Refunded', escrowView: 'escrows' },
  destination: { abi: intentDestinationSettlerAbi, deliveredEvent: 'Filled' },
  idArg: 'orderId',
  status: {
    none: intentOriginSettlerStatus.None,
    open: intentOriginSettlerStatus.Open,
    refunded: intentOriginSettlerStatus.Refunded,
  },
  attestation: {
    path: '/v1/intents/',
    notDelivered: 'not-filled',
    statement: {
      domain: intentSettlerDomain,
      types: noFillAttestationTypes,
      primaryType: 'NoFillAttestation',
      idField: 'orderId',
    },
  },
  deadlineKey: 'fillDeadline',
  outputFixedAtQuote: true,
  isServed: (manifest) => Boolean(manifest.services.solver?.url),

  // The order's terms travel in its origin data: the `Open` event's resolved order carries them.
  readDeposit(args: ContractEventArgsFromTopics<typeof intentOriginSettlerAbi, 'Open'>) {
    const data = decodeIntentOriginData(args.resolvedOrder.fillInstructions[0]?.originData ?? '0x')
    return {
      id: args.orderId,
      owner: data.user,
      recipient: data.recipient,
      inputToken: data.inputToken,
      inputAmount: data.inputAmount,
      destinationChainId: data.destinationChainId,
      outputToken: data.outputToken,
      outputAmount: data.outputAmount,
      gasAmount: data.gasAmount,
      deadline: data.fillDeadline,
      expires: data.expires,
    }
  },
  readDelivery: (args: ContractEventArgsFromTopics<typeof intentDestinationSettlerAbi, 'Filled'>) => ({
    amount: args.outputAmount,
    gasAmount: args.gasAmount,
  }),
  readEscrow(answer) {
    const escrow = escrowFromTuple(answer as Parameters<typeof escrowFromTuple>[0])
    return { status: escrow.status, expires: escrow.expires, pausedAtDeposit: escrow.pausedAtOpen }
  },

  quote: quoteIntent,
  variants: (route, context) => {
    const gasless = gaslessIntentRoute(route, context)
    return gasless ? [gasless] : []
  },
  planDeposit: (route, context) =>
    route.gasless ? planGaslessIntent(route, context) : planIntentDeposit(route, context),
  decodeDeposit: (transaction, route, { contracts }) =>
    decodeIntentOpen(transaction, route, (chainId) => contracts(chainId).destination),

  /** The solver's word on an overdue order that is still not filled: it declined it, or it does not answer. */
  async overdueWord(record, { manifest }) {
    const answer = await askService({ url: `${manifest.services.solver?.url}/v1/orders/${record.id}` })
    if (answer === 'unreachable') return { type: 'pending', statusDetail: 'SOLVER_NOT_AVAILABLE' }
    const word = answer?.status === undefined ? undefined : SOLVER_WORDS[answer.status]
    return word ? { type: 'pending', statusDetail: word } : { type: 'pending' }
  },
}

export const createIntentProvider: CreateProvider = (context) => createEscrowProvider(intentProtocol, context)
