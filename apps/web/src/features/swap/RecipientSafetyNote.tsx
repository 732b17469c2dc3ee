import { ChainUnreachableError } from '@multi-bridge/core'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { toUserMessage } from '../../lib/errorMessages.ts'
import type { RecipientSafety } from './useRecipientSafety.ts'

/**
 * What the recipient field says about the address on the destination chain: a token's or a bridge's contract is
 * refused; any other contract needs the person's explicit "I understand"; so does an address the destination did not
 * answer about (it may be a contract), with the chain named and a way to check again.
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
        <ConsentRow testId="contract-consent" consented={props.consented} onConsentChange={props.onConsentChange}>
          {t('I understand: this contract can receive {{symbol}}', { symbol })}
        </ConsentRow>
      </div>
    )
  }
  if (safety.status === 'undeployed') {
    return (
      <div className="recipient-contract" data-testid="recipient-undeployed">
        <p className="field-warning" role="alert">
          {t(
            'This address is a contract on {{origin}} (such as a Safe or a smart account) but does not exist on {{network}}. If it is your Safe, it has not been created there: {{symbol}} sent to it may be lost for good.',
            { origin: safety.origin, network: safety.network, symbol },
          )}
        </p>
        <ConsentRow testId="undeployed-consent" consented={props.consented} onConsentChange={props.onConsentChange}>
          {t('I understand: I control this address on {{network}}', { network: safety.network })}
        </ConsentRow>
      </div>
    )
  }
  if (safety.status === 'unknown') {
    // The chain's own sentence from the catalogue ("Local Chain B is not answering"); any other failure says the
    // check failed there. Either way the address may be a contract: the person confirms it, as for a contract.
    const reason =
      safety.error instanceof ChainUnreachableError
        ? toUserMessage(safety.error)
        : { message: "Couldn't check this address on {{network}}", values: { network: safety.network } }
    return (
      <div className="recipient-contract" data-testid="recipient-unchecked">
        <p className="field-warning" role="alert">
          <strong className="recipient-unchecked-reason">{t(reason.message, reason.values)}</strong>{' '}
          {t(
            "This address couldn't be checked there. If it is a contract that can't take {{symbol}}, the tokens are lost.",
            {
              symbol,
            },
          )}{' '}
          <button
            type="button"
            className="link-button"
            onClick={safety.retry}
            disabled={safety.retrying}
            data-testid="recipient-recheck"
          >
            {safety.retrying ? t('Checking…') : t('Try again')}
          </button>
        </p>
        <ConsentRow testId="unchecked-consent" consented={props.consented} onConsentChange={props.onConsentChange}>
          {t('I understand: this address can receive {{symbol}}', { symbol })}
        </ConsentRow>
      </div>
    )
  }
  return null
}

/** The person's "I understand" under a recipient warning. */
function ConsentRow(props: {
  testId: string
  consented: boolean
  onConsentChange: (consented: boolean) => void
  children: ReactNode
}) {
  return (
    <label className="consent-row">
      <input
        type="checkbox"
        checked={props.consented}
        onChange={(event) => props.onConsentChange(event.target.checked)}
        data-testid={props.testId}
      />
      <span>{props.children}</span>
    </label>
  )
}
