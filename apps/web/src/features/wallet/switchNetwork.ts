import {
  AddChainError,
  getManifestChain,
  isUserRejection,
  type Manifest,
  MissingChainInfoError,
  type MultiBridgeError,
  UserRejectedError,
  WalletPluginNotFoundError,
  WalletSwitchChainError,
  walkError,
} from '@multi-bridge/core'
import { UserRejectedRequestError } from 'viem'
import { ChainNotConfiguredError, type Config, type Connector, ProviderNotFoundError } from 'wagmi'
import { switchChain } from 'wagmi/actions'

/**
 * Asks the wallet to switch to `chainId` through wagmi's `switchChain` (which adds the chain on 4902, with the
 * manifest's parameters, and keeps wagmi's state in step). Each failure becomes its own SPEC §6 error.
 */
export async function switchNetwork(parameters: {
  config: Config
  connector: Connector
  chainId: number
  manifest: Manifest
}): Promise<void> {
  const { config, connector, chainId, manifest } = parameters
  const target = getManifestChain(manifest, chainId)
  if (!target) throw new MissingChainInfoError(chainId)
  const request = () =>
    switchChain(config, {
      connector,
      chainId,
      addEthereumChainParameter: {
        chainName: target.name,
        nativeCurrency: target.nativeCurrency,
        rpcUrls: target.rpcUrls,
        ...(target.blockExplorerUrl ? { blockExplorerUrls: [target.blockExplorerUrl] } : {}),
      },
    })
  try {
    await request()
  } catch (error) {
    // Some wallets add a chain without switching to it; wagmi reports that as a refusal. The chain is known
    // now, so one more switch is an ordinary one.
    if (!addedWithoutSwitching(error)) throw toSwitchError(error, chainId)
    try {
      await request()
    } catch (again) {
      throw toSwitchError(again, chainId)
    }
  }
}

/** wagmi wraps "added, but the wallet stayed on its chain" in a rejection whose cause is another rejection. */
function addedWithoutSwitching(error: unknown): boolean {
  return error instanceof UserRejectedRequestError && error.cause instanceof UserRejectedRequestError
}

/**
 * wagmi's and viem's errors as SPEC §6 says them. wagmi's injected connector reports any failed
 * `wallet_addEthereumChain` as a `UserRejectedRequestError`: only a 4001 from the wallet underneath it is the
 * person's refusal, anything else means the chain could not be added.
 */
export function toSwitchError(error: unknown, chainId: number): MultiBridgeError {
  if (walkError(error, (item) => item instanceof ChainNotConfiguredError)) return new MissingChainInfoError(chainId)
  if (walkError(error, (item) => item instanceof ProviderNotFoundError)) return new WalletPluginNotFoundError(error)
  if (error instanceof UserRejectedRequestError) {
    return isUserRejection(error.cause) ? new UserRejectedError(error) : new AddChainError(error)
  }
  if (isUserRejection(error)) return new UserRejectedError(error)
  return new WalletSwitchChainError(error)
}
