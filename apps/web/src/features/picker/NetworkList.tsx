import type { ManifestChain } from '@multi-bridge/core'
import { useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { TEXT_INPUT_MAX_LENGTH } from '../../lib/constants.ts'
import { FavouriteToggle } from './FavouriteToggle.tsx'
import { favouritesFirst, favouritesStore, useStarredNetworks } from './favourites.ts'
import { filterNetworks } from './filterNetworks.ts'
import { TokenIcon } from './TokenIcon.tsx'

export type NetworkListProps = {
  chains: readonly ManifestChain[]
  selectedChainId: number
  onSelect: (chainId: number) => void
  /** Enter in the search box picks the first match and moves on to the tokens. */
  onDone: () => void
}

/**
 * "Select Network": a searchable list of the manifest's networks (chips on a phone, a column on desktop), the
 * person's starred ones first. Each has its star beside it (on a phone, the starred ones' and the selected one's).
 */
export function NetworkList({ chains, selectedChainId, onSelect, onDone }: NetworkListProps) {
  const { t } = useTranslation()
  const titleId = useId()
  const [query, setQuery] = useState('')
  const starred = useStarredNetworks()
  const matches = favouritesFirst(filterNetworks(chains, query), starred, (chain) => chain.id)
  // The selected network stays in sight when a star moves it (a phone's row of chips scrolls sideways).
  const list = useRef<HTMLUListElement>(null)
  const order = matches.map((chain) => chain.id).join()
  useEffect(() => {
    if (order) list.current?.querySelector('[data-selected]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' })
  }, [order])

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
        <ul ref={list} className="picker-network-list" aria-labelledby={titleId}>
          {matches.map((chain) => {
            const isStarred = starred.includes(chain.id)
            const selected = chain.id === selectedChainId
            return (
              <li key={chain.id} className="picker-network-item" data-selected={selected || undefined}>
                <button
                  type="button"
                  className="picker-network"
                  aria-pressed={selected}
                  onClick={() => onSelect(chain.id)}
                >
                  <TokenIcon symbol={chain.name} size={24} letters={2} />
                  <span className="picker-network-name">{chain.name}</span>
                </button>
                <FavouriteToggle
                  icon="star"
                  on={isStarred}
                  className="picker-star"
                  label={t('Star {{network}}', { network: chain.name })}
                  title={t(isStarred ? 'Unstar' : 'Star: shown first')}
                  onToggle={() => favouritesStore.getState().toggleNetwork(chain.id)}
                />
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
