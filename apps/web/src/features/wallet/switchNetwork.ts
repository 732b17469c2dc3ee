import {
  AddChainError,
  getManifestChain,
  isUserRejection,
  type Manifest,
  MissingChainInfoError,
  PROVIDER_ERROR,
  providerErrorCode,
  SwitchChainError,
  UserRejectedError,
  WalletPluginNotFoundError,
} from '@multi-bridge/core'
import { type EIP1193Provider, numberToHex } from 'viem'
import type { Connector } from 'wagmi'

function isUnrecognizedChain(error: unknown): boolean {
  if (providerErrorCode(error) === PROVIDER_ERROR.unrecognizedChain) return true
  // Some mobile wallets wrap 4902 in an internal error.
  const data = (error as { data?: { originalError?: { code?: number } } } | undefined)?.data
  if (data?.originalError?.code === PROVIDER_ERROR.unrecognizedChain) return true
  return /unrecognized chain|unknown chain/i.test(String((error as Error | undefined)?.message ?? ''))
}

/**
 * Asks the wallet to switch to `chainId`; when the wallet does not know the chain (4902), adds it
 * with the manifest's parameters first. Each failure is its own SPEC §6 error.
 */
export async function switchNetwork(parameters: { connector: Connector; chainId: number; manifest: Manifest }) {
  const { connector, chainId, manifest } = parameters
  const target = getManifestChain(manifest, chainId)
  if (!target) throw new MissingChainInfoError(chainId)
  let provider: EIP1193Provider | undefined
  try {
    provider = (await connector.getProvider()) as EIP1193Provider | undefined
  } catch (error) {
    throw new WalletPluginNotFoundError(error)
  }
  if (!provider) throw new WalletPluginNotFoundError()
  const hexId = numberToHex(chainId)
  try {
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: hexId }] })
    return
  } catch (error) {
    if (isUserRejection(error)) throw new UserRejectedError(error)
    if (!isUnrecognizedChain(error)) throw new SwitchChainError(error)
  }
  try {
    await provider.request({
      method: 'wallet_addEthereumChain',
      params: [
        {
          chainId: hexId,
          chainName: target.name,
          nativeCurrency: target.nativeCurrency,
          rpcUrls: target.rpcUrls,
          ...(target.blockExplorerUrl ? { blockExplorerUrls: [target.blockExplorerUrl] } : {}),
        },
      ],
    })
  } catch (error) {
    if (isUserRejection(error)) throw new UserRejectedError(error)
    throw new AddChainError(error)
  }
  // Some wallets add a chain without switching to it.
  const current = Number(await provider.request({ method: 'eth_chainId' }))
  if (current === chainId) return
  try {
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: hexId }] })
  } catch (error) {
    if (isUserRejection(error)) throw new UserRejectedError(error)
    throw new SwitchChainError(error)
  }
}
