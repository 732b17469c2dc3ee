import type { PickerToken } from './types.ts'

/** A token with its searchable fields lowercased once, so a keystroke only compares strings. */
type SearchEntry = {
  token: PickerToken
  symbol: string
  name: string
  address: string
}

export type TokenSearchIndex = readonly SearchEntry[]

// Tokens are immutable objects: their lowercase fields are computed once however often the list is re-sorted.
const entries = new WeakMap<PickerToken, SearchEntry>()

function toEntry(token: PickerToken): SearchEntry {
  let entry = entries.get(token)
  if (!entry) {
    entry = {
      token,
      symbol: token.symbol.toLowerCase(),
      name: token.name.toLowerCase(),
      address: token.address.toLowerCase(),
    }
    entries.set(token, entry)
  }
  return entry
}

/** Prepares tokens (in display order) for `filterTokens`; build it once per list, not per keystroke. */
export function createTokenSearchIndex(tokens: readonly PickerToken[]): TokenSearchIndex {
  return tokens.map(toEntry)
}

const FULL_ADDRESS = /^0x[0-9a-f]{40}$/
const HEX_PREFIX = /^0x[0-9a-f]+$/

/**
 * The entries (in index order) that matched the last text typed, per index. Typing one more character can only
 * narrow the matches, so the next keystroke scans these instead of the whole list.
 */
const lastMatches = new WeakMap<TokenSearchIndex, { text: string; entries: readonly SearchEntry[] }>()

/**
 * The tokens matching what was typed, best first: the exact symbol, symbols starting with the text, names
 * starting with it, symbols containing it, then names containing it (or addresses starting with a typed `0x…`).
 * Within a rank the index order (balance, then list order) is kept. A complete address matches only the token
 * at that address, in any letter case. Empty text matches everything.
 */
export function filterTokens(index: TokenSearchIndex, query: string): PickerToken[] {
  const text = query.trim().toLowerCase()
  if (text === '') return index.map((entry) => entry.token)

  if (FULL_ADDRESS.test(text)) {
    const found: PickerToken[] = []
    for (const entry of index) if (entry.address === text) found.push(entry.token)
    return found
  }

  const matchAddress = HEX_PREFIX.test(text)
  const last = lastMatches.get(index)
  // Narrowing holds unless the longer text starts matching addresses ("0x" → "0x1").
  const pool =
    last && text.startsWith(last.text) && (!matchAddress || HEX_PREFIX.test(last.text)) ? last.entries : index
  const matched: SearchEntry[] = []
  const exact: PickerToken[] = []
  const symbolPrefix: PickerToken[] = []
  const namePrefix: PickerToken[] = []
  const symbolContains: PickerToken[] = []
  const rest: PickerToken[] = []
  for (const entry of pool) {
    if (entry.symbol === text) exact.push(entry.token)
    else if (entry.symbol.startsWith(text)) symbolPrefix.push(entry.token)
    else if (entry.name.startsWith(text)) namePrefix.push(entry.token)
    else if (entry.symbol.includes(text)) symbolContains.push(entry.token)
    else if (entry.name.includes(text) || (matchAddress && entry.address.startsWith(text))) rest.push(entry.token)
    else continue
    matched.push(entry)
  }
  lastMatches.set(index, { text, entries: matched })
  return exact.concat(symbolPrefix, namePrefix, symbolContains, rest)
}
