import { getManifestChain } from '@multi-bridge/core'
import { useId, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import type { Address } from 'viem'
import { TEXT_INPUT_MAX_LENGTH } from '../../lib/constants.ts'
import { EARLY_FIELD_ATTRIBUTE, EARLY_FIELDS } from '../../lib/earlyActions.ts'
import { shortAddress } from '../../lib/format.ts'
import { useManifest } from '../../lib/ManifestContext.tsx'
import { useIsHydrated } from '../../lib/useIsHydrated.ts'
import { useTypedBeforeHydration } from '../../lib/useTypedBeforeHydration.ts'
import { RecipientSafetyNote } from './RecipientSafetyNote.tsx'
import { useRecentRecipients } from './recipientStore.ts'
import type { EnsRecord } from './resolveEnsName.ts'
import type { Recipient } from './useRecipient.ts'
import type { RecipientSafety } from './useRecipientSafety.ts'

export function RecipientField(props: {
  value: string
  onChange: (value: string) => void
  /** What the text resolves to (useRecipient). */
  recipient: Recipient
  connected: Address | undefined
  /** The connected account on the origin: a contract (a Safe, a smart account) is not offered as its own recipient. */
  senderKind?: 'person' | 'contract' | undefined
  originChainId?: number | undefined
  destinationChainId: number | undefined
  /** What the address is on the destination chain (refused, a contract to confirm, a wallet). */
  safety: RecipientSafety
  /** The token delivered, named in the contract warning. */
  destinationSymbol: string | undefined
  /** The person's "I understand" for a contract recipient. */
  consented: boolean
  onConsentChange: (consented: boolean) => void
}) {
  const { t } = useTranslation()
  const id = useId()
  const manifest = useManifest()
  const stored = useRecentRecipients()
  // Kept in this browser (the recent recipients, and the account wagmi restores while it reconnects): not in the
  // prerendered page, so shown once it is hydrated.
  const hydrated = useIsHydrated()
  const recent = hydrated ? stored : []
  const connected = hydrated ? props.connected : undefined
  const input = useRef<HTMLInputElement>(null)
  useTypedBeforeHydration(input, EARLY_FIELDS.recipient, props.value, props.onChange)
  const { recipient } = props
  const chainId = props.destinationChainId
  const destinationName = getManifestChain(manifest, chainId ?? 0)?.name
  // A contract account's address on another network may belong to no one, or to someone else: never one tap away.
  const contractSender = props.senderKind === 'contract'
  const originName = getManifestChain(manifest, props.originChainId ?? 0)?.name
  const suggestions = [contractSender ? undefined : connected, ...recent].filter(
    (a, i, all): a is Address => !!a && all.findIndex((b) => b?.toLowerCase() === a.toLowerCase()) === i,
  )
  return (
    <div className="recipient">
      <label className="field-label" htmlFor={id}>
        {t('Enter or select the recipient address')}
      </label>
      <input
        ref={input}
        id={id}
        className="text-input mono"
        value={props.value}
        maxLength={TEXT_INPUT_MAX_LENGTH}
        spellCheck={false}
        autoComplete="off"
        placeholder="0x…"
        {...{ [EARLY_FIELD_ATTRIBUTE]: EARLY_FIELDS.recipient }}
        aria-invalid={
          recipient.status === 'invalid' || (recipient.status === 'ok' && props.safety.status === 'refused')
        }
        onChange={(event) => props.onChange(event.target.value)}
      />
      {contractSender && originName && (
        <p className="field-warning" data-testid="contract-sender">
          {t(
            'Your wallet is a contract account on {{network}} (such as a Safe). Enter the recipient yourself: the same address on another network may not be yours.',
            { network: originName },
          )}{' '}
          {t(
            "If other owners must also sign, the swap may run after its quote's deadline: the bridge then refuses it or refunds it.",
          )}
        </p>
      )}
      {suggestions.length > 0 && (
        <div className="chips">
          {suggestions.map((suggestion) => (
            <button key={suggestion} type="button" className="chip" onClick={() => props.onChange(suggestion)}>
              {suggestion === connected ? t('My address') : shortAddress(suggestion)}
            </button>
          ))}
        </div>
      )}
      {recipient.status === 'invalid' && (
        <p className="field-error" role="alert">
          {t(recipient.error, recipient.values)}
        </p>
      )}
      {recipient.status === 'resolving' && (
        <p className="muted small" role="status">
          {t('Looking up {{name}} on Ethereum…', { name: recipient.name })}
        </p>
      )}
      {recipient.status === 'unresolved' && (
        <p className="field-error" role="alert">
          {t("Couldn't look up {{name}}: Ethereum's RPC did not answer.", { name: recipient.name })}{' '}
          <button type="button" className="link-button" onClick={recipient.retry}>
            {t('Try again')}
          </button>
        </p>
      )}
      {recipient.status === 'ok' && recipient.address !== recipient.typed && (
        <p className="muted small" data-testid="resolved-recipient">
          {recipient.name ? `${recipient.name} → ` : `${t('Sending to')} `}
          <span className="mono">{recipient.address}</span>
        </p>
      )}
      {recipient.status === 'ok' && recipient.record && destinationName && (
        <EnsRecordNote record={recipient.record} network={destinationName} />
      )}
      {recipient.status === 'ok' && (
        <RecipientSafetyNote
          safety={props.safety}
          symbol={props.destinationSymbol ?? ''}
          consented={props.consented}
          onConsentChange={props.onConsentChange}
        />
      )}
    </div>
  )
}

/**
 * Which ENS record the address is: the destination's own, or Ethereum's because the name has none for the
 * destination. A smart account's address often differs per chain, so the fallback is worth a second look.
 */
function EnsRecordNote({ record, network }: { record: EnsRecord; network: string }) {
  const { t } = useTranslation()
  if (record === 'destination') {
    return (
      <p className="muted small" data-testid="ens-record">
        {t('Resolved for {{network}}', { network })}
      </p>
    )
  }
  return (
    <p className="field-warning" data-testid="ens-record">
      {t('Mainnet address (no {{network}} record)', { network })}
    </p>
  )
}
