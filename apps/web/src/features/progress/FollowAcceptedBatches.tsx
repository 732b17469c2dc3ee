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
    const lookFailed = (error: unknown) => console.warn('[swaps] a batch the wallet accepted was not looked at', error)
    const look = async () => {
      const wallet = await walletRef.current().catch(() => undefined)
      if (stopped || !wallet) return
      const result = await followAcceptedBatches(client, { wallet })
      if (!stopped && result.waiting > 0) timer = setTimeout(() => void look().catch(lookFailed), LOOK_AGAIN_MS)
    }
    void look().catch(lookFailed)
    return () => {
      stopped = true
      clearTimeout(timer)
    }
  }, [client, waiting])
  return null
}
