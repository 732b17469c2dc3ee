import { lazy, Suspense } from 'react'
import { useWalletConnection } from '../wallet/index.ts'

const FollowAcceptedBatches = lazy(() => import('./FollowAcceptedBatches.tsx'))

/**
 * Follows the connected account's swaps handed to its wallet as a batch whose deposit's hash this page never learnt
 * (`FollowAcceptedBatches`, its own file: nothing of it is start-up code), anew for each account.
 */
export function AcceptedBatches() {
  const { address } = useWalletConnection()
  if (!address) return null
  return (
    <Suspense fallback={null}>
      <FollowAcceptedBatches key={address} address={address} />
    </Suspense>
  )
}
