import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { type Language, setLanguage } from '../../i18n/index.ts'
import { EARLY_ACTION_ATTRIBUTE, EARLY_ACTIONS, type EarlyAction, takeEarlyActions } from '../../lib/earlyActions.ts'

const OPTIONS: { value: Language; label: string; lang: string; earlyAction: EarlyAction }[] = [
  { value: 'zh', label: '繁中', lang: 'zh-Hant', earlyAction: EARLY_ACTIONS.languageZh },
  { value: 'en', label: 'EN', lang: 'en', earlyAction: EARLY_ACTIONS.languageEn },
]

export function LanguageSwitch() {
  const { t, i18n } = useTranslation()
  const current = i18n.language === 'en' ? 'en' : 'zh'
  useEffect(() => {
    // A language clicked on the prerendered page, before the app was up: that language now (the last one clicked).
    const last = takeEarlyActions(OPTIONS.map((option) => option.earlyAction)).at(-1)
    const chosen = OPTIONS.find((option) => option.earlyAction === last)
    if (chosen) void setLanguage(chosen.value)
  }, [])
  return (
    <fieldset className="language-switch">
      <legend className="visually-hidden">{t('Language')}</legend>
      {OPTIONS.map((option) => (
        <button
          key={option.value}
          type="button"
          lang={option.lang}
          aria-pressed={current === option.value}
          {...{ [EARLY_ACTION_ATTRIBUTE]: option.earlyAction }}
          onClick={() => void setLanguage(option.value)}
        >
          {option.label}
        </button>
      ))}
    </fieldset>
  )
}
