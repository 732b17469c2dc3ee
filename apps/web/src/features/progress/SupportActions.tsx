import type { SwapRecord } from '@multi-bridge/core'
import { useTranslation } from 'react-i18next'
import { useIntlFormat } from '../../i18n/intlFormat.ts'
import { CopyButton } from '../../lib/CopyButton.tsx'
import { useManifest } from '../../lib/ManifestContext.tsx'
import { receiptLink, SUPPORT_WARNING, supportText } from './supportText.ts'

/** This page's address before its hash: where a receipt's link opens. */
const pageBase = () => `${window.location.origin}${window.location.pathname}`

/**
 * A sent swap's "Copy for support" (its facts as plain text, `supportText`) and "Copy link" (its receipt, which anyone
 * opens from the chains), with the warning that no real support agent asks for a seed phrase or a signature.
 */
export function SupportActions({ record, status }: { record: SwapRecord; status: string }) {
  const { t } = useTranslation()
  const manifest = useManifest()
  const format = useIntlFormat()
  const link = receiptLink(pageBase(), record)
  const text = supportText(record, { manifest, t, status, time: format.dateTime, link })
  return (
    <div className="support-actions" data-testid="support-actions">
      <div className="support-buttons">
        <CopyButton
          value={text}
          label="Copy for support"
          text="Copy for support"
          className="button-secondary"
          testId="copy-support"
        />
        {link && (
          <CopyButton
            value={link}
            label="Copy link"
            text="Copy link"
            className="button-secondary"
            testId="copy-receipt-link"
          />
        )}
      </div>
      <p className="muted small">{t(SUPPORT_WARNING)}</p>
    </div>
  )
}
