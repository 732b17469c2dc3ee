import { useTranslation } from 'react-i18next'
import type { Duration } from '../../lib/format.ts'

/** A duration to the nearest of its unit: seconds up to 90 s ("80 seconds"), then minutes, then hours. */
export function roundedDuration(seconds: number): Duration {
  const s = Math.max(1, Math.round(seconds))
  if (s < 90) return { n: s, unit: 'second' }
  if (s < 90 * 60) return { n: Math.round(s / 60), unit: 'minute' }
  if (s < 36 * 3_600) return { n: Math.round(s / 3_600), unit: 'hour' }
  return { n: Math.round(s / 86_400), unit: 'day' }
}

/** A duration as the person reads it ("80 seconds", "2 minutes"; "80 秒"). */
export function useDurationText(): (seconds: number) => string {
  const { t } = useTranslation()
  return (seconds) => {
    const { n, unit } = roundedDuration(seconds)
    return t('{{n}} {{unit}}', { n, unit: t(unit, { count: n }) })
  }
}
