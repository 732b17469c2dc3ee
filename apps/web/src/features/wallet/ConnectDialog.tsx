import { NoWalletError, type SdkWallet } from '@multi-bridge/core'
import * as Dialog from '@radix-ui/react-dialog'
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type Connector, useConfig, useConnect, useConnectors } from 'wagmi'
import { DialogHeader } from '../../lib/DialogHeader.tsx'
import { reportError, toUserMessage } from '../../lib/errorMessages.ts'
import { useManifest } from '../../lib/ManifestContext.tsx'
import { useReturnFocus } from '../../lib/useReturnFocus.ts'
import { notify } from '../notifications/index.ts'
import { abandonConnect, isUsableConnector, toConnectError } from './connectWallet.ts'
import { DEVNET_CONNECTOR_ID } from './devnetConnector.ts'
import { WALLETCONNECT_CONNECTOR_ID } from './earlyWalletState.ts'
import { SDK_WALLET_INFO, type SdkWalletInfo } from './sdkWalletInfo.ts'
import type { PairingTarget } from './WalletConnectPanel.tsx'
import { withWagmi } from './WithWagmi.tsx'

// Its code (the connector, WalletConnect's or MetaMask's SDK and the QR code) loads only when one of them is picked.
const WalletConnectPanel = lazy(() => import('./WalletConnectPanel.tsx'))

/** The connectors whose entries the dialog draws itself (they load on demand), not from wagmi's list. */
const OWN_ENTRIES = new Set([WALLETCONNECT_CONNECTOR_ID, ...Object.values(SDK_WALLET_INFO).map((w) => w.connectorId)])

/** Whether an extension the browser announced stands for this SDK wallet (then the extension is offered instead). */
const announced = (connectors: readonly Connector[], info: SdkWalletInfo) =>
  connectors.some((connector) =>
    // wagmi names an announced wallet's connector by its rdns.
    [connector.id, connector.rdns ?? []].flat().some((rdns) => info.rdns.includes(rdns)),
  )

/** Opened from buttons that wait for the wallet's state: wagmi's hooks get the wallet layer's config. */
const pairingTitle = (target: PairingTarget) => (target.kind === 'walletConnect' ? 'WalletConnect' : 'MetaMask')

