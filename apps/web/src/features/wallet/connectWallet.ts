import { type MultiBridgeError, WalletConnectError, WalletPluginNotFoundError, walkError } from '@multi-bridge/core'
import { type Connector, ProviderNotFoundError } from 'wagmi'

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
