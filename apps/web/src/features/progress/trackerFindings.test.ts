import {
  ChainStalledError,
  DepositNotMinedError,
  ProviderNotAvailableError,
  type TrackProblem,
} from '@multi-bridge/core'
import { describe, expect, it } from 'vitest'
import { catalogue } from '../../lib/errorMessages.ts'
import { problemText } from '../history/index.ts'
import { problemExplanation } from './StuckNotice.tsx'

/**
 * The tracker keeps, per swap, why it cannot follow it (core's `createSwapTracker`): a bridge this app no longer runs
 * (`ProviderNotAvailableError`, set ONCE, then the tracker stops for good) and a sent deposit still not mined after ten
 * minutes (`DepositNotMinedError`). The catalogue has a sentence for each; the History row (`problemText`) and the
 * progress dialog (`problemExplanation`, StuckNotice) are what the person actually sees.
 */
const since = Date.now() - 60_000

describe('a swap its bridge no longer follows here', () => {
  // What the tracker leaves in the problems store, and never changes again (it stopped following the swap).
  const problem: TrackProblem = { error: new ProviderNotAvailableError('Liquidity Pool Bridge'), since, failures: 1 }

  it('is said on its History row, not left as a silent "Swapping..."', () => {
    expect(problemText(problem, 'Liquidity Pool Bridge')).toEqual({
      message: catalogue.providerNotAvailable(problem.error as ProviderNotAvailableError).message,
      values: { provider: 'Liquidity Pool Bridge' },
    })
  })

  it('is said in its progress dialog, not left as a silent spinner', () => {
    expect(problemExplanation(problem, 'Liquidity Pool Bridge')?.message).toBe(
      '{{provider}} is not available in this app now, so this swap is not followed here',
    )
  })
})

describe('a sent deposit still not mined after ten minutes', () => {
  const error = new DepositNotMinedError(`0x${'ab'.repeat(32)}`, 12)

  it('is said as such (dropped or replaced in the wallet?) from the first look that finds it', () => {
    const first: TrackProblem = { error, since, failures: 1 }
    expect(problemExplanation(first, 'Intent Bridge')?.message).toBe(catalogue.depositNotMined(error).message)
    expect(problemText(first, 'Intent Bridge')?.message).toBe(catalogue.depositNotMined(error).message)
  })

  it('is never turned into "This swap couldn\'t be checked just now" (it was checked: the deposit is not mined)', () => {
    const repeated: TrackProblem = { error, since, failures: 5 }
    expect(problemExplanation(repeated, 'Intent Bridge')?.message).toBe(catalogue.depositNotMined(error).message)
    expect(problemText(repeated, 'Intent Bridge')?.message).toBe(catalogue.depositNotMined(error).message)
  })
})

describe('a destination that answers but makes no new block', () => {
  it('is said in the progress dialog as on the History row, from the first look', () => {
    const problem: TrackProblem = { error: new ChainStalledError(1337002, 'Local Chain B', 3), since, failures: 1 }
    expect(problemExplanation(problem, 'Intent Bridge')).toEqual(problemText(problem, 'Intent Bridge'))
    expect(problemExplanation(problem, 'Intent Bridge')?.message).toBe(
      '{{network}} has made no new block for {{minutes}} min',
    )
  })
})
