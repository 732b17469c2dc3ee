import { useTranslation } from 'react-i18next'
import { toUserMessage } from '../../lib/errorMessages.ts'
import type { useReceipt } from './useReceipt.ts'

/**
 * What History says of a receipt link while its swap is not on screen: being read, a link that names no chain or no
 * transaction, a transaction that is no deposit this app knows, or a chain that did not answer (with Try again).
 */
export function ReceiptStatus({ receipt }: { receipt: ReturnType<typeof useReceipt> }) {
  const { t } = useTranslation()
  const { requested, problem, chainName, query } = receipt
  if (!requested) return null
  const say = (text: string, role: 'status' | 'alert' = 'status') => (
    <p className={role === 'alert' ? 'form-error' : 'notice-inline'} role={role} data-testid="receipt-status">
      {text}
    </p>
  )
  if (problem === 'chain') return say(t("This receipt link names a network this app doesn't serve."), 'alert')
  if (problem === 'hash') return say(t("This receipt link's transaction is not a transaction hash."), 'alert')
  if (query.isPending) return say(t('Reading the deposit from {{network}}…', { network: chainName }))
  if (query.isError) {
    const { message, values } = toUserMessage(query.error)
    return (
      <div className="form-error" role="alert" data-testid="receipt-status">
        {t(message, values)}{' '}
        <button type="button" className="link-button" onClick={() => void query.refetch()}>
          {t('Try again')}
        </button>
      </div>
    )
  }
  if (query.data === null) {
    return say(t('This transaction on {{network}} is no deposit this app knows.', { network: chainName }), 'alert')
  }
  return null
}
