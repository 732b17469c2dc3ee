// Public entry of the wallet feature (.dependency-cruiser.cjs): re-exports only, no side effects. Code loaded with import()
// (its dialogs, the wallet layer's runtime, the wagmi wallet adapter) stays out, so that it stays out of the chunk of whoever
// imports from here: nothing here imports wagmi's code except `switchNetwork`, which only lazy chunks use.
export { earlyWalletScript } from './earlyWallet.ts'
export { withdrawEarlyConnect } from './earlyWalletState.ts'
export { switchNetwork } from './switchNetwork.ts'
export { useWalletAdapter } from './useWalletAdapter.ts'
export { useWalletEvents } from './useWalletEvents.ts'
export { WalletSlot, WalletSlotMarkup, walletSlotMarkup } from './WalletSlot.tsx'
export {
  useWalletConfig,
  useWalletConnection,
  type WalletConnection,
  walletLayer,
} from './walletLayer.ts'
