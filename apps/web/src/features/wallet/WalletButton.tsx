import { getManifestChain } from '@multi-bridge/core'
import { lazy, Suspense, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { shortAddress } from '../../lib/format.ts'
import { useManifest } from '../../lib/ManifestContext.tsx'
import { MARKS, markOnce } from '../../lib/perf.ts'
import { takeEarlyConnect } from './earlyWalletState.ts'
import { useWalletConnection } from './walletLayer.ts'

// Dialogs load on first use: they are not needed to paint the page.
const ConnectDialog = lazy(() => import('./ConnectDialog.tsx').then((m) => ({ default: m.ConnectDialog })))
const AccountDialog = lazy(() => import('./AccountDialog.tsx').then((m) => ({ default: m.AccountDialog })))

/** Connect button, or the account button with the network, in the navigation bar (the wallet island's tree). */
export function WalletButton() {
  const { t } = useTranslation()
  const manifest = useManifest()
  const { address, chainId, status } = useWalletConnection()
  const [dialog, setDialog] = useState<'connect' | 'account' | undefined>()
  const chain = chainId === undefined ? undefined : getManifestChain(manifest, chainId)
  const connected = status === 'connected' && address
  const known = status !== 'connecting' && status !== 'reconnecting'
  useEffect(() => {
    if (known) markOnce(MARKS.walletKnown)
  }, [known])
  // Connect clicked before this button's code was up (the inline script kept the click, earlyWallet.ts).
  useEffect(() => {
    if (takeEarlyConnect()) setDialog('connect')
  }, [])

  return (
    <>
      {connected ? (
        <button
          type="button"
          className="account-button"
          onClick={() => setDialog('account')}
          data-testid="account-button"
        >
          <span className={chain ? 'network-badge' : 'network-badge network-badge-wrong'} data-testid="network-name">
            {chain ? chain.name : t('Wrong network')}
          </span>
          <span className="account-button-address">{shortAddress(address)}</span>
        </button>
      ) : (
        <button
          type="button"
          className="button-primary button-small"
          onClick={() => setDialog('connect')}
          disabled={!known}
        >
          {t('Connect Wallet')}
        </button>
      )}
      <Suspense fallback={null}>
        {dialog === 'connect' && (
          <ConnectDialog open onOpenChange={(open) => setDialog(open ? 'connect' : undefined)} />
        )}
        {dialog === 'account' && connected && (
          <AccountDialog open onOpenChange={(open) => setDialog(open ? 'account' : undefined)} />
        )}
      </Suspense>
    </>
  )
}
