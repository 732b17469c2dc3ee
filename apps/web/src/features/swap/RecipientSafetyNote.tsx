import { useTranslation } from 'react-i18next'
import type { RecipientSafety } from './useRecipientSafety.ts'

/**
 * What the recipient field says about the address on the destination chain: a token's or a bridge's contract is
 * refused; any other contract needs the person's explicit "I understand"; a chain that did not answer is said.
 */
export function RecipientSafetyNote(props: {
  safety: RecipientSafety
  /** The token delivered. */
  symbol: string
  consented: boolean
  onConsentChange: (consented: boolean) => void
}) {
  const { t } = useTranslation()
  const { safety, symbol } = props
  if (safety.status === 'refused') {
    const { refusal, network } = safety
    return (
      <p className="field-error" role="alert" data-testid="recipient-refused">
        {refusal.kind === 'token'
          ? t(
              'This is the {{symbol}} token contract on {{network}}, not a wallet: tokens sent to it are lost. Enter the address of the wallet that should receive them.',
              { symbol: refusal.symbol, network },
            )
          : t(
              'This is the {{name}} contract on {{network}}, not a wallet: tokens sent to it are lost. Enter the address of the wallet that should receive them.',
              { name: refusal.name, network },
            )}
      </p>
    )
  }
  if (safety.status === 'contract') {
    return (
      <div className="recipient-contract" data-testid="recipient-contract">
        <p className="field-warning" role="alert">
          {t(
            'This address is a contract on {{network}}, not a wallet. Unless it was made to receive {{symbol}}, the tokens are lost.',
            { network: safety.network, symbol },
          )}
        </p>
        <label className="consent-row">
          <input
            type="checkbox"
            checked={props.consented}
            onChange={(event) => props.onConsentChange(event.target.checked)}
            data-testid="contract-consent"
          />
          <span>{t('I understand: this contract can receive {{symbol}}', { symbol })}</span>
        </label>
      </div>
    )
  }
  if (safety.status === 'unknown') {
    return (
      <p className="muted small" role="status" data-testid="recipient-unchecked">
        {t("Couldn't check this address on {{network}}: its RPC did not answer.", { network: safety.network })}
      </p>
    )
  }
  return null
}
