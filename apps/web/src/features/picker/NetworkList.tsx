import type { ManifestChain } from '@multi-bridge/core'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { TEXT_INPUT_MAX_LENGTH } from '../../lib/constants.ts'
import { filterNetworks } from './filterNetworks.ts'
import { TokenIcon } from './TokenIcon.tsx'

export type NetworkListProps = {
  chains: readonly ManifestChain[]
  selectedChainId: number
  onSelect: (chainId: number) => void
  /** Enter in the search box picks the first match and moves on to the tokens. */
  onDone: () => void
}

/** "Select Network": a searchable list of the manifest's networks (chips on a phone, a column on desktop). */
export function NetworkList({ chains, selectedChainId, onSelect, onDone }: NetworkListProps) {
  const { t } = useTranslation()
  const titleId = useId()
  const [query, setQuery] = useState('')
  const matches = filterNetworks(chains, query)

  return (
    <section className="picker-networks" aria-labelledby={titleId}>
      <h3 id={titleId} className="picker-section-title">
        {t('Select Network')}
      </h3>
      <input
        type="search"
        className="picker-search picker-search-small"
        placeholder={t('Search Network')}
        aria-label={t('Search Network')}
        maxLength={TEXT_INPUT_MAX_LENGTH}
        autoComplete="off"
        spellCheck={false}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={(event) => {
          const first = matches[0]
          if (event.key === 'Enter' && first) {
            event.preventDefault()
            onSelect(first.id)
            onDone()
          }
        }}
      />
      {matches.length === 0 ? (
        <p className="picker-empty" role="status">
          {t("No networks matched '{{ keyword }}'", { keyword: query.trim() })}
        </p>
      ) : (
        <ul className="picker-network-list" aria-labelledby={titleId}>
          {matches.map((chain) => (
            <li key={chain.id}>
              <button
                type="button"
                className="picker-network"
                aria-pressed={chain.id === selectedChainId}
                onClick={() => onSelect(chain.id)}
              >
                <TokenIcon symbol={chain.name} size={24} letters={2} />
                <span className="picker-network-name">{chain.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
