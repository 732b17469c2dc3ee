// Minimal local WalletConnect v2 relay (research prototype, not product code).
// Speaks the irn_* JSON-RPC subset used by @walletconnect/core 2.25.0 plus the
// Sign 2.5 relay methods wc_proposeSession / wc_approveSession.
import { createHash } from 'node:crypto'
import { decodeJWT } from '@walletconnect/relay-auth'
import { WebSocketServer } from 'ws'

const sha256 = (s) => createHash('sha256').update(s).digest('hex')

export function startRelay({ port = 0, log = () => {}, pingMs = 15000 } = {}) {
  const wss = new WebSocketServer({ port })
  const subs = new Map() // topic -> Set<ws>
  const store = new Map() // topic -> [{message, publishedAt, tag, attestation, expiresAt, from, ackedBy:Set}]
  const pending = new Map() // `${ws.clientId}:${rpcId}` -> record (awaiting irn_subscription ack)
  let nextId = 1

  const send = (ws, obj) => {
    const text = JSON.stringify(obj)
    log(`-> ${ws.clientId?.slice(-6)} ${text}`)
    ws.send(text)
  }

  const deliver = (ws, topic, rec) => {
    if (rec.from === ws.clientId || rec.ackedBy.has(ws.clientId)) return
    const id = nextId++ // keep < 2^53 and < 17 digits (client safeJsonParse turns >=17 digits into BigInt)
    pending.set(`${ws.clientId}:${id}`, rec)
    send(ws, {
      id,
      jsonrpc: '2.0',
      method: 'irn_subscription',
      params: {
        id: sha256(topic + ws.clientId),
        data: { topic, message: rec.message, publishedAt: rec.publishedAt, attestation: rec.attestation, tag: rec.tag },
      },
    })
  }

  const publish = (fromWs, { topic, message, ttl = 300, tag = 0, attestation }) => {
    const now = Date.now()
    const rec = {
      message,
      publishedAt: now,
      tag,
      attestation,
      expiresAt: now + ttl * 1000,
      from: fromWs.clientId,
      ackedBy: new Set(),
    }
    const list = (store.get(topic) ?? []).filter((r) => r.expiresAt > now)
    list.push(rec)
    store.set(topic, list)
    for (const ws of subs.get(topic) ?? []) deliver(ws, topic, rec)
  }

  const subscribe = (ws, topic) => {
    if (!subs.has(topic)) subs.set(topic, new Set())
    subs.get(topic).add(ws)
    ws.topics.add(topic)
    return sha256(topic + ws.clientId)
  }
  const flushStored = (ws, topic) => {
    const now = Date.now()
    for (const rec of store.get(topic) ?? []) if (rec.expiresAt > now) deliver(ws, topic, rec)
  }

  wss.on('connection', (ws, req) => {
    const url = new URL(req.url, 'http://x')
    const auth = url.searchParams.get('auth')
    try {
      ws.clientId = decodeJWT(auth).payload.iss // did:key:z6Mk...
    } catch {
      ws.close(4001, 'invalid auth') // NOT 3000: core treats 3000 as fatal
      return
    }
    ws.topics = new Set()
    log(
      `connect ${ws.clientId} ua=${url.searchParams.get('ua')} projectId=${url.searchParams.get('projectId')} useOnCloseEvent=${url.searchParams.get('useOnCloseEvent')}`,
    )
    const pinger = setInterval(() => ws.ping(), pingMs) // Node clients drop the socket after 35 s without ping/payload
    ws.on('close', () => {
      clearInterval(pinger)
      for (const t of ws.topics) subs.get(t)?.delete(ws)
    })
    ws.on('message', (raw) => {
      const text = raw.toString()
      log(`<- ${ws.clientId.slice(-6)} ${text}`)
      const msg = JSON.parse(text) // ids are 19-digit *strings* from the client; echo them verbatim
      if (!('method' in msg)) {
        // ack of an irn_subscription we sent
        const key = `${ws.clientId}:${msg.id}`
        pending.get(key)?.ackedBy.add(ws.clientId)
        pending.delete(key)
        return
      }
      const { id, method, params = {} } = msg
      const ok = (result) => send(ws, { id, jsonrpc: '2.0', result })
      switch (method) {
        case 'irn_subscribe': {
          ok(subscribe(ws, params.topic))
          flushStored(ws, params.topic)
          break
        }
        case 'irn_batchSubscribe': {
          ok(params.topics.map((t) => subscribe(ws, t)))
          for (const t of params.topics) flushStored(ws, t)
          break
        }
        case 'irn_unsubscribe': {
          subs.get(params.topic)?.delete(ws)
          ws.topics.delete(params.topic)
          ok(true)
          break
        }
        case 'irn_batchUnsubscribe': {
          for (const s of params.subscriptions) {
            subs.get(s.topic)?.delete(ws)
            ws.topics.delete(s.topic)
          }
          ok(true)
          break
        }
        case 'irn_publish': {
          ok(true)
          publish(ws, params)
          break
        }
        case 'irn_batchPublish': {
          ok(true)
          for (const m of params.messages) publish(ws, m)
          break
        }
        case 'irn_fetchMessages':
        case 'irn_batchFetchMessages': {
          ok({ messages: [], hasMore: false })
          break
        }
        case 'wc_proposeSession': {
          // dapp never irn_subscribe's the pairing topic (pairing.create skipSubscribe): subscribe it here
          subscribe(ws, params.pairingTopic)
          ok(true)
          publish(ws, {
            topic: params.pairingTopic,
            message: params.sessionProposal,
            ttl: params.ttl ?? 300,
            tag: 1100,
            attestation: params.attestation,
          })
          break
        }
        case 'wc_approveSession': {
          // wallet never irn_subscribe's the session topic (approve() skipSubscribe): subscribe it here
          subscribe(ws, params.sessionTopic)
          ok(true)
          publish(ws, {
            topic: params.pairingTopic,
            message: params.sessionProposalResponse,
            ttl: params.ttl ?? 300,
            tag: 1101,
          })
          publish(ws, {
            topic: params.sessionTopic,
            message: params.sessionSettlementRequest,
            ttl: params.ttl ?? 300,
            tag: 1102,
          })
          break
        }
        default:
          send(ws, { id, jsonrpc: '2.0', error: { code: -32601, message: `Method not found: ${method}` } })
      }
    })
  })
  return new Promise((resolve) =>
    wss.on('listening', () => resolve({ wss, port: wss.address().port, close: () => wss.close() })),
  )
}
