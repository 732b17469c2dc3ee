import * as Dialog from '@radix-ui/react-dialog'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useConfig, useConnection, useDisconnect } from 'wagmi'
import { approvalsDialogStore } from '../../lib/approvalsDialog.ts'
import { DialogHeader } from '../../lib/DialogHeader.tsx'
import { reportError } from '../../lib/errorMessages.ts'
import { useManifest } from '../../lib/ManifestContext.tsx'
import { useReturnFocus } from '../../lib/useReturnFocus.ts'
import { notify, toast } from '../notifications/index.ts'
import { switchNetwork } from './switchNetwork.ts'
import { intentionalDisconnect } from './useWalletEvents.ts'
import { withWagmi } from './WithWagmi.tsx'

/** Opened from buttons that wait for the wallet's state: wagmi's hooks get the wallet layer's config. */
export const AccountDialog = withWagmi(function AccountDialog({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const { t } = useTranslation()
  const returnFocus = useReturnFocus()
  const manifest = useManifest()
  const config = useConfig()
  const { address, chainId, connector } = useConnection()
  const { disconnectAsync } = useDisconnect()
  const [switching, setSwitching] = useState<number | undefined>()

  async function choose(targetChainId: number) {
    if (!connector || targetChainId === chainId) return
    setSwitching(targetChainId)
    try {
      await switchNetwork({ config, connector, chainId: targetChainId, manifest })
    } catch (error) {
      const { message, values } = reportError('wallet', error)
      notify(message, values)
    } finally {
      setSwitching(undefined)
    }
  }

  async function copy() {
    if (!address) return
    try {
      await navigator.clipboard.writeText(address)
      toast('Address copied')
    } catch (error) {
      reportError('clipboard', error)
    }
  }

  async function disconnect() {
    intentionalDisconnect.current = true
    try {
      await disconnectAsync()
      onOpenChange(false)
    } catch (error) {
      const { message, values } = reportError('wallet', error)
      notify(message, values)
    } finally {
      // Used up by the loss it excuses (the store updates within disconnectAsync); if none came (another wallet
      // took over, or the wallet refused), it must not excuse the next real loss.
      intentionalDisconnect.current = false
    }
  }

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog" aria-describedby={undefined} onCloseAutoFocus={returnFocus}>
          <DialogHeader title="Account" />
          <p className="account-address" data-testid="account-address">
            {address}
          </p>
          <div className="account-actions">
            <button type="button" className="button-secondary" onClick={() => void copy()}>
              {t('Copy address')}
            </button>
            <button type="button" className="button-secondary" onClick={() => void disconnect()}>
              {t('Disconnect')}
            </button>
          </div>
          <button
            type="button"
            className="button-secondary button-block"
            onClick={() => {
              // The page shows it (where History and the chains' clients are); this dialog steps aside.
              onOpenChange(false)
              approvalsDialogStore.getState().setOpen(true)
            }}
            data-testid="open-approvals"
          >
            {t('Your approvals')}
          </button>
          <h3 className="section-title" id="network-list-title">
            {t('Switch network')}
          </h3>
          <ul className="network-list" aria-labelledby="network-list-title">
            {manifest.chains.map((chain) => (
              <li key={chain.id}>
                <button
                  type="button"
                  className="network-option"
                  aria-pressed={chain.id === chainId}
                  disabled={switching !== undefined}
                  onClick={() => void choose(chain.id)}
                >
                  <span className="network-dot" aria-hidden="true" />
                  <span>{chain.name}</span>
                  {switching === chain.id && <span className="wallet-option-status">{t('Switching…')}</span>}
                </button>
              </li>
            ))}
          </ul>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
})
