/**
 * Traditional Chinese (zh-Hant) of WalletConnect's entry and pairing panel (features/wallet/WalletConnectPanel.tsx):
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
}
export default zhWalletConnect
