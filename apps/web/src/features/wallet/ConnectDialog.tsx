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
            <Suspense
              fallback={
                <p className="walletconnect-status" role="status">
                  {t('Preparing the connection…')}
                </p>
              }
            >
              <WalletConnectPanel settings={walletConnect} onConnected={close} onBack={() => setPairing(false)} />
            </Suspense>
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
                    <img src="walletconnect.svg" alt="" width={32} height={32} />
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
