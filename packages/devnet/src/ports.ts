import { createServer } from 'node:net'

/**
 * Ports handed out below Linux's default ephemeral range (32768-60999): the OS gives ports from that range to
 * outgoing connections, so a port picked there and bound a moment later can already be some client's source port
 * (a service once failed to start with EADDRINUSE so). Each process counts up from its own random start, so two
 * processes starting networks side by side (test workers) do not pick the same ports, and one never picks twice.
 */
const PORT_RANGE = { from: 20_000, size: 12_000 } as const
let nextPort = Math.floor(Math.random() * PORT_RANGE.size)

/** A free TCP port on loopback, for a process started right after. */
export async function getFreePort(): Promise<number> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = PORT_RANGE.from + (nextPort++ % PORT_RANGE.size)
    if (!(await isPortTaken(port))) return port
  }
  return osFreePort()
}

/**
 * A base port such that `base + offset` is free for every offset, all below the ephemeral range: for a process that
 * lays its ports out from one base (`npm start`, `npm run devnet` with DEVNET_BASE_PORT). Above that range, a port
 * found free can become a client's source port before it is bound (attester 3 of a test's `npm start` once failed
 * with EADDRINUSE on 34040 while browser tests ran alongside).
 */
export async function getFreeBasePort(offsets: readonly number[]): Promise<number> {
  const span = Math.max(0, ...offsets) + 1
  for (let attempt = 0; attempt < 100; attempt++) {
    const base = PORT_RANGE.from + Math.floor(Math.random() * (PORT_RANGE.size - span))
    const taken = await Promise.all(offsets.map((offset) => isPortTaken(base + offset)))
    if (!taken.some(Boolean)) return base
  }
  throw new Error(`no free block of ports for offsets ${offsets.join(', ')}`)
}

/** Asks the OS for a free TCP port on loopback (from its ephemeral range). */
function osFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port)
        else reject(new Error('could not allocate a port'))
      })
    })
  })
}

/** True when something already listens on `port` at 127.0.0.1. */
export function isPortTaken(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer()
    server.once('error', () => resolve(true))
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(false)))
  })
}

export class PortInUseError extends Error {
  constructor(
    readonly port: number,
    readonly what: string,
  ) {
    super(
      `Port ${port} (${what}) is already in use. Stop whatever is listening there (for example an earlier \`npm start\`), or choose other ports with DEVNET_BASE_PORT.`,
    )
    this.name = 'PortInUseError'
  }
}
