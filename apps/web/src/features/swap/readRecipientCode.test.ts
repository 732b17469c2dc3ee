import { CHAIN_READ_TIMEOUT_MS, ChainUnreachableError } from '@multi-bridge/core'
import { createClient, custom } from 'viem'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { readRecipientCode } from './readRecipientCode.ts'

const recipient = '0x8ba1f109551bD432803012645Ac136ddd64DBA72'
const chainB = { id: 1337002, name: 'Local Chain B' }

/** A client whose RPC accepts every request and never answers, as a paused node does. */
const hangingClient = () => createClient({ transport: custom({ request: () => new Promise(() => undefined) }) })
const answering = (code: string) => createClient({ transport: custom({ request: async () => code }) })

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('readRecipientCode', () => {
  it('says the destination does not answer after about 8 s, naming it, instead of checking for minutes', async () => {
    expect(CHAIN_READ_TIMEOUT_MS).toBe(8_000)
    const read = readRecipientCode(hangingClient(), recipient, chainB).catch((error: unknown) => error)
    let settled = false
    void read.then(() => {
      settled = true
    })
    await vi.advanceTimersByTimeAsync(CHAIN_READ_TIMEOUT_MS - 1)
    expect(settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(await read).toBeInstanceOf(ChainUnreachableError)
    expect(await read).toMatchObject({ chainId: 1337002, chainName: 'Local Chain B' })
  })

  it("gives the chain's answer: null for no code (a wallet), the code of a contract", async () => {
    await expect(readRecipientCode(answering('0x'), recipient, chainB)).resolves.toBeNull()
    await expect(readRecipientCode(answering('0x6080'), recipient, chainB)).resolves.toBe('0x6080')
  })
})
