import type { ManifestWalletConnect } from '@multi-bridge/core'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { encode } from 'uqr'
import { type Config, type Connector, useConfig } from 'wagmi'
import { connect } from 'wagmi/actions'
import { CopyButton } from '../../lib/CopyButton.tsx'
import { reportError } from '../../lib/errorMessages.ts'
import { isTouchScreen } from '../../lib/touchScreen.ts'
import { abandonConnect, toConnectError } from './connectWallet.ts'
import { onPairingUri, walletConnectConnector } from './walletConnect.ts'
import { PHONE_WALLETS, walletLink } from './walletConnectLinks.ts'

/** How long the relay has to give a pairing code before the person is told it does not answer. */
export const PAIRING_URI_WAIT_MS = 20_000

/** What pairs through a code: WalletConnect (any wallet on a phone), or MetaMask's SDK (MetaMask on a phone). */
export type PairingTarget = { kind: 'walletConnect'; settings: ManifestWalletConnect } | { kind: 'metaMask' }

/** Each target's words: the wallet list's panel is the same for both. */
const WORDS = {
  walletConnect: {
    lead: 'Scan this code with your phone’s wallet',
    code: 'WalletConnect pairing code',
    silent: 'WalletConnect does not answer. Check your connection and try again.',
  },
  metaMask: {
    lead: 'Scan this code with MetaMask on your phone',
    code: 'MetaMask pairing code',
    silent: 'MetaMask does not answer. Check your connection and try again.',
  },
} as const

/** The target's connector, its code loaded on demand (MetaMask's only when MetaMask is picked). */
async function pairingConnector(config: Config, target: PairingTarget): Promise<Connector> {
  if (target.kind === 'walletConnect') return walletConnectConnector(config, target.settings)
  const { sdkWalletConnector } = await import('./sdkConnectors.ts')
  return sdkWalletConnector(config, 'metaMask')
}

type PanelState =
  | { step: 'preparing' }
  | { step: 'pairing'; uri: string }
  | { step: 'failed'; message: string; values?: Record<string, unknown> }

/**
 * A pairing, in the connect dialog (loaded with it only when WalletConnect or MetaMask is picked): the QR code a
 * phone's wallet scans, and on a phone the wallets to open with the pairing link (WalletConnect: the wallets, or any
 * wallet through `wc:`; MetaMask: its app, which its SDK also opens itself). The connection is wagmi's `connect` with
 * the target's connector; the dialog closes once the wallet approves.
 */
export default function WalletConnectPanel({
  onBack,
  ...props
}: {
  target: PairingTarget
  onConnected: () => void
  onBack: () => void
}) {
  const { t } = useTranslation()
  // Each try is a new pairing, from its first state.
  const [attempt, setAttempt] = useState(0)
  return (
    <>
      <button type="button" className="link-button walletconnect-back" onClick={onBack}>
        {t('← Other wallets')}
      </button>
      <Pairing key={attempt} {...props} onRetry={() => setAttempt((n) => n + 1)} />
    </>
  )
}

