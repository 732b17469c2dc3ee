import { createHash } from 'node:crypto'
import { appendFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { type WebSocket, WebSocketServer } from 'ws'

/**
 * A WalletConnect v2 relay on this machine, for the browser tests (issue #54): the one part of WalletConnect that lives
 * on the internet. It speaks what `@walletconnect/core` 2.25 speaks to `wss://relay.walletconnect.org`: the `irn_*`
 * JSON-RPC over WebSocket (subscribe, publish, a mailbox per topic until the message's ttl) and Sign 2.5's
 * `wc_proposeSession` / `wc_approveSession`. The app's real connector (wagmi's `walletConnect`, EthereumProvider) and
 * a real wallet (`@walletconnect/sign-client`, walletConnectWallet.ts) talk through it, end-to-end encrypted as
 * everywhere: the relay sees topics and ciphertext only. What each rule follows from is in
 * docs/research/walletconnect-relay.md §1.
 */
export type WalletConnectRelay = {
  url: string
  /** Every method a client sent, in order (for tests that check a session's traffic). */
  methods: string[]
  close: () => Promise<void>
}

type Stored = {
  message: string
  publishedAt: number
  tag: number
  expiresAt: number
  /** The publishing client: a message never goes back to it. */
  from: string
  ackedBy: Set<string>
}

type Client = { socket: WebSocket; id: string; topics: Set<string> }

/** The params of the methods the relay answers (each method reads its own). */
type RelayParams = {
  topic: string
  topics: string[]
  subscriptions: { topic: string }[]
  message: string
  ttl?: number
  tag?: number
  messages: RelayParams[]
  pairingTopic: string
  sessionTopic: string
  sessionProposal: string
  sessionProposalResponse: string
  sessionSettlementRequest: string
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

/** The client id: the `iss` of the EdDSA JWT in the `auth` query (stable across reloads: its key is persisted). */
function clientIdOf(requestUrl: string | undefined): string | undefined {
  const auth = new URL(requestUrl ?? '/', 'http://relay').searchParams.get('auth')
  const payload = auth?.split('.')[1]
  if (!payload) return undefined
  try {
    const iss = (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { iss?: unknown }).iss
    return typeof iss === 'string' && iss.startsWith('did:key:') ? iss : undefined
  } catch {
    return undefined
  }
}

export async function startWalletConnectRelay(
  options: { pingMs?: number; port?: number } = {},
): Promise<WalletConnectRelay> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: options.port ?? 0 })
  const subscribers = new Map<string, Set<Client>>()
  const mailbox = new Map<string, Stored[]>()
  const awaitingAck = new Map<string, Stored>()
  const methods: string[] = []
  // Small integers: the client reads 17 digits or more as a BigInt and would answer a different id.
  let nextId = 1

  const log = process.env.WALLETCONNECT_RELAY_LOG
    ? (line: string) =>
        appendFileSync(process.env.WALLETCONNECT_RELAY_LOG as string, `${new Date().toISOString()} ${line}\n`)
    : () => undefined
  const send = (client: Client, message: object) => {
    log(`-> ${client.id.slice(-6)} ${JSON.stringify(message).slice(0, 300)}`)
    client.socket.send(JSON.stringify(message))
  }

  const deliver = (client: Client, topic: string, stored: Stored) => {
    if (stored.from === client.id || stored.ackedBy.has(client.id)) return
    const id = nextId++
    awaitingAck.set(`${client.id}:${id}`, stored)
    send(client, {
      id,
      jsonrpc: '2.0',
      method: 'irn_subscription',
      params: {
        id: sha256(topic + client.id),
        // Verify's attestation is not relayed: the wallet would fetch Verify's key from the internet to check it.
        data: { topic, message: stored.message, publishedAt: stored.publishedAt, tag: stored.tag, attestation: '' },
      },
    })
  }

  const publish = (from: Client, topic: string, message: string, ttlSeconds: number, tag: number) => {
    const now = Date.now()
    const stored: Stored = {
      message,
      publishedAt: now,
      tag,
      expiresAt: now + ttlSeconds * 1000,
      from: from.id,
      ackedBy: new Set(),
    }
    mailbox.set(topic, [...(mailbox.get(topic) ?? []).filter((item) => item.expiresAt > now), stored])
    for (const client of subscribers.get(topic) ?? []) deliver(client, topic, stored)
  }

  const subscribe = (client: Client, topic: string) => {
    const set = subscribers.get(topic) ?? new Set<Client>()
    subscribers.set(topic, set)
    set.add(client)
    client.topics.add(topic)
    return sha256(topic + client.id)
  }

  const unsubscribe = (client: Client, topic: string) => {
    subscribers.get(topic)?.delete(client)
    client.topics.delete(topic)
  }

  /** What waited in the topic's mailbox, after the subscribe's answer. */
  const flush = (client: Client, topic: string) => {
    const now = Date.now()
    for (const stored of mailbox.get(topic) ?? []) if (stored.expiresAt > now) deliver(client, topic, stored)
  }

  server.on('connection', (socket, request) => {
    const id = clientIdOf(request.url)
    // Never 3000: the client takes that code as final and stops reconnecting.
    if (!id) return socket.close(4001, 'invalid auth')
    const client: Client = { socket, id, topics: new Set() }
    // A client in Node drops a socket that neither pings nor speaks for 35 s.
    const pinger = setInterval(() => socket.ping(), options.pingMs ?? 15_000)
    log(`connect ${id.slice(-6)}`)
    socket.on('close', (code) => {
      log(`close ${id.slice(-6)} ${code}`)
      clearInterval(pinger)
      for (const topic of client.topics) subscribers.get(topic)?.delete(client)
    })
    socket.on('message', (raw) => {
      let request: { id?: string | number; method?: string; params?: RelayParams }
      log(`<- ${client.id.slice(-6)} ${raw.toString().slice(0, 300)}`)
      try {
        request = JSON.parse(raw.toString())
      } catch {
        return
      }
      if (request.method === undefined) {
        // The client's ack of an irn_subscription.
        const key = `${client.id}:${request.id}`
        awaitingAck.get(key)?.ackedBy.add(client.id)
        awaitingAck.delete(key)
        return
      }
      methods.push(request.method)
      // Ids are 19-digit strings from the client: echoed as they came.
      const answer = (result: unknown) => send(client, { id: request.id, jsonrpc: '2.0', result })
      const params = request.params as RelayParams
      const ttl = (value: unknown) => (typeof value === 'number' && value > 0 ? value : 300)
      try {
        handle(request.method)
      } catch {
        send(client, { id: request.id, jsonrpc: '2.0', error: { code: -32602, message: 'Invalid params' } })
      }
      function handle(method: string) {
        switch (method) {
          case 'irn_subscribe':
            answer(subscribe(client, params.topic))
            flush(client, params.topic)
            break
          case 'irn_batchSubscribe':
            answer(params.topics.map((topic) => subscribe(client, topic)))
            for (const topic of params.topics) flush(client, topic)
            break
          case 'irn_unsubscribe':
            unsubscribe(client, params.topic)
            answer(true)
            break
          case 'irn_batchUnsubscribe':
            for (const item of params.subscriptions) unsubscribe(client, item.topic)
            answer(true)
            break
          case 'irn_publish':
            answer(true)
            publish(client, params.topic, params.message, ttl(params.ttl), Number(params.tag ?? 0))
            break
          case 'irn_batchPublish':
            answer(true)
            for (const item of params.messages) {
              publish(client, item.topic, item.message, ttl(item.ttl), Number(item.tag ?? 0))
            }
            break
          case 'irn_fetchMessages':
          case 'irn_batchFetchMessages':
            answer({ messages: [], hasMore: false })
            break
          case 'wc_proposeSession':
            // The app made the pairing without subscribing to it: the relay subscribes it here.
            subscribe(client, params.pairingTopic)
            answer(true)
            publish(client, params.pairingTopic, params.sessionProposal, ttl(params.ttl), 1100)
            break
          case 'wc_approveSession':
            // Likewise the wallet and the session's topic.
            subscribe(client, params.sessionTopic)
            answer(true)
            publish(client, params.pairingTopic, params.sessionProposalResponse, ttl(params.ttl), 1101)
            publish(client, params.sessionTopic, params.sessionSettlementRequest, ttl(params.ttl), 1102)
            break
          default:
            send(client, {
              id: request.id,
              jsonrpc: '2.0',
              error: { code: -32601, message: `Method not found: ${method}` },
            })
        }
      }
    })
  })

  await new Promise<void>((resolve) => server.once('listening', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `ws://127.0.0.1:${port}`,
    methods,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of server.clients) socket.terminate()
        server.close(() => resolve())
      }),
  }
}
