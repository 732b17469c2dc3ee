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
    'vitalik.eth',
  ])('refuses %s as not an address', (text) => {
    expect(checkRecipient(text)).toEqual({ error: 'Enter a valid address (0x followed by 40 hex digits)' })
  })

  it('refuses a mistyped checksum', () => {
    expect(checkRecipient('0x14dc79964da2C08b23698B3D3cc7Ca32193d9955')).toEqual({
      error: 'This address has a wrong checksum',
    })
  })

  it('refuses an address without a checksum (all one case)', () => {
    const error = 'Enter the checksummed address (with upper- and lower-case letters)'
    expect(checkRecipient(CHECKSUMMED.toLowerCase())).toEqual({ error })
    expect(checkRecipient(`0x${CHECKSUMMED.slice(2).toUpperCase()}`)).toEqual({ error })
  })

  it('refuses the zero address', () => {
    expect(checkRecipient('0x0000000000000000000000000000000000000000')).toEqual({
      error: 'The zero address cannot receive funds',
    })
  })
})
