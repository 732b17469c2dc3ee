import type { Manifest, TokenRef } from '@multi-bridge/core'
import { describe, expect, it } from 'vitest'
import { EMPTY_FORM, formLinkSearch, isFormLink, linkSearchOf, parseFormLink } from './formUrl.ts'

const USDC_A = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const USDC_B = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512'
const NATIVE = '0x0000000000000000000000000000000000000000'
const BRIDGED_A = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0'

const manifest = {
  chains: [
    {
      id: 1337001,
      name: 'Local Chain A',
      tokens: [
        { address: NATIVE, symbol: 'ETH', name: 'Ether', decimals: 18, kind: 'native' },
        { address: USDC_A, symbol: 'USDC', name: 'USD Coin', decimals: 6, kind: 'usdc' },
        { address: BRIDGED_A, symbol: 'USDT', name: 'Tether', decimals: 6, kind: 'usdt' },
        {
          address: '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9',
          symbol: 'USDT',
          name: 'Bridged',
          decimals: 6,
          kind: 'erc20',
        },
      ],
    },
    {
      id: 1337002,
      name: 'Local Chain B',
      tokens: [
        { address: NATIVE, symbol: 'ETH', name: 'Ether', decimals: 18, kind: 'native' },
        { address: USDC_B, symbol: 'USDC', name: 'USD Coin', decimals: 6, kind: 'usdc' },
      ],
    },
  ],
} as unknown as Manifest

const usdcA: TokenRef = { chainId: 1337001, address: USDC_A, symbol: 'USDC', decimals: 6, kind: 'usdc' }
const ethB: TokenRef = { chainId: 1337002, address: NATIVE, symbol: 'ETH', decimals: 18, kind: 'native' }
const fullForm = {
  origin: usdcA,
  destination: ethB,
  amountText: '12.5',
  recipientText: '0x8ba1f109551bD432803012645Ac136ddd64DBA72',
}

describe('formLinkSearch', () => {
  it('writes the form as the link options, in one order, and nothing for an empty form', () => {
    expect(formLinkSearch(fullForm)).toBe(
      `fromChain=1337001&fromToken=${USDC_A}&toChain=1337002&toToken=${NATIVE}&amount=12.5&toAddress=0x8ba1f109551bD432803012645Ac136ddd64DBA72`,
    )
    expect(formLinkSearch(EMPTY_FORM)).toBe('')
  })

  it('leaves out an amount or recipient that is half typed or wrong', () => {
    for (const amountText of ['1.', 'abc', '0', '1.1234567', '1e3']) {
      expect(new URLSearchParams(formLinkSearch({ ...fullForm, amountText })).has('amount'), amountText).toBe(
        amountText === '1.', // "1." is 1: a whole amount, kept as typed
      )
    }
    for (const recipientText of ['0x12', '0x0000000000000000000000000000000000000000', 'not an address']) {
      expect(new URLSearchParams(formLinkSearch({ ...fullForm, recipientText })).has('toAddress')).toBe(false)
    }
    expect(new URLSearchParams(formLinkSearch({ ...fullForm, recipientText: 'vitalik.eth' })).get('toAddress')).toBe(
      'vitalik.eth',
    )
  })

  it('is what parseFormLink reads back: a reload opens the same form', () => {
    const options = Object.fromEntries(new URLSearchParams(formLinkSearch(fullForm)))
    expect(parseFormLink(options, manifest)).toEqual({ fields: fullForm, problems: [] })
    expect(linkSearchOf(options)).toBe(formLinkSearch(fullForm))
  })
})

