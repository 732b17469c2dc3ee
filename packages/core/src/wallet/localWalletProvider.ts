import {
  type Chain,
  createWalletClient,
  type EIP1193Parameters,
  type EIP1193Provider,
  type Hex,
  http,
  type LocalAccount,
  numberToHex,
  type WalletRpcSchema,
} from 'viem'
import { PROVIDER_ERROR } from '../errors/walletErrors.ts'
import type { KeyValueStorage } from '../storage/persistedStore.ts'
import { createLocalCalls, type SendCallsRequest } from './localWalletCalls.ts'

/** An EIP-1193 error object, as wallets throw them. */
export class WalletRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
    this.name = 'WalletRpcError'
  }
}

type Listener = (...args: unknown[]) => void

export type LocalWalletProvider = EIP1193Provider & {
  /** Chains this wallet knows (it answers 4902 for others until they are added). */
  readonly knownChainIds: () => number[]
  readonly account: LocalAccount
  readonly chainId: () => number
  /** Emits a provider event as a real wallet would (account locked, chain changed by the user…). */
  emit: (event: string, ...args: unknown[]) => void
}

export type CreateLocalWalletProviderParameters = {
  account: LocalAccount
  chains: readonly Chain[]
  initialChainId?: number
  /**
   * Called before each request; may throw a WalletRpcError to refuse it (tests use this to act
   * as a person pressing "Reject").
   */
  intercept?: (request: { method: string; params?: unknown }) => void | Promise<void>
  /**
   * Answer EIP-5792 (`wallet_getCapabilities`, `wallet_sendCalls`, `wallet_getCallsStatus`): a batch of calls for one
   * confirmation. Off: the wallet answers them "method not supported", as many wallets still do.
   */
  sendCalls?: boolean
  /** Where the batches are kept, so that their status answers after a reload, as a wallet's does (`createLocalCalls`). */
  storage?: KeyValueStorage
  /**
   * Refuse typed data whose domain names another chain than the wallet's, in MetaMask's words (-32602 "Provided chainId
   * … must match the active chainId …"). Off: sign it on any chain, as the typed data names its own.
   */
  typedDataOnActiveChainOnly?: boolean
}

/**
 * A wallet that signs with a local key and sends to the chains' RPCs: the devnet wallet of the
 * app, and the wallet the browser tests inject. Reads are forwarded to the current chain's RPC.
 */
