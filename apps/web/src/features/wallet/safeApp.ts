import { type Manifest, SAFE_WALLET_ORIGIN } from '@multi-bridge/core'
import type { Config } from 'wagmi'
import { connect } from 'wagmi/actions'
import { safe } from 'wagmi/connectors/safe'

/** How long the Safe's frame has to answer who the Safe is (wagmi's default, 10 ms, is for a page already loaded). */
const SAFE_INFO_TIMEOUT_MS = 1_500

/** Escapes an origin for a RegExp that matches it exactly. */
const exactly = (origin: string) => new RegExp(`^${origin.replace(/\/$/, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`)

/**
 * The app as a Safe App (issue #54): loaded with `import()` only when the page is framed (walletRuntime.ts), it sets up
 * wagmi's `safe` connector, which speaks the Safe Apps protocol to the frame's parent, and connects it when the
 * parent answers as a Safe. Only the manifest's Safe hosts (default: Safe{Wallet}'s own) are listened to. A frame that
 * is no Safe (or does not answer in time) leaves the other wallets as they were.
 */
export async function connectSafe(config: Config, manifest: Manifest): Promise<boolean> {
  // Shown as connecting meanwhile, not as a wallet to connect.
  config.setState((state) => ({ ...state, status: 'connecting' }))
  try {
    const hosts = manifest.wallets?.safe?.hosts ?? [SAFE_WALLET_ORIGIN]
    const connector = config._internal.connectors.setup(
      safe({ allowedDomains: hosts.map(exactly), unstable_getInfoTimeout: SAFE_INFO_TIMEOUT_MS, debug: false }),
    )
    config._internal.connectors.setState((connectors) => [...connectors, connector])
    if (!(await connector.getProvider().catch(() => undefined))) return false
    await connect(config, { connector })
    return true
  } catch (error) {
    console.warn('The Safe did not connect', error)
    return false
  }
}
