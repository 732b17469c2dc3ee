import { useTranslation } from 'react-i18next'
import { type Language, setLanguage } from '../../i18n/index.ts'

const OPTIONS: { value: Language; label: string; lang: string }[] = [
  { value: 'zh', label: '繁中', lang: 'zh-Hant' },
  { value: 'en', label: 'EN', lang: 'en' },
]

export function LanguageSwitch() {
  const { t, i18n } = useTranslation()
  const current = i18n.language === 'en' ? 'en' : 'zh'
  return (
    <fieldset className="language-switch">
      <legend className="visually-hidden">{t('Language')}</legend>
      {OPTIONS.map((option) => (
        <button
          key={option.value}
          type="button"
          lang={option.lang}
          aria-pressed={current === option.value}
          onClick={() => void setLanguage(option.value)}
        >
          {option.label}
        </button>
      ))}
    </fieldset>
  )
}
