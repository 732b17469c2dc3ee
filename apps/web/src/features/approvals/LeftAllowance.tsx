import {
  formatDisplayAmount,
  knownSpenders,
  PROVIDER_MODULES,
  type SwapRecord,
  UNLIMITED_ALLOWANCE,
} from '@multi-bridge/core'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { erc20Abi, isAddressEqual } from 'viem'
import { approvalsDialogStore } from '../../lib/approvalsDialog.ts'
import { shortAddress } from '../../lib/format.ts'
import { useManifest } from '../../lib/ManifestContext.tsx'
import { balanceKeys } from '../../lib/queryKeys.ts'
import { useSwapClient } from '../../lib/swapClient.tsx'
import { useWalletConnection } from '../wallet/index.ts'

/**
 * After a swap that approved its token (`record.approveTxs`): what its deposit's contract may still take, read from
 * the chain, and the way to revoke it. Nothing when the deposit used the approval up (the app approves exactly what it
 * spends) or the token is the native coin.
 */
export function LeftAllowance({ record }: { record: SwapRecord }) {
  const { t } = useTranslation()
  const manifest = useManifest()
  const client = useSwapClient()
  const { address } = useWalletConnection()
  const { token } = record.origin
  const approved = (record.approveTxs?.length ?? 0) > 0 && token.kind !== 'native'
  const allowance = useQuery({
    queryKey: balanceKeys.allowance(token.chainId, token.address, record.owner, record.depositAddress),
    enabled: approved,
    queryFn: async () =>
      (await client.getChainClients()).get(token.chainId)?.readContract({
        address: token.address,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [record.owner, record.depositAddress],
      }) ?? 0n,
  })
  const left = allowance.data ?? 0n
  if (!approved || left === 0n) return null
  const spender =
    knownSpenders(manifest, token.chainId, PROVIDER_MODULES).find((known) =>
      isAddressEqual(known.address, record.depositAddress),
    )?.name ?? shortAddress(record.depositAddress)
  const amount = left >= UNLIMITED_ALLOWANCE ? t('an unlimited amount of') : formatDisplayAmount(left, token.decimals)
  const own = address !== undefined && isAddressEqual(address, record.owner)
  return (
    <div className="notice-inline left-allowance" role="status" data-testid="left-allowance">
      <span>
        {t('{{spender}} may still take {{amount}} {{token}} from your wallet: this swap approved it.', {
          spender,
          amount,
          token: token.symbol,
        })}
      </span>
      {own && (
        <button type="button" className="link-button" onClick={() => approvalsDialogStore.getState().setOpen(true)}>
          {t('Review approvals')}
        </button>
      )}
    </div>
  )
}
