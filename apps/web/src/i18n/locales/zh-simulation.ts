/**
 * Traditional Chinese (zh-Hant) of what the review says of the deposit's simulation and its worst case
 * (features/progress/SimulationResult.tsx, WorstCase.tsx): with the later strings (languages.ts), since the review opens only on a click after
 * start-up. Keys are the English text, so a missing entry shows English.
 */
const zhSimulation: Record<string, string> = {
  'Simulating the deposit on {{network}}…': '正在 {{network}} 上模擬這筆存入…',
  'Simulated on {{network}}: it goes through.': '已在 {{network}} 上模擬：可以成功執行。',
  'Comes to your wallet': '轉入您的錢包',
  'Not simulated: you only sign, and the solver sends the deposit.': '未模擬：您只需簽名，存入由求解者送出。',
  'Not simulated: {{network}} did not answer.': '未模擬：{{network}} 沒有回應。',
  'Not simulated: {{network}} offers no way to simulate it.': '未模擬：{{network}} 不提供模擬的方法。',
  // The worst case before signing (features/progress/WorstCase.tsx).
  'If it goes wrong': '若出了問題',
  'Usually arrives in': '通常送達時間',
  'Arrives at the latest': '最遲送達',
  'No deadline: this bridge always delivers': '沒有期限：這座橋一定會交付',
  '{{duration}} after the deposit': '存入後 {{duration}}',
  'No refund: this bridge always delivers': '沒有退款：這座橋一定會交付',
  '{{provider}} returns the tokens by itself after {{time}}': '{{provider}} 會在 {{time}} 之後自行退還代幣',
  'Your Refund button here, from {{time}}': '本頁的「退款」按鈕，{{time}} 起可用',
  'Your Refund button here, {{duration}} after the deposit': '本頁的「退款」按鈕，存入後 {{duration}} 可用',
  'Comes back': '退回',
  '{{amount}} on {{network}}': '{{network}} 上的 {{amount}}',
  '{{symbol}} on {{network}}, as much as {{provider}} refunds':
    '{{network}} 上的 {{symbol}}，金額依 {{provider}} 的退款',
}

export default zhSimulation
