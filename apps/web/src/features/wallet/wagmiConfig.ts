import type { Manifest } from '@multi-bridge/core'
import { http } from 'viem'
import { type Config, type CreateConnectorFn, createConfig, createStorage, injected } from 'wagmi'
import { safeStorage } from '../../lib/safeStorage.ts'
import { manifestChains } from './chains.ts'
import { devnetWallet } from './devnetConnector.ts'
import { WAGMI_STORAGE_KEY } from './earlyWallet.ts'

export function createWagmiConfig(manifest: Manifest): Config {
  const chains = manifestChains(manifest)
  const connectors: CreateConnectorFn[] = [injected({ shimDisconnect: true })]
  if (manifest.mode === 'devnet' && manifest.devnet?.inAppWallet) {
    connectors.push(
      devnetWallet({ mnemonic: manifest.devnet.mnemonic, addressIndex: manifest.devnet.accounts.wallet, chains }),
    )
  }
  return createConfig({
    chains,
    connectors,
    // EIP-6963: every wallet that announces itself becomes a connector with its name and icon.
    multiInjectedProviderDiscovery: true,
    storage: createStorage({ storage: safeStorage, key: WAGMI_STORAGE_KEY }),
    // One JSON-RPC batch per tick instead of one request per call.
    transports: Object.fromEntries(chains.map((chain) => [chain.id, http(undefined, { batch: true })])),
    pollingInterval: 2_000,
  })
}
