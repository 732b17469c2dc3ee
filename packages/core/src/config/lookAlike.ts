import type { Address } from 'viem'

/** A token as far as its name goes: where it lives and what it calls itself. */
export type NamedToken = { address: Address; symbol: string }

/**
 * Letters of other scripts drawn like Latin capitals, as a token symbol is read in a list: "UЅDС" (Cyrillic Ѕ and С)
 * and "USDC" look the same, and only the address tells them apart. The commonest of Unicode's confusables
 * (https://www.unicode.org/Public/security/latest/confusables.txt) for the letters symbols use.
 */
// biome-ignore format: a table, read across
const LATIN_LOOKS: Readonly<Record<string, string>> = {
  // Cyrillic capitals (small letters are upper-cased first)
  А: 'A', В: 'B', Е: 'E', К: 'K', М: 'M', Н: 'H', О: 'O', Р: 'P', С: 'C', Т: 'T', Х: 'X', У: 'Y', Ѕ: 'S', І: 'I',
  Ј: 'J', Ԁ: 'D', Ԛ: 'Q', Ԝ: 'W', Ү: 'Y', Ӏ: 'I', Ɩ: 'I',
  // Greek capitals
  Α: 'A', Β: 'B', Ε: 'E', Ζ: 'Z', Η: 'H', Ι: 'I', Κ: 'K', Μ: 'M', Ν: 'N', Ο: 'O', Ρ: 'P', Τ: 'T', Υ: 'Y', Χ: 'X',
  // Digits and a Latin letter taken for others in a small font ("U5DC", "WETH" and "WΕTH", "lnch")
  '0': 'O', '1': 'I', L: 'I', '5': 'S',
}

/** Characters that draw nothing (zero-width spaces and joiners, the byte-order mark, soft hyphen). */
const INVISIBLE = /[\u00AD\u200B-\u200F\u2060-\u2064\uFEFF]/g

/**
 * What a symbol looks like to a reader: compatibility forms folded (full-width "ＵＳＤＣ", "ᵁˢᴰᶜ"), invisible
 * characters and spaces dropped, upper case, and look-alike letters of other scripts read as the Latin ones. Two
 * symbols with one skeleton are told apart only by their addresses.
 */
export function symbolSkeleton(symbol: string): string {
  const folded = symbol.normalize('NFKC').replace(INVISIBLE, '').replace(/\s+/g, '').toUpperCase()
  return Array.from(folded, (character) => LATIN_LOOKS[character] ?? character).join('')
}

/**
 * The listed token that a token passes itself off as: one of `listed` (the tokens this app lists on the token's
 * chain, the config's first) whose symbol looks the same and whose address is another. Undefined for a listed token
 * itself, and for one whose symbol is its own. Built once per list: a provider's list may hold thousands.
 */
export function lookAlikeFinder<Listed extends NamedToken>(
  listed: readonly Listed[],
): (token: NamedToken) => Listed | undefined {
  const addresses = new Set(listed.map((candidate) => candidate.address.toLowerCase()))
  const bySkeleton = new Map<string, Listed>()
  for (const candidate of listed) {
    const skeleton = symbolSkeleton(candidate.symbol)
    if (!bySkeleton.has(skeleton)) bySkeleton.set(skeleton, candidate)
  }
  return (token) => {
    if (addresses.has(token.address.toLowerCase())) return undefined
    const skeleton = symbolSkeleton(token.symbol)
    return skeleton === '' ? undefined : bySkeleton.get(skeleton)
  }
}
