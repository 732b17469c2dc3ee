/**
 * Traditional Chinese (zh-Hant) of what is said about a look-alike or unlisted token (features/picker/TokenList.tsx,
 * TokenCautionCheck.tsx, features/progress/TokenCautionNotes.tsx): with the later strings (languages.ts), since the
 * picker and the review open only on a click after start-up. Keys are the English text, so a missing entry shows
 * English.
 */
const zhTokenCaution: Record<string, string> = {
  'Look-alike': '仿冒代幣',
  'Not the {{symbol}} listed for {{network}}': '不是 {{network}} 清單上的 {{symbol}}',
  'Check {{symbol}} before you choose it': '選擇 {{symbol}} 前請先核對',
  'This {{symbol}} is not the {{listed}} listed for {{network}}. Tokens that copy the name of a listed token are a common scam, and may be worth nothing.':
    '此 {{symbol}} 不是 {{network}} 清單上的 {{listed}}。仿冒清單代幣名稱的代幣是常見詐騙，可能毫無價值。',
  'This token': '此代幣',
  'The listed {{symbol}}': '清單上的 {{symbol}}',
  'Back to the list': '返回清單',
  'Choose anyway': '仍要選擇',
  '{{symbol}} ({{address}}) is not the {{listed}} listed for {{network}}: tokens that copy a listed name are a common scam.':
    '{{symbol}}（{{address}}）不是 {{network}} 清單上的 {{listed}}：仿冒清單名稱的代幣是常見詐騙。',
  '{{symbol}} ({{address}}) is not on the list of {{network}}: check its address.':
    '{{symbol}}（{{address}}）不在 {{network}} 的清單中：請核對其地址。',
}
export default zhTokenCaution
