import { createServer } from 'node:net'

/** Asks the OS for a free TCP port on loopback. */
export function getFreePort(): Promise<number> {
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
