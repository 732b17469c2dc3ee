import { type MultiBridgeError, WalletConnectError, WalletPluginNotFoundError, walkError } from '@multi-bridge/core'
import { type Config, type Connector, ProviderNotFoundError } from 'wagmi'

/** Maps wagmi's connection failures onto SPEC §6: a missing provider, or a refused/failed connection. */
export function toConnectError(error: unknown): MultiBridgeError {
  if (walkError(error, (item) => item instanceof ProviderNotFoundError)) return new WalletPluginNotFoundError(error)
  return new WalletConnectError(error)
}

/** The plain injected connector only counts when the page actually has `window.ethereum`. */
export function isUsableConnector(connector: Connector): boolean {
  if (connector.id === 'injected') return typeof window !== 'undefined' && 'ethereum' in window && !!window.ethereum
  return true
}

declare global {
  interface Window {
    ethereum?: unknown
  }
}

/** A connection the person gave up on while its wallet still holds it: the page's wallet state is what it was. */
export function abandonConnect(config: Config): void {
  config.setState((state) => ({ ...state, status: state.current ? 'connected' : 'disconnected' }))
}
