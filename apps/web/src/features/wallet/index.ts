// Public entry of the wallet feature (.dependency-cruiser.cjs): re-exports only, no side effects. Code loaded with import()
// (its dialogs, the swap services) stays out, so that it stays out of the chunk of whoever imports from here.
export { switchNetwork } from './switchNetwork.ts'
export { useWalletEvents } from './useWalletEvents.ts'
export { WalletButton } from './WalletButton.tsx'
export { createWagmiConfig } from './wagmiConfig.ts'
