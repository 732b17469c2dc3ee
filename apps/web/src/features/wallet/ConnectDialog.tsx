import { NoWalletError } from '@multi-bridge/core'
import * as Dialog from '@radix-ui/react-dialog'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type Connector, useConnect, useConnectors } from 'wagmi'
import { DialogHeader } from '../../lib/DialogHeader.tsx'
import { reportError, toUserMessage } from '../../lib/errorMessages.ts'
import { useReturnFocus } from '../../lib/useReturnFocus.ts'
import { notify } from '../notifications/index.ts'
import { isUsableConnector, toConnectError } from './connectWallet.ts'
import { DEVNET_CONNECTOR_ID } from './devnetConnector.ts'
import { withWagmi } from './WithWagmi.tsx'

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
  const connectors = useConnectors().filter(isUsableConnector)
  const { connectAsync } = useConnect()
  const [pending, setPending] = useState<string | undefined>()

  useEffect(() => {
    if (open && connectors.length === 0) notify(toUserMessage(new NoWalletError()).message)
  }, [open, connectors.length])

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
          <DialogHeader title="Choose a wallet" />
          {connectors.length === 0 ? (
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
            </ul>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
})