describe('parseFormLink', () => {
  it('takes networks by id and tokens by address in any case or by symbol', () => {
    const { fields, problems } = parseFormLink(
      {
        fromChain: '1337001',
        fromToken: 'usdc',
        toChain: '1337002',
        toToken: NATIVE.toUpperCase().replace('0X', '0x'),
      },
      manifest,
    )
    expect(problems).toEqual([])
    expect(fields).toEqual({ ...EMPTY_FORM, origin: usdcA, destination: ethB })
    expect(parseFormLink({ fromChain: '1337001', fromToken: USDC_A.toLowerCase() }, manifest).fields.origin).toEqual(
      usdcA,
    )
  })

  it('names an unknown network, and keeps the rest of the link', () => {
    const { fields, problems } = parseFormLink(
      { fromChain: '999', fromToken: 'USDC', toChain: '1337002', toToken: 'USDC', amount: '5' },
      manifest,
    )
    expect(problems).toEqual([{ message: 'Unknown network {{network}} in the link', values: { network: '999' } }])
    expect(fields.origin).toBeUndefined()
    expect(fields.destination?.address).toBe(USDC_B)
    expect(fields.amountText).toBe('5')
    for (const network of ['abc', '-1', '1.5', '', ' ', '99999999999999999999']) {
      const parsed = parseFormLink({ toChain: network, toToken: 'USDC' }, manifest)
      expect(parsed.fields.destination, network).toBeUndefined()
      expect(parsed.problems.length, network).toBe(1)
    }
  })

  it('names an unknown or ambiguous token on its network, and a token without a network', () => {
    expect(parseFormLink({ fromChain: '1337002', fromToken: 'DOGE' }, manifest).problems).toEqual([
      {
        message: 'Unknown token {{token}} on {{network}} in the link',
        values: { token: 'DOGE', network: 'Local Chain B' },
      },
    ])
    // An address that is not listed is not taken from a link: anyone can write one.
    expect(parseFormLink({ fromChain: '1337002', fromToken: USDC_A }, manifest).fields.origin).toBeUndefined()
    expect(parseFormLink({ fromChain: '1337001', fromToken: 'USDT' }, manifest).problems[0]?.message).toMatch(
      /not the only one/,
    )
    expect(parseFormLink({ fromChain: '1337001', fromToken: BRIDGED_A }, manifest).fields.origin?.kind).toBe('usdt')
    expect(parseFormLink({ toToken: 'USDC' }, manifest).problems).toEqual([
      { message: 'The link names the token {{token}} but not its network', values: { token: 'USDC' } },
    ])
    // A network alone is no token, and not a mistake.
    expect(parseFormLink({ fromChain: '1337001' }, manifest)).toEqual({ fields: EMPTY_FORM, problems: [] })
  })

  it('takes an unlisted token the form already holds (found by its address), so a reload keeps it', () => {
    const custom: TokenRef = {
      chainId: 1337002,
      address: '0x1111111111111111111111111111111111111111',
      symbol: 'CUST',
      decimals: 8,
      kind: 'erc20',
    }
    const options = { toChain: '1337002', toToken: custom.address.toLowerCase() }
    expect(parseFormLink(options, manifest, [undefined, custom]).fields.destination).toEqual(custom)
    expect(parseFormLink(options, manifest, [{ ...custom, chainId: 1337001 }]).fields.destination).toBeUndefined()
  })

  it('names an amount that is not one, or has more decimals than the token', () => {
    for (const amount of ['abc', '1e18', '-1', '0', '0x10']) {
      const { fields, problems } = parseFormLink({ fromChain: '1337001', fromToken: 'USDC', amount }, manifest)
      expect(fields.amountText, amount).toBe('')
      expect(problems, amount).toEqual([
        { message: 'The amount {{amount}} in the link is not a valid amount', values: { amount } },
      ])
    }
    expect(parseFormLink({ fromChain: '1337001', fromToken: 'USDC', amount: '1.1234567' }, manifest).problems).toEqual([
      {
        message: 'The amount {{amount}} in the link has more decimals than {{token}} has ({{decimals}})',
        values: { amount: '1.1234567', token: 'USDC', decimals: '6' },
      },
    ])
    // Without a token only the form is checked.
    expect(parseFormLink({ amount: '1.1234567' }, manifest).fields.amountText).toBe('1.1234567')
  })

  it('names a recipient that can never be one, and leaves the rest to the form', () => {
    for (const toAddress of ['0x1234', 'hello', '0x0000000000000000000000000000000000000000']) {
      const { fields, problems } = parseFormLink({ toAddress }, manifest)
      expect(fields.recipientText).toBe('')
      expect(problems[0]?.message).toBe('The recipient {{address}} in the link is not a valid address')
    }
    expect(parseFormLink({ toAddress: 'vitalik.eth' }, manifest).fields.recipientText).toBe('vitalik.eth')
  })

  it('shows at most 24 characters of what the link holds', () => {
    const long = `${'9'.repeat(40)}`
    const { problems } = parseFormLink({ fromChain: long, amount: 'x'.repeat(500) }, manifest)
    expect(problems.map((p) => Object.values(p.values)[0])).toEqual([`${'9'.repeat(23)}…`, `${'x'.repeat(23)}…`])
  })
})

describe('isFormLink', () => {
  it('is true for options that name a form field only', () => {
    expect(isFormLink({})).toBe(false)
    expect(isFormLink({ id: '0x12', utm_source: 'x' })).toBe(false)
    expect(isFormLink({ amount: '' })).toBe(true)
    expect(isFormLink({ toChain: '1' })).toBe(true)
  })
})
