import { useTranslation } from 'react-i18next'
import { approximateDuration } from './format.ts'

/**
 * A duration's values for a sentence that says it ("Approximately {{n}} {{unit}}"), by the one rounding rule every
 * time on screen follows (`approximateDuration`): an estimate, a time so far and a time taken of the same length read
 * the same, in the route card, the progress dialog and History.
 */
export function useDurationValues(): (seconds: number) => { n: number; unit: string } {
  const { t } = useTranslation()
  return (seconds) => {
    const { n, unit } = approximateDuration(seconds)
    return { n, unit: t(unit, { count: n }) }
  }
}

/** A duration as the person reads it ("80 seconds", "2 minutes"; "80 秒"). */
export function useDurationText(): (seconds: number) => string {
  const { t } = useTranslation()
  const values = useDurationValues()
  return (seconds) => t('{{n}} {{unit}}', values(seconds))
}