export function createLocalWalletProvider(parameters: CreateLocalWalletProviderParameters): LocalWalletProvider {
  const chains = new Map(parameters.chains.map((chain) => [chain.id, chain]))
  let chainId = parameters.initialChainId ?? parameters.chains[0]?.id ?? 1
  let connected = false
  const listeners = new Map<string, Set<Listener>>()
  let requestId = 0

  const emit = (event: string, ...args: unknown[]) => {
    for (const listener of listeners.get(event) ?? []) listener(...args)
  }
  const currentChain = () => {
    const chain = chains.get(chainId)
    if (!chain) throw new WalletRpcError(PROVIDER_ERROR.chainDisconnected, `Chain ${chainId} is not configured`)
    return chain
  }
  const walletClient = () =>
    createWalletClient({
      account: parameters.account,
      chain: currentChain(),
      transport: http(currentChain().rpcUrls.default.http[0]),
    })

  async function forward(method: string, params: unknown): Promise<unknown> {
    const url = currentChain().rpcUrls.default.http[0]
    if (!url) throw new WalletRpcError(PROVIDER_ERROR.chainDisconnected, 'No RPC URL')
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++requestId, method, params: params ?? [] }),
    })
    const body = (await response.json()) as {
      result?: unknown
      error?: { code: number; message: string; data?: unknown }
    }
    if (body.error) {
      const error = new WalletRpcError(body.error.code, body.error.message)
      Object.assign(error, { data: body.error.data })
      throw error
    }
    return body.result
  }

  const calls = createLocalCalls({
    account: parameters.account,
    ...(parameters.storage ? { storage: parameters.storage } : {}),
    chainOf: (id) => {
      const chain = chains.get(id)
      if (!chain) throw new WalletRpcError(PROVIDER_ERROR.unrecognizedChain, `Unrecognized chain ID ${id}`)
      return chain
    },
  })
  const unsupported = (method: string) =>
    new WalletRpcError(PROVIDER_ERROR.unsupportedMethod, `The method ${method} is not supported by this wallet`)

  const requireConnected = () => {
    if (!connected) throw new WalletRpcError(PROVIDER_ERROR.unauthorized, 'Not connected')
  }

  async function request(args: EIP1193Parameters<WalletRpcSchema>): Promise<unknown> {
    const method = args.method as string
    const params = 'params' in args ? (args.params as unknown) : undefined
    await parameters.intercept?.({ method, params })
    switch (method) {
      case 'eth_requestAccounts':
        if (!connected) {
          connected = true
          emit('connect', { chainId: numberToHex(chainId) })
          emit('accountsChanged', [parameters.account.address])
        }
        return [parameters.account.address]
      case 'eth_accounts':
        return connected ? [parameters.account.address] : []
      case 'eth_chainId':
        return numberToHex(chainId)
      case 'net_version':
        return String(chainId)
      case 'wallet_requestPermissions':
      case 'wallet_getPermissions':
        return connected ? [{ parentCapability: 'eth_accounts' }] : []
      case 'wallet_revokePermissions':
        connected = false
        emit('accountsChanged', [])
        return null
      case 'wallet_switchEthereumChain': {
        const [{ chainId: wanted }] = params as [{ chainId: Hex }]
        const id = Number(wanted)
        if (!chains.has(id))
          throw new WalletRpcError(PROVIDER_ERROR.unrecognizedChain, `Unrecognized chain ID ${wanted}`)
        if (id !== chainId) {
          chainId = id
          emit('chainChanged', numberToHex(id))
        }
        return null
      }
      case 'wallet_addEthereumChain': {
        const [chain] = params as [
          { chainId: Hex; chainName: string; rpcUrls: string[]; nativeCurrency: Chain['nativeCurrency'] },
        ]
        const id = Number(chain.chainId)
        if (!chain.rpcUrls?.[0]) throw new WalletRpcError(-32602, 'rpcUrls is required')
        chains.set(id, {
          id,
          name: chain.chainName,
          nativeCurrency: chain.nativeCurrency,
          rpcUrls: { default: { http: chain.rpcUrls } },
        } as Chain)
        if (id !== chainId) {
          chainId = id
          emit('chainChanged', numberToHex(id))
        }
        return null
      }
      case 'eth_sendTransaction': {
        requireConnected()
        const [tx] = params as [{ to?: Hex; data?: Hex; value?: Hex; gas?: Hex; from?: Hex; nonce?: Hex }]
        return walletClient().sendTransaction({
          account: parameters.account,
          chain: currentChain(),
          to: tx.to,
          data: tx.data,
          value: tx.value ? BigInt(tx.value) : undefined,
          gas: tx.gas ? BigInt(tx.gas) : undefined,
        } as never)
      }
      case 'wallet_getCapabilities': {
        if (!parameters.sendCalls) throw unsupported(method)
        const [, ids] = (params ?? []) as [Hex?, Hex[]?]
        return calls.capabilities(ids ? ids.map(Number) : [...chains.keys()])
      }
      case 'wallet_sendCalls': {
        if (!parameters.sendCalls) throw unsupported(method)
        requireConnected()
        const [batch] = params as [SendCallsRequest]
        const from = batch.from?.toLowerCase()
        if (from && from !== parameters.account.address.toLowerCase()) {
          throw new WalletRpcError(PROVIDER_ERROR.unauthorized, `Not an account of this wallet: ${batch.from}`)
        }
        try {
          return calls.send(batch)
        } catch (error) {
          if (error instanceof WalletRpcError) throw error
          throw new WalletRpcError((error as { code?: number }).code ?? -32603, (error as Error).message)
        }
      }
      case 'wallet_getCallsStatus': {
        if (!parameters.sendCalls) throw unsupported(method)
        const [id] = params as [string]
        const status = await calls.status(id)
        if (!status) throw new WalletRpcError(5730, `Unknown bundle id ${id}`)
        return status
      }
      case 'wallet_showCallsStatus':
        if (!parameters.sendCalls) throw unsupported(method)
        return null
      case 'personal_sign': {
        requireConnected()
        const [message] = params as [Hex]
        return parameters.account.signMessage({ message: { raw: message } })
      }
      case 'eth_signTypedData_v4': {
        requireConnected()
        const [, json] = params as [Hex, string]
        const typed = JSON.parse(json) as {
          domain: object
          types: Record<string, unknown>
          primaryType: string
          message: object
        }
        const named = (typed.domain as { chainId?: unknown }).chainId
        if (parameters.typedDataOnActiveChainOnly && named !== undefined && Number(named) !== chainId) {
          throw new WalletRpcError(
            -32602,
            `Provided chainId "${Number(named)}" must match the active chainId "${chainId}"`,
          )
        }
        const { EIP712Domain: _domain, ...types } = typed.types
        return parameters.account.signTypedData({ ...typed, types } as never)
      }
      default:
        return forward(method, params)
    }
  }

  return {
    request: request as EIP1193Provider['request'],
    on: ((event: string, listener: Listener) => {
      let set = listeners.get(event)
      if (!set) {
        set = new Set()
        listeners.set(event, set)
      }
      set.add(listener)
    }) as EIP1193Provider['on'],
    removeListener: ((event: string, listener: Listener) => {
      listeners.get(event)?.delete(listener)
    }) as EIP1193Provider['removeListener'],
    knownChainIds: () => [...chains.keys()],
    account: parameters.account,
    chainId: () => chainId,
    emit,
  }
}
