/**
 * Phone wallets that take a WalletConnect pairing through their universal link (`<link>/wc?uri=<pairing URI>`, as
 * WalletConnect's wallet registry lists each one's `mobile.universal`), the most used first. Any other wallet on the
 * phone takes the `wc:` URI itself, which Android and iOS hand to the wallet app that registered the scheme.
 */
export const PHONE_WALLETS: readonly { name: string; universalLink: string }[] = [
  { name: 'MetaMask', universalLink: 'https://metamask.app.link' },
  { name: 'Trust Wallet', universalLink: 'https://link.trustwallet.com' },
  { name: 'Rainbow', universalLink: 'https://rnbwapp.com' },
  { name: 'SafePal', universalLink: 'https://link.safepal.io' },
]

/** The link that opens `wallet` with the pairing URI. */
export const walletLink = (wallet: { universalLink: string }, uri: string): string =>
  `${wallet.universalLink}/wc?uri=${encodeURIComponent(uri)}`
