import { findManifestToken, getManifestChain, type TokenRef } from '@multi-bridge/core'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useManifest } from '../../lib/ManifestContext.tsx'
import { useSwapClient } from '../../lib/swapClient.tsx'
import { providerTokensQueryOptions, type TokenCaution, tokenCautionFinder } from '../picker/index.ts'

/**
 * The review's word on each token of the swap that is worth a second look, said again after the picker asked: a
 * look-alike of a listed token (with both addresses), or a token no list has. A token the providers' lists may still
 * name is only compared with the config's until they are in.
 */
export function TokenCautionNotes({ tokens }: { tokens: readonly TokenRef[] }) {
  const { t } = useTranslation()
  const manifest = useManifest()
  const providerTokens = useQuery(providerTokensQueryOptions(useSwapClient())).data?.tokens
  const notes: { key: string; text: string }[] = []
  const seen = new Set<string>()
  for (const token of tokens) {
    const key = `${token.chainId}:${token.address.toLowerCase()}`
    const chain = getManifestChain(manifest, token.chainId)
    if (!chain || seen.has(key)) continue
    seen.add(key)
    const fromProviders = providerTokens?.get(chain.id) ?? []
    const listed =
      Boolean(findManifestToken(chain, token.address)) ||
      providerTokens === undefined ||
      fromProviders.some((candidate) => candidate.address.toLowerCase() === token.address.toLowerCase())
    const caution: TokenCaution | undefined = tokenCautionFinder(chain, fromProviders)({ ...token, listed })
    if (!caution) continue
    const values = { symbol: token.symbol, address: token.address, network: chain.name }
    notes.push({
      key,
      text:
        caution.kind === 'lookAlike'
          ? t(
              '{{symbol}} ({{address}}) is not the {{listed}} listed for {{network}}: tokens that copy a listed name are a common scam.',
              { ...values, listed: caution.listed.symbol },
            )
          : t('{{symbol}} ({{address}}) is not on the list of {{network}}: check its address.', values),
    })
  }
  return notes.map((note) => (
    <p key={note.key} className="picker-warning review-token-caution" role="alert" data-testid="review-token-caution">
      {note.text}
    </p>
  ))
}
