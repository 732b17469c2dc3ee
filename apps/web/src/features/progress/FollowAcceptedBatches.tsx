import { acceptedBatches, followAcceptedBatches } from '@multi-bridge/core'
import { useEffect, useRef } from 'react'
import { useSwapClient, useSwaps } from '../../lib/swapClient.tsx'
import { useWalletAdapter } from '../wallet/index.ts'

/** How soon a batch the wallet is still sending (or whose status did not answer) is asked about again. */
export const LOOK_AGAIN_MS = 5_000

/**
 * Swaps whose batch the wallet accepted (EIP-5792) but whose deposit's hash this page never learnt: the wait for the
 * batch failed, or the page was reloaded or closed before it ended. The connected wallet, which sent them, is asked
 * what became of them (core's `followAcceptedBatches`): a deposit sent is followed from then on like any other, one
 * never sent fails the swap. Asked again every few seconds while the wallet is still sending, or does not answer.
 *
 * Rendered for the connected account (`AcceptedBatches`), anew for each. A swap handed over meanwhile is asked about at
 * once.
 */
export default function FollowAcceptedBatches({ address }: { address: string }) {
  const client = useSwapClient()
  const waiting = useSwaps((state) => acceptedBatches(state.swaps, address).length)
  const getWallet = useWalletAdapter()
  // The adapter's maker is new at each render; the look uses the latest.
  const walletRef = useRef(getWallet)
  walletRef.current = getWallet

  useEffect(() => {
    if (waiting === 0) return
    let stopped = false
    let timer: ReturnType<typeof setTimeout> | undefined
    // Every 5 s while the wallet is sending; after a failure, less and less often (a minute at most).
    let failures = 0
    const lookAgain = () => {
      const delay = Math.min(LOOK_AGAIN_MS * 2 ** failures, 60_000)
      if (!stopped) timer = setTimeout(() => void look(), delay)
    }
    const look = async () => {
      try {
        // No wallet adapter (its code did not load, the wallet is not ready): asked again too.
        const wallet = await walletRef.current()
        if (stopped) return
        const result = await followAcceptedBatches(client, { wallet })
        failures = result.unanswered > 0 ? failures + 1 : 0
        if (result.waiting > 0) lookAgain()
      } catch (error) {
        console.warn('[swaps] a batch the wallet accepted was not looked at', error)
        failures++
        lookAgain()
      }
    }
    void look()
    return () => {
      stopped = true
      clearTimeout(timer)
    }
  }, [client, waiting])
  return null
}
