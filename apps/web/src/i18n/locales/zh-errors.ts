/**
 * Traditional Chinese (zh-Hant) of the messages only the error catalogue (lib/errorMessages.ts) shows: a chunk of its
 * own, asked for once the page is idle after start-up (i18n/index.ts), since none is shown before the first page is
 * usable. Every other string is in zh.ts. Keys are the English text, so a missing entry shows English.
 */
const zhErrors: Record<string, string> = {
  'Missing chain info for {{id}}. Please add it manually': '缺少鏈 {{id}} 的資訊，請手動新增',
  'Unknown contract type: {{type}}': '未知的合約類型：{{type}}',
  'The request timed out': '請求逾時',
  'The request was cancelled': '請求已取消',
  'Network error: check your connection': '網路錯誤：請檢查您的連線',
  'The service answered with an error ({{status}})': '服務回應錯誤（{{status}}）',

  'Not enough {{coin}} on {{network}} for gas': '{{network}} 上的 {{coin}} 不足以支付 Gas',
  "Not enough of the network's coin to pay for gas": '此網路的原生幣不足以支付 Gas',
  'The quote changed before the deposit, so nothing left your wallet. Check the new amount and try again.':
    '存入前報價已變更，因此沒有任何款項離開您的錢包。請確認新金額後重試。',
  'The quote expired before the deposit, so nothing left your wallet. Review a new quote and try again.':
    '存入前報價已過期，因此沒有任何款項離開您的錢包。請查看新報價後重試。',
  'This route is no longer available, so nothing left your wallet. Check the routes again.':
    '這條路線已無法使用，因此沒有任何款項離開您的錢包。請重新查看路線。',
  'The connected account changed, so nothing left your wallet. Check the new quote and try again.':
    '已連接的帳戶已變更，因此沒有任何款項離開您的錢包。請確認新報價後重試。',
  'The provider refunds this transfer by itself': '此轉帳由提供者自行退款',
  '{{token}} refused to set its allowance to zero, so nothing was sent.':
    '{{token}} 拒絕將授權額度設為零，因此沒有送出任何交易。',
  'The bridge is paused: this deposit would fail, so nothing was signed. Choose another route.':
    '這座橋已暫停：這筆存入會失敗，因此沒有簽署任何內容。請選擇其他路線。',
  'The quote expired on chain: this deposit would fail, so nothing was signed. Review a new quote.':
    '報價已在鏈上過期：這筆存入會失敗，因此沒有簽署任何內容。請查看新報價。',
  'Your balance no longer covers this amount: the deposit would fail, so nothing was signed.':
    '您的餘額已不足以支付此金額：這筆存入會失敗，因此沒有簽署任何內容。',
  'The token refuses the approval: the deposit would fail, so nothing was signed.':
    '此代幣拒絕授權：這筆存入會失敗，因此沒有簽署任何內容。',
  'This deposit would take more from your wallet than this swap ({{amount}}), so nothing was signed.':
    '這筆存入會從您的錢包取走比這筆兌換更多的資產（{{amount}}），因此沒有簽署任何內容。',
  'The bridge would refuse this deposit ({{reason}}), so nothing was signed.':
    '橋會拒絕這筆存入（{{reason}}），因此沒有簽署任何內容。',
  'The bridge would refuse this deposit (“{{reason}}”), so nothing was signed.':
    '橋會拒絕這筆存入（「{{reason}}」），因此沒有簽署任何內容。',
  'The bridge would refuse this deposit without saying why, so nothing was signed.':
    '橋會拒絕這筆存入但未說明原因，因此沒有簽署任何內容。',
  'Only {{account}} can refund this swap': '只有 {{account}} 可以退還這筆兌換',
  'The deposit is still not mined after {{minutes}} minutes: it may have been dropped or replaced in your wallet. Check its activity; this page keeps looking.':
    '存入交易在 {{minutes}} 分鐘後仍未上鏈：它可能已在您的錢包中被丟棄或取代。請查看錢包的活動記錄；本頁會持續查詢。',
  "The solver hasn't confirmed your signed order. It may still be opened until {{time, datetime(timeStyle: short)}}: don't sign it again. It stays in History, followed there.":
    '求解者尚未確認您簽署的訂單。它在 {{time, datetime(timeStyle: short)}} 之前仍可能被開立：請勿再次簽署。這筆兌換會保留在歷史紀錄中並持續追蹤。',
  "Sent, not confirmed yet: {{network}} hasn't shown it. It's checked again; don't send it twice.":
    '已送出，尚未確認：{{network}} 還沒有顯示它。系統會再次檢查，請勿重複送出。',
  '{{provider}} is not available in this app now, so this swap is not followed here':
    '{{provider}} 目前無法在此應用程式中使用，因此這裡不會追蹤此兌換',
  '{{network}} has made no new block for {{minutes}} min': '{{network}} 已有 {{minutes}} 分鐘沒有產生新區塊',
  'Nothing is held for this swap any more: it was refunded or delivered. Its status updates shortly.':
    '此兌換已無任何資金被保留：它已退款或已交付。其狀態很快就會更新。',
  'The transaction was cancelled or replaced in your wallet: it did nothing. Try again.':
    '交易已在您的錢包中取消或被取代，沒有產生任何效果。請重試。',
  'The wallet stopped before the deposit: nothing was deposited. Try again.':
    '錢包在存入前停止：沒有存入任何資金。請再試一次。',
  'The new quote is not for what you reviewed, so nothing left your wallet. Check it and try again.':
    '新的報價與您檢查的內容不符，因此沒有任何款項離開您的錢包。請確認後重試。',
  "The bridge's service is not answering": '跨鏈橋的服務沒有回應',
  'No answer within {{seconds}} seconds': '{{seconds}} 秒內沒有回應',
  'The transaction to sign does not match your swap. Nothing was signed.':
    '要簽署的交易與您的兌換不符。未簽署任何內容。',
  'The transaction to sign calls another contract than the route names. Nothing was signed.':
    '要簽署的交易呼叫的合約與路由所列不同。未簽署任何內容。',
  'The transaction to sign sends to another recipient than yours. Nothing was signed.':
    '要簽署的交易會發送給其他接收者，而非您指定的地址。未簽署任何內容。',
  'The transaction to sign goes to another network than you chose. Nothing was signed.':
    '要簽署的交易會發往您未選擇的網路。未簽署任何內容。',
  'The transaction to sign sends another token than you chose. Nothing was signed.':
    '要簽署的交易會發送您未選擇的代幣。未簽署任何內容。',
  'The transaction to sign sends another amount than you entered. Nothing was signed.':
    '要簽署的交易發送的數量與您輸入的不同。未簽署任何內容。',
  'The transaction to sign sends more of the native coin than the route shows. Nothing was signed.':
    '要簽署的交易發送的原生幣多於路由所示。未簽署任何內容。',
  'The transaction to sign delivers less, or another token, than the route shows. Nothing was signed.':
    '要簽署的交易交付的數量少於路由所示，或為其他代幣。未簽署任何內容。',
  'The transaction to sign would refund someone else. Nothing was signed.':
    '要簽署的交易會把退款交給其他人。未簽署任何內容。',
  'The transaction to sign runs a call on the destination you did not ask for. Nothing was signed.':
    '要簽署的交易會在目標鏈上執行您未要求的呼叫。未簽署任何內容。',
  'The approval asked is not the exact amount to the contract called. Nothing was signed.':
    '所要求的授權並非對所呼叫合約的精確數量。未簽署任何內容。',
  'The transaction to sign commits to another order than the quote shows. Nothing was signed.':
    '要簽署的交易所承諾的訂單與報價所示不同。未簽署任何內容。',
  'The transaction to sign would refund you in another token, or not at all. Nothing was signed.':
    '要簽署的交易會以其他代幣退款給您，或根本不退款。未簽署任何內容。',
  'The transaction to sign commits to an order that ends before it could be filled, or holds your deposit for too long. Nothing was signed.':
    '要簽署的交易所承諾的訂單會在可被交付之前截止，或會過久持有您的存款。未簽署任何內容。',
  'The transaction to sign lets someone other than the provider settle your deposit. Nothing was signed.':
    '要簽署的交易讓供應商以外的人結算您的存款。未簽署任何內容。',
  'The transaction to sign lets a single relayer hold your deposit for longer than the bridge allows. Nothing was signed.':
    '要簽署的交易讓單一中繼者持有您的存款超過橋接協議允許的時間。未簽署任何內容。',
  'The signature asked would pay something else than this swap. Nothing was signed.':
    '要求的簽章會支付與此兌換不同的內容。未簽署任何內容。',
  'The price moved before the solver opened your order. Nothing left your wallet: check the new quote.':
    '求解者開立訂單前價格已變動。您的錢包未支出任何資金：請查看新的報價。',
  'The signature came too late for this quote. Nothing left your wallet: sign the new quote.':
    '簽章晚於此報價的期限。您的錢包未支出任何資金：請簽署新的報價。',
  'The solver cannot take this order now. Nothing left your wallet: try again or choose another route.':
    '求解者目前無法承接此訂單。您的錢包未支出任何資金：請重試或選擇其他路徑。',
  'Your balance no longer covers this amount. Nothing left your wallet.':
    '您的餘額已不足此金額。您的錢包未支出任何資金。',
  'This order is already open: follow it in History.': '此訂單已開立：請在歷史紀錄中追蹤。',
  'This order is already being opened: follow it in History.': '此訂單正在開立中：請在歷史紀錄中追蹤。',
  "The solver can't reach one of these networks right now. Nothing left your wallet: try again shortly.":
    '求解者目前無法連線到其中一個網路。您的錢包未支出任何資金：請稍後重試。',
  'The solver did not open your order ({{code}}). Nothing left your wallet.':
    '求解者未開立您的訂單（{{code}}）。您的錢包未支出任何資金。',
  'This wallet cannot sign this swap without gas. Choose a route with gas instead.':
    '此錢包無法以免 Gas 方式簽署此兌換。請改選需要 Gas 的路徑。',
}
export default zhErrors
