import { readFileSync } from 'node:fs'
import { keccak256, toHex } from 'viem'
import { describe, expect, it } from 'vitest'
import { INTENT_ORDER_DATA_TYPE, INTENT_ORDER_DATA_TYPEHASH } from './intent.ts'

// The settler accepts an order only when its `orderDataType` is the hash IntentTypes.sol computes.
const solidity = readFileSync(new URL('../../../contracts/src/intent/IntentTypes.sol', import.meta.url), 'utf8')
const solidityType = /ORDER_DATA_TYPEHASH\s*=\s*keccak256\(\s*"([^"]+)"\s*\)/.exec(solidity)?.[1]

describe('the intent order data type', () => {
  it('is the type string IntentTypes.sol hashes, written from the fields', () => {
    expect(solidityType).toMatch(/^IntentOrderData\(address inputToken,/)
    expect(INTENT_ORDER_DATA_TYPE).toBe(solidityType)
    expect(INTENT_ORDER_DATA_TYPEHASH).toBe(keccak256(toHex(solidityType ?? '')))
  })
})
