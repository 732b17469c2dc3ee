import { describe, expect, it } from 'vitest'
import { checkRecipient } from './checkRecipient.ts'

const CHECKSUMMED = '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955'

describe('checkRecipient', () => {
  it('accepts a checksummed address, trimmed', () => {
    expect(checkRecipient(`  ${CHECKSUMMED} `)).toEqual({ address: CHECKSUMMED })
  })

  it('says nothing about an empty field', () => {
    expect(checkRecipient('   ')).toEqual({ empty: true })
  })

  it.each([
    '0x1234',
    `${CHECKSUMMED}00`,
    CHECKSUMMED.slice(2),
    '0xZZdC79964da2C08b23698B3D3cc7Ca32193d9955',
    'vitalik eth',
    'not-a-name',
    '.eth',
  ])('refuses %s as not an address', (text) => {
    expect(checkRecipient(text)).toEqual({ error: 'Enter a valid address (0x followed by 40 hex digits)' })
  })

  it('refuses a mistyped checksum', () => {
    expect(checkRecipient('0x14dc79964da2C08b23698B3D3cc7Ca32193d9955')).toEqual({
      error: 'This address has a wrong checksum',
    })
  })

  it('accepts an address in one case (EIP-55 gives it no checksum) as its checksummed form', () => {
    expect(checkRecipient(CHECKSUMMED.toLowerCase())).toEqual({ address: CHECKSUMMED })
    expect(checkRecipient(` 0x${CHECKSUMMED.slice(2).toUpperCase()} `)).toEqual({ address: CHECKSUMMED })
  })

  it('hands a name over for resolving', () => {
    expect(checkRecipient(' vitalik.eth ')).toEqual({ name: 'vitalik.eth' })
    expect(checkRecipient('pay.my-shop.eth')).toEqual({ name: 'pay.my-shop.eth' })
  })

  it('refuses the zero address', () => {
    for (const zero of ['0x0000000000000000000000000000000000000000', ' 0x0000000000000000000000000000000000000000 ']) {
      expect(checkRecipient(zero)).toEqual({ error: 'The zero address cannot receive funds' })
    }
  })
})
