import { isUserRejection, WalletConnectError, WalletPluginNotFoundError } from '@multi-bridge/core'
import type { Connector } from 'wagmi'

/** Maps wagmi's connection failures onto SPEC §6: a missing provider, or a refused/failed connection. */
export function toConnectError(error: unknown): Error {
  const name = (error as { name?: string } | undefined)?.name
  if (name === 'ProviderNotFoundError') return new WalletPluginNotFoundError(error)
  if (isUserRejection(error)) return new WalletConnectError(error)
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
