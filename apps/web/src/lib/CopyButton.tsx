import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { TOAST_MS } from './constants.ts'

/** Writes text to the clipboard: the Clipboard API, else the older `execCommand('copy')` on a selected field. */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    // No permission, an insecure page, or no Clipboard API: the way browsers copied before it.
    const field = document.createElement('textarea')
    field.value = text
    field.setAttribute('readonly', '')
    field.style.position = 'fixed'
    field.style.opacity = '0'
    document.body.append(field)
    field.select()
    try {
      return document.execCommand('copy')
    } catch {
      return false
    } finally {
      field.remove()
    }
  }
}

/**
 * A small "Copy" button for a value shown shortened (a hash, an address): says "Copied" for a moment when it
 * worked, "Couldn't copy" when the browser refused, and announces either.
 */
export function CopyButton({
  value,
  label,
  testId,
  text = 'Copy',
  className = 'copy-button',
}: {
  value: string
  label: string
  testId?: string
  /** Its look (default the small copy button beside a hash). */
  className?: string
  /** What the button says before it is used (default "Copy"). */
  text?: string
}) {
  const { t } = useTranslation()
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle')
  useEffect(() => {
    if (state === 'idle') return
    const timer = setTimeout(() => setState('idle'), TOAST_MS)
    return () => clearTimeout(timer)
  }, [state])
  return (
    <button
      type="button"
      className={`${className} copy-button-${state}`}
      aria-label={state === 'idle' ? t(label) : undefined}
      title={t(label)}
      onClick={() => void copyText(value).then((ok) => setState(ok ? 'copied' : 'failed'))}
      data-testid={testId}
    >
      <span aria-live="polite">
        {state === 'copied' ? t('Copied') : state === 'failed' ? t("Couldn't copy") : t(text)}
      </span>
    </button>
  )
}
