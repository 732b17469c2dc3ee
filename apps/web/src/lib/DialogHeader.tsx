import * as Dialog from '@radix-ui/react-dialog'
import { useTranslation } from 'react-i18next'

/** The title and close button every dialog starts with. */
export function DialogHeader({ title }: { title: string }) {
  const { t } = useTranslation()
  return (
    <div className="dialog-header">
      <Dialog.Title className="dialog-title">{t(title)}</Dialog.Title>
      <Dialog.Close className="icon-button" aria-label={t('Close')}>
        ×
      </Dialog.Close>
    </div>
  )
}
