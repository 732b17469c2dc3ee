import zh from './zh.ts'

/** Simplified Chinese exists for time units only; every other label stays Traditional. */
const zhHans: Record<string, string> = {
  ...zh,
  second_other: '秒',
  minute_other: '分钟',
  hour_other: '小时',
  day_other: '天',
  'Approximately {{n}} {{unit}}': '大约 {{n}} {{unit}}',
}
export default zhHans
