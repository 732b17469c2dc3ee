import { NoWalletError } from '@multi-bridge/core'
import * as Dialog from '@radix-ui/react-dialog'
import { lazy, Suspense, useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type Connector, useConnect, useConnectors } from 'wagmi'
import { DialogHeader } from '../../lib/DialogHeader.tsx'
import { reportError, toUserMessage } from '../../lib/errorMessages.ts'
import { useManifest } from '../../lib/ManifestContext.tsx'
import { useReturnFocus } from '../../lib/useReturnFocus.ts'
import { notify } from '../notifications/index.ts'
import { isUsableConnector, toConnectError } from './connectWallet.ts'
import { DEVNET_CONNECTOR_ID } from './devnetConnector.ts'
import { WALLETCONNECT_CONNECTOR_ID } from './earlyWalletState.ts'
import { withWagmi } from './WithWagmi.tsx'

// Its code (the connector, WalletConnect's SDK and the QR code) loads only when WalletConnect is picked.
const WalletConnectPanel = lazy(() => import('./WalletConnectPanel.tsx'))

const WALLETCONNECT_ICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#3b99fc"/><path d="M9.6 12.4c3.5-3.4 9.3-3.4 12.8 0l.4.4a.4.4 0 0 1 0 .6l-1.5 1.4a.2.2 0 0 1-.3 0l-.6-.6a6.4 6.4 0 0 0-8.8 0l-.6.6a.2.2 0 0 1-.3 0l-1.5-1.4a.4.4 0 0 1 0-.6zm15.9 2.9 1.3 1.3a.4.4 0 0 1 0 .6l-5.9 5.8a.5.5 0 0 1-.6 0L16.1 19a.1.1 0 0 0-.2 0l-4.2 4a.5.5 0 0 1-.6 0l-5.9-5.8a.4.4 0 0 1 0-.6l1.3-1.3a.5.5 0 0 1 .6 0l4.2 4.1a.1.1 0 0 0 .2 0l4.2-4.1a.5.5 0 0 1 .6 0l4.2 4.1a.1.1 0 0 0 .2 0l4.2-4.1a.5.5 0 0 1 .6 0z" fill="#fff"/></svg>',
)}`

/** Opened from buttons that wait for the wallet's state: wagmi's hooks get the wallet layer's config. */
export const ConnectDialog = withWagmi(function ConnectDialog({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const { t } = useTranslation()
  const returnFocus = useReturnFocus()
  const walletConnect = useManifest().wallets?.walletConnect
  // WalletConnect has its own entry (below), whether or not its connector is set up yet.
  const connectors = useConnectors().filter(
    (connector) => isUsableConnector(connector) && connector.id !== WALLETCONNECT_CONNECTOR_ID,
  )
  const { connectAsync } = useConnect()
  const [pending, setPending] = useState<string | undefined>()
  const [pairing, setPairing] = useState(false)
  const none = connectors.length === 0 && !walletConnect

  useEffect(() => {
    if (open && none) notify(toUserMessage(new NoWalletError()).message)
  }, [open, none])
  useEffect(() => {
    if (!open) setPairing(false)
  }, [open])
  const close = useCallback(() => onOpenChange(false), [onOpenChange])

  async function connect(connector: Connector) {
    setPending(connector.uid)
    try {
      await connectAsync({ connector })
      onOpenChange(false)
    } catch (error) {
      const { message, values } = reportError('wallet', toConnectError(error))
      notify(message, values)
    } finally {
      setPending(undefined)
    }
  }

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog" aria-describedby={undefined} onCloseAutoFocus={returnFocus}>
          <DialogHeader title={pairing ? 'WalletConnect' : 'Choose a wallet'} />
          {pairing && walletConnect ? (
            <>
              <button type="button" className="link-button walletconnect-back" onClick={() => setPairing(false)}>
                {t('← Other wallets')}
              </button>
              <Suspense
                fallback={
                  <p className="walletconnect-status" role="status">
                    {t('Preparing the connection…')}
                  </p>
                }
              >
                <WalletConnectPanel settings={walletConnect} onConnected={close} />
              </Suspense>
            </>
          ) : none ? (
            <p className="empty-state" role="alert">
              {t('Please open this in a browser with a wallet!')}
            </p>
          ) : (
            <ul className="wallet-list">
              {connectors.map((connector) => {
                const isDevnet = connector.id === DEVNET_CONNECTOR_ID
                const name = isDevnet
                  ? t('Local test wallet')
                  : connector.id === 'injected'
                    ? t('Browser wallet')
                    : connector.name
                return (
                  <li key={connector.uid}>
                    <button
                      type="button"
                      className="wallet-option"
                      disabled={pending !== undefined}
                      onClick={() => void connect(connector)}
                    >
                      {connector.icon ? (
                        <img src={connector.icon} alt="" width={32} height={32} />
                      ) : (
                        <span className="wallet-icon-fallback" aria-hidden="true">
                          {name.slice(0, 1)}
                        </span>
                      )}
                      <span className="wallet-option-text">
                        <span className="wallet-option-name">{name}</span>
                        {isDevnet && (
                          <span className="wallet-option-note">
                            {t('Signs with a funded key of the local network. For the devnet only.')}
                          </span>
                        )}
                      </span>
                      {pending === connector.uid && <span className="wallet-option-status">{t('Connecting…')}</span>}
                    </button>
                  </li>
                )
              })}
              {walletConnect && (
                <li>
                  <button
                    type="button"
                    className="wallet-option"
                    disabled={pending !== undefined}
                    onClick={() => setPairing(true)}
                  >
                    <img src={WALLETCONNECT_ICON} alt="" width={32} height={32} />
                    <span className="wallet-option-text">
                      <span className="wallet-option-name">WalletConnect</span>
                      <span className="wallet-option-note">{t('A wallet on your phone: scan a code, or open it')}</span>
                    </span>
                  </button>
                </li>
              )}
            </ul>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
})
