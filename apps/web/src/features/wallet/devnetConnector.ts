import type { LocalWalletProvider } from '@multi-bridge/core'
import { type Chain, getAddress, numberToHex, SwitchChainError } from 'viem'
import { ChainNotConfiguredError, createConnector } from 'wagmi'
import { safeStorage } from '../../lib/safeStorage.ts'
import { DEVNET_CONNECTED_KEY } from './earlyWalletState.ts'

export const DEVNET_CONNECTOR_ID = 'devnet'
// Read by index.html's inline script too (earlyWallet.ts): while it is not 'true', this wallet does not reconnect.
const CONNECTED_KEY = DEVNET_CONNECTED_KEY

const icon = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#0f766e"/><path d="M8 11h16v12H8z" fill="none" stroke="#fff" stroke-width="2.5"/><path d="M8 11l3-4h10l3 4" fill="none" stroke="#fff" stroke-width="2.5"/><circle cx="20" cy="17" r="2" fill="#fff"/></svg>',
)}`

/**
 * The devnet wallet: signs with a funded key of the local network, so a newcomer can swap without
 * installing anything. Only created in devnet mode.
 */
export function devnetWallet(parameters: { mnemonic: string; addressIndex: number; chains: readonly Chain[] }) {
  let provider: LocalWalletProvider | undefined
  // The key derivation (and its word list) loads only when the devnet wallet is used.
  const load = async () => {
    if (!provider) {
      const { createDevnetWalletProvider } = await import('./devnetWalletProvider.ts')
      provider = createDevnetWalletProvider(parameters)
    }
    return provider
  }
  const authorized = () => safeStorage.getItem(CONNECTED_KEY) === 'true'
  return createConnector<LocalWalletProvider>((config) => {
    // The wallet's event listeners, bound once: added when a connection starts, removed when it ends, so that
    // connecting again never doubles them (each would emit every change once more).
    let listeners:
      | {
          accountsChanged: (accounts: string[]) => void
          chainChanged: (chainId: string) => void
          disconnect: () => void
        }
      | undefined
    const removeListeners = () => {
      if (!provider || !listeners) return
      provider.removeListener('accountsChanged', listeners.accountsChanged)
      provider.removeListener('chainChanged', listeners.chainChanged)
      provider.removeListener('disconnect', listeners.disconnect)
      listeners = undefined
    }
    return {
      id: DEVNET_CONNECTOR_ID,
      name: 'Local test wallet',
      type: 'devnet',
      icon,
      async getProvider() {
        // wagmi's reconnect asks every connector for its provider at start, and skips those without one: unless
        // this wallet was connected before, it stays unloaded until the person picks it.
        if (!provider && !authorized()) return undefined as unknown as LocalWalletProvider
        return load()
      },
      async connect(options) {
        const wallet = await load()
        const accounts = (await wallet.request({ method: 'eth_requestAccounts' })).map((a) => getAddress(a))
        if (options?.chainId !== undefined && options.chainId !== wallet.chainId()) {
          await wallet.request({
            method: 'wallet_switchEthereumChain',
            params: [{ chainId: numberToHex(options.chainId) }],
          })
        }
        if (!listeners) {
          listeners = {
            accountsChanged: this.onAccountsChanged.bind(this),
            chainChanged: this.onChainChanged.bind(this),
            disconnect: () => this.onDisconnect(),
          }
          wallet.on('accountsChanged', listeners.accountsChanged)
          wallet.on('chainChanged', listeners.chainChanged)
          wallet.on('disconnect', listeners.disconnect)
        }
        safeStorage.setItem(CONNECTED_KEY, 'true')
        return { accounts, chainId: wallet.chainId() } as never
      },
      async disconnect() {
        const wallet = await load()
        removeListeners()
        safeStorage.removeItem(CONNECTED_KEY)
        await wallet.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })
      },
      async getAccounts() {
        const wallet = await load()
        return (await wallet.request({ method: 'eth_accounts' })).map((a) => getAddress(a))
      },
      async getChainId() {
        return (await load()).chainId()
      },
      async isAuthorized() {
        return authorized()
      },
      async switchChain({ chainId }) {
        const chain = config.chains.find((c) => c.id === chainId)
        if (!chain) throw new SwitchChainError(new ChainNotConfiguredError())
        const wallet = await load()
        try {
          await wallet.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: numberToHex(chainId) }] })
        } catch (error) {
          throw new SwitchChainError(error as Error)
        }
        return chain
      },
      onAccountsChanged(accounts) {
        if (accounts.length === 0) this.onDisconnect()
        else config.emitter.emit('change', { accounts: accounts.map((a) => getAddress(a)) })
      },
      onChainChanged(chainId) {
        config.emitter.emit('change', { chainId: Number(chainId) })
      },
      onDisconnect() {
        removeListeners()
        config.emitter.emit('disconnect')
      },
    }
  })
}
