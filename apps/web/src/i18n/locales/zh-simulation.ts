/**
 * Traditional Chinese (zh-Hant) of what the review says of the deposit's simulation (features/progress/
 * SimulationResult.tsx): with the later strings (languages.ts), since the review opens only on a click after
 * start-up. Keys are the English text, so a missing entry shows English.
 */
const zhSimulation: Record<string, string> = {
  'Simulating the deposit on {{network}}…': '正在 {{network}} 上模擬這筆存入…',
  'Simulated on {{network}}: it goes through.': '已在 {{network}} 上模擬：可以成功執行。',
  'Comes to your wallet': '轉入您的錢包',
  'Not simulated: you only sign, and the solver sends the deposit.': '未模擬：您只需簽名，存入由求解者送出。',
  'Not simulated: {{network}} did not answer.': '未模擬：{{network}} 沒有回應。',
  'Not simulated: {{network}} offers no way to simulate it.': '未模擬：{{network}} 不提供模擬的方法。',
  'This deposit would fail, so nothing was signed.': '這筆存入會失敗，因此沒有簽署任何內容。',
}

export default zhSimulation
