/**
 * Traditional Chinese (zh-Hant) of a swap's receipt and its copies for support (pages/history's receipt,
 * features/progress/SupportActions.tsx and supportText.ts): with the later strings (languages.ts), since they show only
 * in a swap's dialog, opened by a click or a link after start-up. Keys are the English text.
 */
const zhReceipt: Record<string, string> = {
  'Copy ID': '複製 ID',
  'Copy for support': '複製給客服',
  'Copy link': '複製連結',
  'No real support agent ever asks for your seed phrase, your private key or a signature. Never give them to anyone.':
    '真正的客服絕不會向您索取助記詞、私鑰或簽名。請勿提供給任何人。',
  'Swap receipt': '兌換收據',
  "The token and amount on arrival are {{provider}}'s word until {{network}} shows the delivery.":
    '到帳的代幣與數量是 {{provider}} 自己的說法，直到 {{network}} 顯示交付為止。',
  // The routes list's providers (features/swap/ProviderFilter.tsx): shown once routes are in, after start-up.
  Providers: '提供者',
  'Providers ({{n}} hidden)': '提供者（已隱藏 {{n}} 個）',
  'Show routes from': '顯示這些提供者的路由',
  'Routes from {{names}} are hidden.': '已隱藏 {{names}} 的路由。',
  'Every route found is from a provider you hid: {{names}}.': '找到的路由都來自您隱藏的提供者：{{names}}。',
  'Delivered {{amount}} {{token}} on {{network}}': '已在 {{network}} 交付 {{amount}} {{token}}',
  'Delivered at least {{amount}} {{token}} on {{network}}': '已在 {{network}} 交付至少 {{amount}} {{token}}',
  'Read from the chains by its deposit transaction, not from this device.': '依存入交易從鏈上讀取，而非來自此裝置。',
  "This receipt link names a network this app doesn't serve.": '此收據連結指向本應用不支援的網路。',
  "This receipt link's transaction is not a transaction hash.": '此收據連結中的交易不是有效的交易雜湊。',
  'Reading the deposit from {{network}}…': '正在從 {{network}} 讀取存入…',
  'This transaction on {{network}} is no deposit this app knows.': '{{network}} 上的這筆交易不是本應用已知的存入。',
  // The lines of the text copied for support (features/progress/supportText.ts).
  Provider: '提供者',
  Route: '路線',
  Status: '狀態',
  Received: '已收到',
  From: '發送者',
  'Deposit transaction': '存入交易',
  'Delivery transaction': '交付交易',
  'Refund transaction': '退款交易',
  'Sent at': '發送時間',
  'Delivered at': '送達時間',
  Receipt: '收據',
  // Each provider's record, from History (pages/history/ProviderRecords.tsx).
  'How each provider did for you': '各提供者為您完成的情況',
  Swaps: '兌換',
  '{{swaps}}: {{completed}} completed, {{refunded}} refunded, {{failed}} failed':
    '{{swaps}} 筆：{{completed}} 筆完成、{{refunded}} 筆退款、{{failed}} 筆失敗',
  'Received against the quote': '實收對報價',
  'Received against the minimum signed': '實收對簽署的最低金額',
  'Time against the estimate': '耗時對預估',
  '{{took}} (estimated {{estimate}})': '{{took}}（預估 {{estimate}}）',
  'Medians of your own swaps on this device.': '取自此裝置上您自己兌換的中位數。',
}

export default zhReceipt
