import { useTranslation } from 'react-i18next'
import { CopyButton } from '../../lib/CopyButton.tsx'
import { shortHash } from '../../lib/format.ts'

/**
 * A transaction on a network ("Local Chain B: 0x1234…abcd"): a link to the network's explorer where the config
 * names one, plain text where it does not (the local network), so that nothing looks like a link that is not one;
 * the full hash is copied either way.
 */
export function TxHash({ hash, href, chain }: { hash: string; href: string | undefined; chain: string }) {
  const { t } = useTranslation()
  const text = `${chain}: ${shortHash(hash)}`
  return (
    <span className="tx-hash">
      {href ? (
        <a className="tx-link mono" href={href} target="_blank" rel="noreferrer" title={hash}>
          {text}
          <span className="visually-hidden"> {t('(opens the explorer)')}</span>
        </a>
      ) : (
        <span className="tx-text mono" title={hash} data-testid="tx-hash">
          {text}
        </span>
      )}
      <CopyButton value={hash} label="Copy transaction hash" testId="copy-hash" />
    </span>
  )
}
