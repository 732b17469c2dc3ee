import type { ManifestWalletConnect } from '@multi-bridge/core'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { encode } from 'uqr'
import { useConfig } from 'wagmi'
import { connect } from 'wagmi/actions'
import { CopyButton } from '../../lib/CopyButton.tsx'
import { reportError } from '../../lib/errorMessages.ts'
import { isTouchScreen } from '../../lib/touchScreen.ts'
import { toConnectError } from './connectWallet.ts'
import { onPairingUri, walletConnectConnector } from './walletConnect.ts'
import { PHONE_WALLETS, walletLink } from './walletConnectLinks.ts'

/** How long the relay has to give a pairing code before the person is told it does not answer. */
export const PAIRING_URI_WAIT_MS = 20_000

type PanelState =
  | { step: 'preparing' }
  | { step: 'pairing'; uri: string }
  | { step: 'failed'; message: string; values?: Record<string, unknown> }

/**
 * WalletConnect's pairing, in the connect dialog (loaded with it only when WalletConnect is picked): the QR code a
 * phone's wallet scans, and on a phone the wallets to open with the pairing link (or any wallet, through `wc:`). The
 * connection is wagmi's `connect` with the WalletConnect connector; the dialog closes once the wallet approves.
 */
export default function WalletConnectPanel({
  onBack,
  ...props
}: {
  settings: ManifestWalletConnect
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
  settings,
  onConnected,
  onRetry,
}: {
  settings: ManifestWalletConnect
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

  useEffect(() => {
    let current = true
    const connector = walletConnectConnector(config, settings)
    const stop = onPairingUri(connector, (uri) => current && setState({ step: 'pairing', uri }))
    const silent = setTimeout(() => {
      if (!current) return
      const message = 'WalletConnect does not answer. Check your connection and try again.'
      setState((shown) => (shown.step === 'preparing' ? { step: 'failed', message } : shown))
    }, PAIRING_URI_WAIT_MS)
    connect(config, { connector })
      .then(() => current && connected.current())
      .catch((error: unknown) => {
        if (!current) return
        const { message, values } = reportError('wallet', toConnectError(error))
        setState({ step: 'failed', message, values })
      })
      .finally(() => clearTimeout(silent))
    return () => {
      current = false
      clearTimeout(silent)
      stop()
    }
  }, [config, settings])

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
      {phone && (
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
      {!phone && <p className="walletconnect-lead">{t('Scan this code with your phone’s wallet')}</p>}
      <QrCode text={state.uri} label={t('WalletConnect pairing code')} />
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
  const { data, size } = encode(text, { ecc: 'M', border: 2 })
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
