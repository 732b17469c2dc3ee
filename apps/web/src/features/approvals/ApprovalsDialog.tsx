import {
  type Approval,
  type ChainApprovals,
  formatDisplayAmount,
  getManifestChain,
  type WalletAdapter,
} from '@multi-bridge/core'
import * as Dialog from '@radix-ui/react-dialog'
import { useTranslation } from 'react-i18next'
import type { Address } from 'viem'
import { DialogHeader } from '../../lib/DialogHeader.tsx'
import { toUserMessage } from '../../lib/errorMessages.ts'
import { shortAddress } from '../../lib/format.ts'
import { useManifest } from '../../lib/ManifestContext.tsx'
import { useReturnFocus } from '../../lib/useReturnFocus.ts'
import { useApprovals, useRevoke } from './useApprovals.ts'

/** Where an address is shown on a chain's explorer, when the manifest names one. */
function useAddressLink() {
  const manifest = useManifest()
  return (chainId: number, address: Address) => {
    const base = getManifestChain(manifest, chainId)?.blockExplorerUrl
    return base ? `${base.replace(/\/+$/, '')}/address/${address}` : undefined
  }
}

/** An error in the catalogue's words. */
function Said({ error }: { error: unknown }) {
  const { t } = useTranslation()
  const { message, values } = toUserMessage(error)
  return <>{t(message, values)}</>
}

function ApprovalRow({
  approval,
  revoking,
  onRevoke,
}: {
  approval: Approval
  revoking: boolean
  onRevoke: () => void
}) {
  const { t } = useTranslation()
  const addressLink = useAddressLink()
  const { token, spender } = approval
  const link = addressLink(approval.chainId, spender.address)
  const flag = spender.drained ? 'drained' : approval.unlimited ? 'unlimited' : 'limited'
  return (
    <li className={`approval approval-${flag}`} data-testid="approval" data-flag={flag}>
      <div className="approval-main">
        {approval.unlimited ? (
          <>
            <span className="approval-token">{token.symbol}</span>
            <span className="badge badge-warning">{t('Unlimited')}</span>
          </>
        ) : (
          <span className="approval-token">
            {formatDisplayAmount(approval.allowance, token.decimals)} {token.symbol}
          </span>
        )}
      </div>
      <p className="approval-spender">
        {t('may be spent by {{spender}}', { spender: spender.name })}{' '}
        {link ? (
          <a className="mono" href={link} target="_blank" rel="noreferrer">
            {shortAddress(spender.address)}
          </a>
        ) : (
          <span className="mono">{shortAddress(spender.address)}</span>
        )}
      </p>
      {spender.drained && (
        <p className="approval-note" role="note">
          {t('This contract drained the approvals given to it on {{date, datetime(dateStyle: medium)}}.', {
            date: Date.parse(`${spender.drained.drainedOn}T00:00:00Z`),
          })}{' '}
          <a href={spender.drained.source} target="_blank" rel="noreferrer">
            {t('What happened')}
          </a>
        </p>
      )}
      <button
        type="button"
        className="button-secondary approval-revoke"
        onClick={onRevoke}
        disabled={revoking}
        aria-label={t('Revoke {{token}} for {{spender}}', { token: token.symbol, spender: spender.name })}
      >
        {t('Revoke')}
      </button>
    </li>
  )
}

function ChainSection({
  chain,
  revokingChain,
  onRevoke,
  onRetry,
}: {
  chain: ChainApprovals
  revokingChain: number | undefined
  onRevoke: (approvals: readonly Approval[]) => void
  onRetry: () => void
}) {
  const { t } = useTranslation()
  const titleId = `approvals-chain-${chain.chainId}`
  const revoking = revokingChain !== undefined
  return (
    <section className="approvals-chain" aria-labelledby={titleId} data-testid="approvals-chain">
      <div className="approvals-chain-header">
        <h3 id={titleId} className="section-title">
          {chain.chainName}
        </h3>
        {'approvals' in chain && chain.approvals.length > 1 && (
          <button
            type="button"
            className="button-secondary"
            onClick={() => onRevoke(chain.approvals)}
            disabled={revoking}
          >
            {revokingChain === chain.chainId
              ? t('Revoking…')
              : t('Revoke all {{count}}', { count: chain.approvals.length })}
          </button>
        )}
      </div>
      {'error' in chain ? (
        <div className="notice-inline" role="status">
          <span>
            <Said error={chain.error} /> {t('Its approvals are not shown.')}
          </span>{' '}
          <button type="button" className="link-button" onClick={onRetry}>
            {t('Try again')}
          </button>
        </div>
      ) : chain.approvals.length === 0 ? (
        <p className="muted">{t('No allowances to the contracts this app knows.')}</p>
      ) : (
        <ul className="approvals-list">
          {chain.approvals.map((approval) => (
            <ApprovalRow
              key={`${approval.token.address}:${approval.spender.address}`}
              approval={approval}
              revoking={revoking}
              onRevoke={() => onRevoke([approval])}
            />
          ))}
        </ul>
      )}
    </section>
  )
}

/**
 * "Your approvals": per chain, the account's allowances to the contracts the app's providers deposit through and to
 * contracts known to have drained approvals, drained and unlimited first; each revoked to zero (all of a chain in one
 * confirmation where the wallet takes batches). A chain that does not answer is named; the others are shown.
 */
export default function ApprovalsDialog({
  account,
  wallet,
  open,
  onOpenChange,
}: {
  /** The connected account, whose approvals are shown. */
  account: Address | undefined
  /** Its wallet, which revokes (the wallet feature's `useWalletAdapter`). */
  wallet: () => Promise<WalletAdapter>
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const { t } = useTranslation()
  const returnFocus = useReturnFocus()
  const approvals = useApprovals(open ? account : undefined)
  const revoke = useRevoke(wallet)
  const revokingChain = revoke.isPending ? revoke.variables?.[0]?.chainId : undefined

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className="dialog dialog-wide"
          aria-describedby="approvals-intro"
          onCloseAutoFocus={returnFocus}
          data-testid="approvals-dialog"
        >
          <DialogHeader title="Your approvals" />
          <p id="approvals-intro" className="muted">
            {t(
              'An allowance lets a contract take your tokens without asking again. This app approves only what each swap spends; an allowance left from before stays until you revoke it.',
            )}
          </p>
          {account === undefined ? (
            <p className="notice-inline" role="status">
              {t('Connect your wallet to see its approvals.')}
            </p>
          ) : approvals.isPending ? (
            <p className="muted" role="status">
              {t('Reading your approvals…')}
            </p>
          ) : approvals.isError ? (
            <p className="form-error" role="alert">
              <Said error={approvals.error} />
            </p>
          ) : (
            approvals.data.map((chain) => (
              <ChainSection
                key={chain.chainId}
                chain={chain}
                revokingChain={revokingChain}
                onRevoke={(list) => revoke.mutate(list)}
                onRetry={() => void approvals.refetch()}
              />
            ))
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
