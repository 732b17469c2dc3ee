import { mnemonicToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { DEVNET_MNEMONIC } from './config.ts'
import { devnetAccount } from './deploy.ts'

describe('devnetAccount', () => {
  it("derives the devnet's keys as BIP-39 / BIP-44 do (viem's mnemonicToAccount), each time the same", () => {
    for (const index of [0, 1, 4, 12]) {
      const expected = mnemonicToAccount(DEVNET_MNEMONIC, { addressIndex: index })
      expect(devnetAccount(index).address).toBe(expected.address)
      expect(devnetAccount(index).address).toBe(expected.address)
    }
  })
})
