import {
  ChainUnreachableError,
  isUnreachable,
  ServiceUnreachableError,
  type SwapRecord,
  type TrackProblem,
} from '@multi-bridge/core'
import { useTranslation } from 'react-i18next'
import { useDurationText } from '../../lib/durationText.ts'
import type { UserMessage } from '../../lib/errorMessages.ts'
import { useTrackProblem } from '../../lib/swapClient.tsx'
import { elapsedAgainstEstimate, isApiDown, trackerFinding } from '../history/index.ts'

/** What the dialog says about a chain or service that does not answer: who, and what it means for the swap. */
export function problemExplanation(problem: TrackProblem | undefined, providerName: string): UserMessage | undefined {
  if (!problem) return undefined
  const { error } = problem
  if (error instanceof ChainUnreachableError) {
    return {
      message:
        "{{network}} is not answering, so this swap can't be checked there. The transfer goes on by itself; this page updates as soon as the network answers.",
      values: { network: error.chainName },
    }
  }
  if (error instanceof ServiceUnreachableError) {
    return {
      message: {
        solver: "The bridge's solver is not answering; the transfer will continue when it is back.",
        attester: "The bridge's attester is not answering; the transfer will continue when it is back.",
        relayer: "The bridge's relayer is not answering; the transfer will continue when it is back.",
      }[error.service],
    }
  }
  // A bridge not run here, a deposit not mined: what the tracker found, said from its first look, as it is.
  const said = trackerFinding(error)
  if (said) return said
  if (isUnreachable(error) || problem.failures < 2) return undefined
  if (isApiDown(error)) {
    return {
      message:
        "{{provider}} is not answering, so this swap can't be checked with it. The transfer goes on by itself; this page updates as soon as it answers.",
      values: { provider: providerName },
    }
  }
  return { message: "This swap couldn't be checked just now; trying again." }
}

/**
 * Stuck is told: a swap well past its route's estimate says so, with how long against how long it usually takes,
 * and a chain or service that does not answer is named (the tracker's failing looks) instead of a silent spinner.
 */
export function StuckNotice({ record, now }: { record: SwapRecord; now: number }) {
  const { t } = useTranslation()
  const duration = useDurationText()
  const problem = problemExplanation(useTrackProblem(record.key), record.providerName)
  const timing = elapsedAgainstEstimate(record, now)
  const late = timing?.late === true
  if (!problem && !late) return null
  return (
    <div className="stuck-notice" role="status" data-testid="stuck-notice">
      {late && timing && (
        <p className="stuck-notice-title" data-testid="taking-longer">
          {t('Taking longer than usual: {{elapsed}} so far, usually about {{expected}}.', {
            elapsed: duration(timing.elapsed),
            expected: duration(timing.expected),
          })}
        </p>
      )}
      {problem && <p data-testid="unreachable">{t(problem.message, problem.values)}</p>}
    </div>
  )
}
