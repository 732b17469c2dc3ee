import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { openAttesterStore } from './attester/attester.ts'
import { openRelayerStore } from './relayer/relayer.ts'
import { CorruptStateError } from './shared/stateStore.ts'
import { openSolverStore } from './solver/solver.ts'

const root = mkdtempSync(join(tmpdir(), 'service-state-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))
let dirs = 0
const freshDir = () => join(root, `data-${dirs++}`)

const id = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as const
const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** Writes `good` and a copy of it under another id with `field` spoiled; the store must refuse, naming the entry. */
function expectRefused(
  dir: string,
  file: string,
  open: (dir: string) => unknown,
  section: string,
  spoil: (entry: Record<string, unknown>) => void,
) {
  const path = join(dir, file)
  const state = JSON.parse(readFileSync(path, 'utf8'))
  const bad = structuredClone(state[section][id(1)])
  spoil(bad)
  state[section][id(2)] = bad
  writeFileSync(path, JSON.stringify(state))
  let error: unknown
  try {
    open(dir)
  } catch (caught) {
    error = caught
  }
  expect(error).toBeInstanceOf(CorruptStateError)
  expect((error as Error).message).toContain(`entry ${section}.${id(2)}`)
  expect((error as Error).message).toContain('Refusing to start')
}

describe('a state file that parses but holds one malformed entry', () => {
  it('stops the attester at start, naming the entry', () => {
    const dir = freshDir()
    const store = openAttesterStore(dir)
    store.update((s) => {
      s.intents[id(1)] = {
        status: 'open',
        originChainId: 1,
        originSettler: ADDRESS,
        destinationChainId: 2,
        destinationSettler: ADDRESS,
        fillDeadline: 100,
      }
    })
    store.flush()
    expect(Object.keys(openAttesterStore(dir).value.intents)).toEqual([id(1)])
    expectRefused(dir, 'attester-state.json', openAttesterStore, 'intents', (entry) => {
      entry.fillDeadline = 'soon'
    })
    // A combination the intent's machine never makes: a fill decided without its fill.
    expectRefused(dir, 'attester-state.json', openAttesterStore, 'intents', (entry) => {
      entry.status = 'decided-fill'
    })
  })

  it('stops the solver at start, naming the entry', () => {
    const dir = freshDir()
    openSolverStore(dir).update((s) => {
      s.orders[id(1)] = {
        orderId: id(1),
        status: 'accepted',
        originChainId: 1,
        terms: {
          destinationChainId: 2,
          inputToken: ADDRESS,
          inputAmount: '1000',
          outputToken: ADDRESS,
          outputAmount: '990',
          recipient: ADDRESS,
          fillDeadline: 100,
          expires: 3700,
          outputUsd: '990',
        },
        originData: '0x',
        openBlock: '7',
        openSeenAt: 1,
        updatedAt: 1,
      }
    })
    expect(openSolverStore(dir).value.orders[id(1)]?.status).toBe('accepted')
    expectRefused(dir, 'solver-state.json', openSolverStore, 'orders', (entry) => {
      entry.status = 'fillling'
    })
    // A combination the order's machine never makes: a fill being sent without its transaction.
    expectRefused(dir, 'solver-state.json', openSolverStore, 'orders', (entry) => {
      entry.status = 'filling'
    })
  })

  it('stops the relayer at start, naming the entry', () => {
    const dir = freshDir()
    openRelayerStore(dir).update((s) => {
      s.transfers[id(1)] = {
        transferId: id(1),
        status: 'pending',
        originChainId: 1,
        destinationChainId: 2,
        deadline: 100,
        expires: 3700,
        updatedAt: 1,
      }
    })
    expect(openRelayerStore(dir).value.transfers[id(1)]?.status).toBe('pending')
    expectRefused(dir, 'relayer-state.json', openRelayerStore, 'transfers', (entry) => {
      entry.deadline = -5
    })
    // A combination the transfer's machine never makes: declined without saying why.
    expectRefused(dir, 'relayer-state.json', openRelayerStore, 'transfers', (entry) => {
      entry.status = 'declined'
    })
  })
})
