import type { Manifest } from '@multi-bridge/core'
import { mnemonicToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { roleAccount } from './context.ts'

const mnemonic = 'test test test test test test test test test test test junk'
const manifest = {
  devnet: { mnemonic, accounts: { deployer: 0, solver: 1, relayer: 2, attesters: [3, 11, 12], users: [4], wallet: 4 } },
} as unknown as Manifest

describe('roleAccount', () => {
  it("derives each role's devnet key as BIP-39 / BIP-44 do (viem's mnemonicToAccount)", () => {
    expect(roleAccount(manifest, 'solver').address).toBe(mnemonicToAccount(mnemonic, { addressIndex: 1 }).address)
    expect(roleAccount(manifest, 'relayer').address).toBe(mnemonicToAccount(mnemonic, { addressIndex: 2 }).address)
    for (const [place, index] of [3, 11, 12].entries()) {
      expect(roleAccount(manifest, 'attester', place).address).toBe(
        mnemonicToAccount(mnemonic, { addressIndex: index }).address,
      )
    }
  })

  it('takes the key from the environment first, and refuses an attester the manifest does not list', () => {
    process.env.SOLVER_PRIVATE_KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d'
    try {
      expect(roleAccount(manifest, 'solver').address).toBe('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
    } finally {
      delete process.env.SOLVER_PRIVATE_KEY
    }
    expect(() => roleAccount(manifest, 'attester', 3)).toThrow(/lists no account for attester 4/)
  })
})
