import { getManifestChain, type Manifest, parseAmountInput, type TokenRef } from '@multi-bridge/core'
import { checkRecipient } from './checkRecipient.ts'

/** The swap form's fields kept across pages and reloads, and written into its address (`#/?fromChain=…`). */
export type FormFields = {
  origin: TokenRef | undefined
  destination: TokenRef | undefined
  amountText: string
  recipientText: string
}

export const EMPTY_FORM: FormFields = {
  origin: undefined,
  destination: undefined,
  amountText: '',
  recipientText: '',
}

/** The page options a link may prefill the form with (SPEC §4), in the order the address lists them. */
export const FORM_LINK_KEYS = ['fromChain', 'fromToken', 'toChain', 'toToken', 'amount', 'toAddress'] as const

/** Something in a link that could not be used: an i18n key (English text) and its values. */
export type LinkProblem = { message: string; values: Record<string, string> }

export type ParseFormLinkReturnType = { fields: FormFields; problems: LinkProblem[] }

/** Whether the page's options hold any of the form's fields (a link to prefill it). */
export const isFormLink = (options: Readonly<Record<string, string>>) =>
  FORM_LINK_KEYS.some((key) => options[key] !== undefined)

/** The form's fields as the address's query (without `?`): only what is set and usable, in one fixed order. */
export function formLinkSearch(fields: FormFields): string {
  const params = new URLSearchParams()
  if (fields.origin) {
    params.set('fromChain', String(fields.origin.chainId))
    params.set('fromToken', fields.origin.address)
  }
  if (fields.destination) {
    params.set('toChain', String(fields.destination.chainId))
    params.set('toToken', fields.destination.address)
  }
  const amount = fields.amountText.trim()
  // What is half typed or wrong ("1.", "abc") stays out: a reload must not greet the person with a bad link.
  if (amount !== '' && parseAmountInput(amount, fields.origin?.decimals ?? LOOSE_DECIMALS).ok) {
    params.set('amount', amount)
  }
  const recipient = fields.recipientText.trim()
  if (recipient !== '' && !('error' in checkRecipient(recipient))) params.set('toAddress', recipient)
  return params.toString()
}

/** The link's own form fields, in the fixed order, as `formLinkSearch` would write them (to compare the two). */
export function linkSearchOf(options: Readonly<Record<string, string>>): string {
  const params = new URLSearchParams()
  for (const key of FORM_LINK_KEYS) {
    const value = options[key]
    if (value !== undefined) params.set(key, value)
  }
  return params.toString()
}

/** Decimals assumed for an amount whose token is not known: only its form is checked. */
const LOOSE_DECIMALS = 77
/** A value from a link is shown in a message at most this long: a link is anyone's text. */
const SHOWN_LENGTH = 24

const shown = (value: string) => (value.length > SHOWN_LENGTH ? `${value.slice(0, SHOWN_LENGTH - 1)}…` : value)

/**
 * A link's form fields (`fromChain`, `fromToken`, `toChain`, `toToken`, `amount`, `toAddress`) as the form's, each
 * checked against the config: networks by chain id, tokens by address or (unambiguous) symbol among the listed
 * tokens, or `known` ones (the form's own, so that a reload keeps a token the person found by its address). What
 * cannot be used is left out of the fields and named in `problems`; the rest is used. Fields the link does not
 * name are empty: a link is a whole form.
 */
export function parseFormLink(
  options: Readonly<Record<string, string>>,
  manifest: Manifest,
  known: readonly (TokenRef | undefined)[] = [],
): ParseFormLinkReturnType {
  const problems: LinkProblem[] = []
  const token = (chainKey: 'fromChain' | 'toChain', tokenKey: 'fromToken' | 'toToken') => {
    const chainText = options[chainKey]?.trim()
    const tokenText = options[tokenKey]?.trim()
    if (chainText === undefined || chainText === '') {
      if (tokenText) {
        problems.push({
          message: 'The link names the token {{token}} but not its network',
          values: { token: shown(tokenText) },
        })
      }
      return undefined
    }
    const chain = /^\d{1,15}$/.test(chainText) ? getManifestChain(manifest, Number(chainText)) : undefined
    if (!chain) {
      problems.push({ message: 'Unknown network {{network}} in the link', values: { network: shown(chainText) } })
      return undefined
    }
    // A network alone names no token: the person picks one there.
    if (tokenText === undefined || tokenText === '') return undefined
    const found = findLinkToken(manifest, chain.id, tokenText, known)
    if (found === 'ambiguous') {
      problems.push({
        message: 'The link’s token {{token}} is not the only one of that name on {{network}}: use its address',
        values: { token: shown(tokenText), network: chain.name },
      })
      return undefined
    }
    if (!found) {
      problems.push({
        message: 'Unknown token {{token}} on {{network}} in the link',
        values: { token: shown(tokenText), network: chain.name },
      })
    }
    return found
  }
  const origin = token('fromChain', 'fromToken')
  const destination = token('toChain', 'toToken')

  let amountText = ''
  const amount = options.amount?.trim()
  if (amount !== undefined && amount !== '') {
    const parsed = parseAmountInput(amount, origin?.decimals ?? LOOSE_DECIMALS)
    if (parsed.ok) amountText = amount
    else if (parsed.error === 'tooManyDecimals' && origin) {
      problems.push({
        message: 'The amount {{amount}} in the link has more decimals than {{token}} has ({{decimals}})',
        values: { amount: shown(amount), token: origin.symbol, decimals: String(origin.decimals) },
      })
    } else {
      problems.push({
        message: 'The amount {{amount}} in the link is not a valid amount',
        values: { amount: shown(amount) },
      })
    }
  }

  let recipientText = ''
  const recipient = options.toAddress?.trim()
  if (recipient !== undefined && recipient !== '') {
    // Refused here only when it can never be a recipient; the field checks the rest (a name, a contract) as usual.
    if ('error' in checkRecipient(recipient)) {
      problems.push({
        message: 'The recipient {{address}} in the link is not a valid address',
        values: { address: shown(recipient) },
      })
    } else recipientText = recipient
  }
  return { fields: { origin, destination, amountText, recipientText }, problems }
}

function findLinkToken(
  manifest: Manifest,
  chainId: number,
  text: string,
  known: readonly (TokenRef | undefined)[],
): TokenRef | 'ambiguous' | undefined {
  const chain = getManifestChain(manifest, chainId)
  if (!chain) return undefined
  const ref = (token: (typeof chain.tokens)[number]): TokenRef => ({
    chainId,
    address: token.address,
    symbol: token.symbol,
    decimals: token.decimals,
    kind: token.kind,
  })
  if (/^0x[0-9a-fA-F]{40}$/.test(text)) {
    const wanted = text.toLowerCase()
    const listed = chain.tokens.find((token) => token.address.toLowerCase() === wanted)
    if (listed) return ref(listed)
    return known.find((token) => token?.chainId === chainId && token.address.toLowerCase() === wanted)
  }
  const bySymbol = chain.tokens.filter((token) => token.symbol.toLowerCase() === text.toLowerCase())
  if (bySymbol.length > 1) return 'ambiguous'
  return bySymbol[0] ? ref(bySymbol[0]) : undefined
}
