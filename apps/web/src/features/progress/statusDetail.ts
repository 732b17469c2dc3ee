import {
  ChainUnreachableError,
  DELIVERY_STATUS_WORDING,
  handedOver,
  providerModule,
  type SwapRecord,
  type TrackProblem,
} from '@multi-bridge/core'
import { useTranslation } from 'react-i18next'

/** What to say about a swap's status detail: a catalogued sentence (`key`), or the provider's raw code. */
export type StatusDetailText = { key: string } | { raw: string }

/** What the status detail is read from. */
type DetailOf = Pick<SwapRecord, 'statusDetail' | 'status' | 'providerId'> &
  Partial<Pick<SwapRecord, 'depositTx' | 'data'>>

/** What a Safe's proposal waits for, in words (it is never a failure: the other owners may sign days later). */
export const WAITING_FOR_OWNERS = "Waiting for the Safe's other owners to sign and execute it"

/** The solver's words on an order it has not filled: not its fault while a chain of the swap does not answer. */
const SOLVER_WORDS = new Set(['SOLVER_DECLINED', 'SOLVER_NOT_AVAILABLE'])

/**
 * The provider's detail when it gave one; else, for a swap refunded to the person, that it was (SPEC §5 shows it
 * as Failed, so the note tells the two failures apart); for a Safe's proposal that other owners must sign, that it
 * waits for them. While a chain of the swap does not answer (`problem`), a swap under way is not said to be the
 * solver's doing: the chain that is down is named beside it (History's row, the dialog's notice).
 */
export function statusDetailText(record: DetailOf, problem?: TrackProblem): StatusDetailText | undefined {
  const batch = handedOver(record)
  if (batch?.kind === 'calls' && (batch.signaturesNeeded ?? 0) > 1) return { key: WAITING_FOR_OWNERS }
  const detail = record.statusDetail?.trim()
  const chainDown = problem?.error instanceof ChainUnreachableError
  if (chainDown && record.status === 'deposited' && detail && SOLVER_WORDS.has(detail)) return undefined
  if (!detail) return record.status === 'refunded' ? { key: 'Refunded' } : undefined
  // Each provider's words come from its module (`providers/<id>/module.ts` in core).
  const wording = { ...DELIVERY_STATUS_WORDING, ...providerModule(record.providerId)?.statusWording }
  const key = Object.hasOwn(wording, detail) ? wording[detail as keyof typeof wording] : undefined
  return key ? { key } : { raw: detail }
}

/** The status detail of a swap in the person's language (the raw code when it is not a known one). */
export function useStatusDetail(): (record: DetailOf, problem?: TrackProblem) => string | undefined {
  const { t } = useTranslation()
  return (record, problem) => {
    const text = statusDetailText(record, problem)
    return text && ('key' in text ? t(text.key) : text.raw)
  }
}