export const ConnectDialog = withWagmi(function ConnectDialog({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const { t } = useTranslation()
  const returnFocus = useReturnFocus()
  const wallets = useManifest().wallets
  const walletConnect = wallets?.walletConnect
  // WalletConnect and the SDK wallets have their own entries (below), whether or not their connectors are set up yet.
  const connectors = useConnectors().filter(
    (connector) => isUsableConnector(connector) && !OWN_ENTRIES.has(connector.id),
  )
  const sdks = (wallets?.sdks ?? []).filter((wallet) => !announced(connectors, SDK_WALLET_INFO[wallet]))
  const config = useConfig()
  const { connectAsync } = useConnect()
  const [pending, setPending] = useState<string | undefined>()
  // The SDK wallet whose window is open, to close it when the person cancels (then its refusal is not an error).
  const sdkConnecting = useRef<{ wallet: SdkWallet; connector: Connector; cancelled: boolean } | undefined>(undefined)
  const [pairing, setPairing] = useState<PairingTarget | undefined>()
  const none = connectors.length === 0 && !walletConnect && sdks.length === 0

  useEffect(() => {
    if (!open) setPairing(undefined)
  }, [open])
  const close = useCallback(() => onOpenChange(false), [onOpenChange])

  async function connect(connector: Connector, key = connector.uid) {
    setPending(key)
    try {
      await connectAsync({ connector })
      onOpenChange(false)
    } catch (error) {
      if (sdkConnecting.current?.connector === connector && sdkConnecting.current.cancelled) return
      const { message, values } = reportError('wallet', toConnectError(error))
      notify(message, values)
    } finally {
      setPending((shown) => (shown === key ? undefined : shown))
    }
  }

  /** An SDK wallet: MetaMask pairs in the panel; Coinbase Wallet's SDK opens its own window once its code is in. */
  async function connectSdk(wallet: SdkWallet) {
    if (SDK_WALLET_INFO[wallet].pairing === 'qr') return setPairing({ kind: 'metaMask' })
    setPending(wallet)
    let connector: Connector
    try {
      const { sdkWalletConnector } = await import('./sdkConnectors.ts')
      connector = sdkWalletConnector(config, wallet)
    } catch {
      setPending(undefined)
      notify('{{wallet}} could not be loaded. Check your connection and try again.', {
        wallet: SDK_WALLET_INFO[wallet].name,
      })
      return
    }
    sdkConnecting.current = { wallet, connector, cancelled: false }
    await connect(connector, wallet)
  }

  /** Closes the SDK's window (its pending request refused) and leaves the wallet as it was before. */
  function cancelSdk() {
    const connecting = sdkConnecting.current
    setPending(undefined)
    if (!connecting) return
    connecting.cancelled = true
    abandonConnect(config)
    void import('./sdkConnectors.ts').then((sdk) => sdk.cancelSdkConnect(connecting.connector)).catch(() => undefined)
  }

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog" aria-describedby={undefined} onCloseAutoFocus={returnFocus}>
          <DialogHeader title={pairing ? pairingTitle(pairing) : 'Choose a wallet'} />
          {pairing ? (
            <Suspense
              fallback={
                <p className="walletconnect-status" role="status">
                  {t('Preparing the connection…')}
                </p>
              }
            >
              <WalletConnectPanel target={pairing} onConnected={close} onBack={() => setPairing(undefined)} />
            </Suspense>
          ) : none ? (
            <NoWallet />
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
                    onClick={() => setPairing({ kind: 'walletConnect', settings: walletConnect })}
                  >
                    <img src="walletconnect.svg" alt="" width={32} height={32} />
                    <span className="wallet-option-text">
                      <span className="wallet-option-name">WalletConnect</span>
                      <span className="wallet-option-note">{t('A wallet on your phone: scan a code, or open it')}</span>
                    </span>
                  </button>
                </li>
              )}
              {sdks.map((wallet) => {
                const info = SDK_WALLET_INFO[wallet]
                const waiting = pending === wallet
                return (
                  <li key={wallet}>
                    <button
                      type="button"
                      className="wallet-option"
                      disabled={pending !== undefined}
                      onClick={() => void connectSdk(wallet)}
                    >
                      <span className="wallet-icon-fallback" aria-hidden="true">
                        {info.name.slice(0, 1)}
                      </span>
                      <span className="wallet-option-text">
                        <span className="wallet-option-name">{info.name}</span>
                        <span className="wallet-option-note">
                          {waiting
                            ? t('Continue in the window {{wallet}} opened…', { wallet: info.name })
                            : t(info.note)}
                        </span>
                      </span>
                    </button>
                    {waiting && (
                      <button type="button" className="link-button wallet-option-cancel" onClick={cancelSdk}>
                        {t('Cancel')}
                      </button>
                    )}
                  </li>
                )
              })}
            </ul>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
})

/** Where to get a wallet: each maker's own download page. */
const WALLET_DOWNLOADS = [
  { name: 'MetaMask', href: 'https://metamask.io/download/' },
  { name: 'Rabby', href: 'https://rabby.io/' },
  { name: 'Coinbase Wallet', href: 'https://www.coinbase.com/wallet/downloads' },
] as const

/** No wallet at all: said once (SPEC's sentence), with the way forward: a wallet to install, or a wallet's browser. */
function NoWallet() {
  const { t } = useTranslation()
  return (
    <div className="empty-state no-wallet" role="alert" data-testid="no-wallet">
      <p className="empty-title">{t(toUserMessage(new NoWalletError()).message)}</p>
      <p>{t("Install a wallet, then reload this page; on a phone, open it in your wallet app's browser.")}</p>
      <ul className="wallet-downloads">
        {WALLET_DOWNLOADS.map((wallet) => (
          <li key={wallet.name}>
            <a className="button-secondary" href={wallet.href} target="_blank" rel="noopener noreferrer">
              {wallet.name}
            </a>
          </li>
        ))}
      </ul>
    </div>
  )
}
