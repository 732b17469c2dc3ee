import { lookAlikeFinder, type ManifestChain, type NamedToken } from '@multi-bridge/core'

/**
 * Why a token is worth a second look before it is chosen:
 * - `lookAlike`: its symbol looks like a listed token's (`listed`), at another address: the commonest scam in token
 *   pickers (an airdropped "USDC" worth nothing);
 * - `unlisted`: no list vouches for it (read from its contract after its address was pasted).
 */
export type TokenCaution = { kind: 'lookAlike'; listed: NamedToken } | { kind: 'unlisted' }

/** A token as far as its caution goes: its name, and whether a list (the config's, a provider's) vouches for it. */
export type CautionToken = NamedToken & { listed: boolean }

/**
 * The caution for each token on `chain`: a token of the config is never one; a provider's is a look-alike of a config
 * token of the same look (the config, which the deployment vouches for, decides); a token no list has is a look-alike
 * of any listed token of the same look, else `unlisted`.
 */
export function tokenCautionFinder(
  chain: Pick<ManifestChain, 'tokens'>,
  providerTokens: readonly NamedToken[],
): (token: CautionToken) => TokenCaution | undefined {
  const ofConfig = lookAlikeFinder(chain.tokens)
  // Built when an unlisted token is first asked about: a provider's list may hold thousands.
  let ofAnyList: ReturnType<typeof lookAlikeFinder<NamedToken>> | undefined
  const anyList = () => (ofAnyList ??= lookAlikeFinder<NamedToken>([...chain.tokens, ...providerTokens]))
  return (token) => {
    const listed = token.listed ? ofConfig(token) : anyList()(token)
    if (listed) return { kind: 'lookAlike', listed: { address: listed.address, symbol: listed.symbol } }
    return token.listed ? undefined : { kind: 'unlisted' }
  }
}
