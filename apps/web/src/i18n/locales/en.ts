/** English: keys are the English text already; only plural forms need entries. */
const en: Record<string, string> = {
  second_one: 'second',
  second_other: 'seconds',
  minute_one: 'minute',
  minute_other: 'minutes',
  hour_one: 'hour',
  hour_other: 'hours',
  day_one: 'day',
  day_other: 'days',
}
export default en
