import type { SwapRecord } from '@multi-bridge/core'
import { useTranslation } from 'react-i18next'
import { elapsedAgainstEstimate, problemText, refundReason } from '../../features/history/index.ts'
import { useDurationText } from '../../lib/durationText.ts'
import { useChainTime, useTrackProblem } from '../../lib/swapClient.tsx'

/**
 * What a History row says beyond its status: why a refund waits for the person, that a swap takes longer than
 * its route's estimate (and how long), and which chain or service does not answer.
 */
export function SwapRowNotes({ swap, now }: { swap: SwapRecord; now: number }) {
  const { t } = useTranslation()
  const problem = problemText(useTrackProblem(swap.key), swap.providerName)
  const reason = refundReason(swap)
  const timing = elapsedAgainstEstimate(swap, useChainTime(now, swap.destination.token.chainId))
  const duration = useDurationText()
  const late = timing?.late ? duration(timing.elapsed) : undefined
  if (!reason && !late && !problem) return null
  return (
    <span className="history-notes">
      {reason && (
        <span className="history-note history-note-refund" data-testid="history-refund-reason">
          {t(reason.message, reason.values)}
        </span>
      )}
      {late && (
        <span className="history-note history-note-late" data-testid="history-taking-longer">
          {t('Taking longer than usual ({{elapsed}} so far)', { elapsed: late })}
        </span>
      )}
      {problem && (
        <span className="history-note history-note-problem" data-testid="history-unreachable">
          {t(problem.message, problem.values)}
        </span>
      )}
    </span>
  )
}
