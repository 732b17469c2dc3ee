/**
 * Traditional Chinese (zh-Hant) of WalletConnect's and the SDK wallets' entries and pairing panel
 * (features/wallet/ConnectDialog.tsx, WalletConnectPanel.tsx):
 * with the later strings (languages.ts), since the wallet list opens only on a click after start-up. Keys are the
 * English text, so a missing entry shows English.
 */
const zhWalletConnect: Record<string, string> = {
  'A wallet on your phone: scan a code, or open it': '手機上的錢包：掃描 QR 碼或直接開啟',
  '← Other wallets': '← 其他錢包',
  'Preparing the connection…': '正在準備連接…',
  'Open your wallet app to connect': '開啟錢包 App 以連接',
  'Another wallet on this phone': '這支手機上的其他錢包',
  'Or scan this code from another device': '或用另一部裝置掃描此 QR 碼',
  'Scan this code with your phone’s wallet': '用手機上的錢包掃描此 QR 碼',
  'WalletConnect pairing code': 'WalletConnect 配對 QR 碼',
  'Copy link': '複製連結',
  'Waiting for your wallet to approve…': '等待您在錢包中核准…',
  'WalletConnect does not answer. Check your connection and try again.':
    'WalletConnect 沒有回應。請檢查網路連線後再試一次。',
  'MetaMask on your phone: scan a code, or open the app': '手機上的 MetaMask：掃描 QR 碼或開啟 App',
  'A passkey wallet or the Coinbase Wallet app, in its own window': '在其視窗中使用通行密鑰錢包或 Coinbase Wallet App',
  'Continue in the window {{wallet}} opened…': '請在 {{wallet}} 開啟的視窗中繼續…',
  '{{wallet}} could not be loaded. Check your connection and try again.':
    '無法載入 {{wallet}}。請檢查網路連線後再試一次。',
  'Scan this code with MetaMask on your phone': '用手機上的 MetaMask 掃描此 QR 碼',
  'MetaMask pairing code': 'MetaMask 配對 QR 碼',
  'MetaMask does not answer. Check your connection and try again.': 'MetaMask 沒有回應。請檢查網路連線後再試一次。',
  'Open MetaMask': '開啟 MetaMask',
  Cancel: '取消',
}
export default zhWalletConnect