function Pairing({
  target,
  onConnected,
  onRetry,
}: {
  target: PairingTarget
  onConnected: () => void
  onRetry: () => void
}) {
  const { t } = useTranslation()
  const config = useConfig()
  const [state, setState] = useState<PanelState>({ step: 'preparing' })
  const phone = isTouchScreen()
  // The dialog's handler may change at each render (the connection re-renders it): the pairing must not restart.
  const connected = useRef(onConnected)
  connected.current = onConnected

  const words = WORDS[target.kind]

  useEffect(() => {
    let current = true
    let stop = () => {}
    const silent = setTimeout(() => {
      if (!current) return
      const message = WORDS[target.kind].silent
      setState((shown) => (shown.step === 'preparing' ? { step: 'failed', message } : shown))
    }, PAIRING_URI_WAIT_MS)
    const failed = (error: unknown) => {
      if (!current) return
      const { message, values } = reportError('wallet', toConnectError(error))
      setState({ step: 'failed', message, values })
    }
    let settled = false
    let giveUp = () => {}
    pairingConnector(config, target).then((connector) => {
      if (!current) return
      stop = onPairingUri(connector, (uri) => current && setState({ step: 'pairing', uri }))
      // Closed or retried before the wallet answered: the page's wallet state is what it was, and MetaMask's SDK
      // drops its pairing (it refuses a new one while one is pending).
      giveUp = () => {
        abandonConnect(config)
        if (target.kind === 'metaMask') void connector.disconnect().catch(() => undefined)
      }
      connect(config, { connector })
        .then(() => current && connected.current())
        .catch(failed)
        .finally(() => {
          settled = true
          clearTimeout(silent)
        })
    }, failed)
    return () => {
      current = false
      clearTimeout(silent)
      stop()
      if (!settled) giveUp()
    }
  }, [config, target])

  if (state.step === 'failed') {
    return (
      <div className="walletconnect-panel">
        <p className="walletconnect-error" role="alert">
          {t(state.message, state.values)}
        </p>
        <button type="button" className="button-secondary" onClick={onRetry}>
          {t('Try again')}
        </button>
      </div>
    )
  }

  if (state.step === 'preparing') {
    return (
      <div className="walletconnect-panel" aria-busy="true">
        <div className="walletconnect-qr walletconnect-qr-placeholder" aria-hidden="true" />
        <p className="walletconnect-status" role="status">
          {t('Preparing the connection…')}
        </p>
      </div>
    )
  }

  return (
    <div className="walletconnect-panel">
      {phone && target.kind === 'metaMask' && (
        <>
          <a className="button-primary walletconnect-open" href={state.uri} rel="noopener">
            {t('Open MetaMask')}
          </a>
          <p className="walletconnect-or">{t('Or scan this code from another device')}</p>
        </>
      )}
      {phone && target.kind === 'walletConnect' && (
        <>
          <p className="walletconnect-lead">{t('Open your wallet app to connect')}</p>
          <ul className="wallet-list walletconnect-wallets">
            {PHONE_WALLETS.map((wallet) => (
              <li key={wallet.name}>
                <a className="wallet-option" href={walletLink(wallet, state.uri)} rel="noopener">
                  <span className="wallet-icon-fallback" aria-hidden="true">
                    {wallet.name.slice(0, 1)}
                  </span>
                  <span className="wallet-option-name">{wallet.name}</span>
                </a>
              </li>
            ))}
            <li>
              <a className="wallet-option" href={state.uri}>
                <span className="wallet-icon-fallback" aria-hidden="true">
                  …
                </span>
                <span className="wallet-option-name">{t('Another wallet on this phone')}</span>
              </a>
            </li>
          </ul>
          <p className="walletconnect-or">{t('Or scan this code from another device')}</p>
        </>
      )}
      {!phone && <p className="walletconnect-lead">{t(words.lead)}</p>}
      <QrCode text={state.uri} label={t(words.code)} />
      <div className="walletconnect-actions">
        <CopyButton value={state.uri} label="Copy link" text="Copy link" testId="walletconnect-copy" />
      </div>
      <p className="walletconnect-status" role="status" data-testid="walletconnect-uri" data-uri={state.uri}>
        {t('Waiting for your wallet to approve…')}
      </p>
    </div>
  )
}

/** The pairing URI as a QR code: one SVG path of the dark modules, with the quiet zone the standard asks for. */
function QrCode({ text, label }: { text: string; label: string }) {
  // A long link (MetaMask's) at the lowest correction: fewer, larger modules to scan from a screen.
  const { data, size } = encode(text, { ecc: text.length > 200 ? 'L' : 'M', border: 2 })
  let path = ''
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) if (data[y]?.[x]) path += `M${x} ${y}h1v1h-1z`
  }
  return (
    <svg
      className="walletconnect-qr"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  )
}
