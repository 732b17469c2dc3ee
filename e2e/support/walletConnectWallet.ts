import { createLocalWalletProvider, type Manifest, PROVIDER_ERROR, WalletRpcError } from '@multi-bridge/core'
import { SignClient } from '@walletconnect/sign-client'
import { buildApprovedNamespaces, getSdkError } from '@walletconnect/utils'
import { numberToHex } from 'viem'
import type { LocalAccount } from 'viem/accounts'
import { toChain } from './testWallet.ts'

/**
 * A phone's wallet on WalletConnect for the browser tests (issue #54): WalletConnect's own wallet-side client
 * (`@walletconnect/sign-client`) holding a key in this process, paired with the app through the local relay
 * (walletConnectRelay.ts). It approves a session for every chain of the manifest, and answers each request the app
 * sends through the session by signing and sending on the chain the request names, with the same local wallet the
 * injected test wallet uses (core's `createLocalWalletProvider`). Read calls never reach it: the app's connector
 * sends those to the chains' RPCs itself.
 */
export type WalletConnectWallet = {
  address: `0x${string}`
  /** Pairs with the app from the pairing URI it shows (`wc:…`). */
  pair: (uri: string) => Promise<void>
  /** Every method the app sent through the session, in order. */
  requests: string[]
  /** Methods the "person" rejects (4001) until cleared. */
  reject: Set<string>
  /** Ends the session from the wallet's side (as a person who disconnects in the wallet app). */
  disconnect: () => Promise<void>
  /** The sessions the wallet holds. */
  sessions: () => number
  close: () => Promise<void>
}

const METHODS = [
  'eth_sendTransaction',
  'personal_sign',
  'eth_signTypedData_v4',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
  'wallet_getCapabilities',
  'wallet_sendCalls',
  'wallet_getCallsStatus',
]

export async function startWalletConnectWallet(options: {
  relayUrl: string
  manifest: Manifest
  account: LocalAccount
  /** Takes EIP-5792 batches (`wallet_sendCalls`); off: the app sends one transaction per step. */
  sendCalls?: boolean
}): Promise<WalletConnectWallet> {
  // WalletConnect's test mode in this process: its Verify server (on the internet) is not asked about each request.
  process.env.IS_VITEST = 'true'
  const chains = options.manifest.chains.map(toChain)
  const local = createLocalWalletProvider({ account: options.account, chains, sendCalls: options.sendCalls ?? false })
  // The wallet app is unlocked: its account is the session's.
  await local.request({ method: 'eth_requestAccounts' })
  const requests: string[] = []
  const reject = new Set<string>()
  const client = await SignClient.init({
    projectId: 'local-e2e',
    relayUrl: options.relayUrl,
    // One client per test, each its own storage and core.
    customStoragePrefix: `wallet-${options.account.address}-${Date.now()}`,
    telemetryEnabled: false,
    metadata: {
      name: 'Devnet phone wallet',
      description: 'WalletConnect test wallet',
      url: 'http://127.0.0.1',
      icons: [],
    },
  })

  client.on('session_proposal', ({ id, params }) => {
    const namespaces = buildApprovedNamespaces({
      proposal: params,
      supportedNamespaces: {
        eip155: {
          chains: chains.map((chain) => `eip155:${chain.id}`),
          methods: METHODS,
          events: ['chainChanged', 'accountsChanged'],
          accounts: chains.map((chain) => `eip155:${chain.id}:${options.account.address}`),
        },
      },
    })
    void client.approve({ id, namespaces }).then(({ acknowledged }) => acknowledged())
  })

  client.on('session_request', async ({ id, topic, params }) => {
    const { request, chainId } = params
    requests.push(request.method)
    const respond = (response: { result: unknown } | { error: { code: number; message: string } }) =>
      client.respond({ topic, response: { id, jsonrpc: '2.0', ...response } })
    try {
      if (reject.has(request.method))
        throw new WalletRpcError(PROVIDER_ERROR.userRejected, 'User rejected the request.')
      // Each request names its chain: the wallet signs there, whatever chain it showed before.
      const onChain = Number(chainId.split(':')[1])
      await local.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: numberToHex(onChain) }] })
      const result = await local.request({ method: request.method, params: request.params } as never)
      await respond({ result })
    } catch (error) {
      const { code, message } = error as { code?: number; message?: string }
      await respond({ error: { code: code ?? -32603, message: message ?? 'Internal error' } })
    }
  })

  return {
    address: options.account.address,
    requests,
    reject,
    pair: async (uri) => {
      await client.pair({ uri })
    },
    disconnect: async () => {
      for (const session of client.session.getAll()) {
        await client.disconnect({ topic: session.topic, reason: getSdkError('USER_DISCONNECTED') })
      }
    },
    sessions: () => client.session.getAll().length,
    close: async () => {
      await client.core.relayer.transportClose().catch(() => undefined)
    },
  }
}
