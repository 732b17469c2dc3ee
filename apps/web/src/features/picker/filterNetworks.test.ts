import { describe, expect, it } from 'vitest'
import { filterNetworks } from './filterNetworks.ts'

const chains = [
  { id: 31337, name: 'Devnet Alpha', shortName: 'alpha' },
  { id: 31338, name: 'Devnet Beta', shortName: 'beta' },
  { id: 8453, name: 'Base', shortName: 'base' },
]
const names = (query: string) => filterNetworks(chains, query).map((chain) => chain.name)

describe('filterNetworks', () => {
  it('returns every network for empty text', () => {
    expect(names(' ')).toEqual(['Devnet Alpha', 'Devnet Beta', 'Base'])
  })

  it('matches the name in any letter case, or the chain id', () => {
    expect(names('BETA')).toEqual(['Devnet Beta'])
    expect(names('devnet')).toEqual(['Devnet Alpha', 'Devnet Beta'])
    expect(names('8453')).toEqual(['Base'])
    expect(names('3133')).toEqual(['Devnet Alpha', 'Devnet Beta'])
  })

  it('returns nothing when nothing matches', () => {
    expect(names('solana')).toEqual([])
  })
})
