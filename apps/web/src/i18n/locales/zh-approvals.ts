/**
 * Traditional Chinese (zh-Hant) of "Your approvals" (features/approvals): with the later strings (languages.ts), since
 * the view opens only on a click after start-up. Keys are the English text, so a missing entry shows English.
 */
const zhApprovals: Record<string, string> = {
  'Your approvals': '您的授權',
  'An allowance lets a contract take your tokens without asking again. This app approves only what each swap spends; an allowance left from before stays until you revoke it.':
    '授權額度讓合約不必再次詢問就能取走您的代幣。本應用每次兌換只授權所需的金額；先前留下的授權會一直有效，直到您撤銷。',
  'Connect your wallet to see its approvals.': '連接錢包以查看其授權。',
  'Reading your approvals…': '正在讀取您的授權…',
  Unlimited: '無限額',
  'may be spent by {{spender}}': '可由 {{spender}} 動用',
  'This contract drained the approvals given to it on {{date, datetime(dateStyle: medium)}}.':
    '此合約曾於 {{date, datetime(dateStyle: medium)}} 盜用使用者給它的授權。',
  'What happened': '事件經過',
  Revoke: '撤銷',
  'Revoke {{token}} for {{spender}}': '撤銷 {{spender}} 的 {{token}} 授權',
  'Revoke all {{count}}': '全部撤銷（{{count}}）',
  'Revoking…': '正在撤銷…',
  'Its approvals are not shown.': '其授權未顯示。',
  'No allowances to the contracts this app knows.': '沒有給本應用已知合約的授權。',
  'Allowance revoked': '已撤銷授權',
  '{{count}} allowances are not zero yet': '仍有 {{count}} 筆授權不為零',
  "Proposed to your Safe's other owners: the allowances stay until they sign":
    '已提交給 Safe 的其他擁有者：在他們簽署之前，授權仍然有效',
  // After a swap that approved its token (features/approvals/LeftAllowance.tsx).
  '{{spender}} may still take {{amount}} {{token}} from your wallet: this swap approved it.':
    '{{spender}} 仍可從您的錢包取走 {{amount}} {{token}}：這是此筆兌換給的授權。',
  'an unlimited amount of': '不限數量的',
  'Review approvals': '檢查授權',
}

export default zhApprovals
