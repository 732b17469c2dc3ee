import { useVirtualizer } from '@tanstack/react-virtual'
import { useCallback, useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { useIntlFormat } from '../../i18n/intlFormat.ts'
import { listBalance } from '../../lib/format.ts'
import { FavouriteToggle } from './FavouriteToggle.tsx'
import { TokenIcon } from './TokenIcon.tsx'
import type { TokenCaution } from './tokenCaution.ts'
import type { PickerToken } from './types.ts'

const ROW_HEIGHT = 60

export type ActiveOption = {
  index: number
  /** Scroll the option into view (keyboard moves); the pointer already sees the row it hovers. */
  reveal: boolean
}

export type TokenListProps = {
  id: string
  label: string
  tokens: readonly PickerToken[]
  active: ActiveOption
  onActiveChange: (active: ActiveOption) => void
  onSelect: (token: PickerToken) => void
  /** The balance in base units; undefined when unknown. */
  balanceOf: (token: PickerToken) => bigint | undefined
  /** The balance's USD value (scaled by 10^18); undefined when there is none or no price for the token. */
  usdOf?: (token: PickerToken) => bigint | undefined
  balancesLoading: boolean
  /** The balances could not be read: each shows "—". */
  balancesFailed?: boolean
  /** Changes when the person searches again or picks another network: the list then starts at the top. */
  resetKey: string
  /** Whether a token is pinned to the top of its chain's list; its pin button toggles it (listed tokens only). */
  isPinned?: (token: PickerToken) => boolean
  onTogglePin?: (token: PickerToken) => void
  /** Why a token is worth a second look (a look-alike of a listed token, a token no list has), if it is. */
  cautionOf?: (token: PickerToken) => TokenCaution | undefined
  /** The network's name, as a look-alike's row says it: "Not the USDC listed for Base". */
  network: string
}

export const tokenOptionId = (listId: string, index: number) => `${listId}-option-${index}`

/** The pin button's size, a finger's target, centred on its row. */
const PIN_SIZE = 44

/**
 * The tokens as a listbox driven from the search box (aria-activedescendant): only the rows in view are in the
 * DOM, so a list of 10,000 scrolls and filters as smoothly as one of ten. Each listed token's pin button sits
 * beside its row, outside the listbox (a listbox holds options only), in the same scrolling box.
 */
export function TokenList({
  id,
  label,
  tokens,
  active,
  onActiveChange,
  onSelect,
  balanceOf,
  usdOf,
  balancesLoading,
  balancesFailed,
  resetKey,
  isPinned,
  onTogglePin,
  cautionOf,
  network,
}: TokenListProps) {
  const { t } = useTranslation()
  const format = useIntlFormat()
  const scrollRef = useRef<HTMLDivElement>(null)
  // Stable per list: the virtualizer measures every row again (all 10,000) whenever this function changes,
  // which an inline one would do on every render, the search box's own keystroke renders included.
  const getItemKey = useCallback(
    (index: number) => {
      const token = tokens[index]
      return token ? `${token.chainId}:${token.address}` : index
    },
    [tokens],
  )
  const virtualizer = useVirtualizer({
    count: tokens.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 6,
    getItemKey,
  })

  // A new search starts at its best match; balances arriving later re-sort without moving the view.
  useEffect(() => {
    if (resetKey !== undefined && scrollRef.current) scrollRef.current.scrollTop = 0
  }, [resetKey])

  // Only when the active option changes: a later re-render (new balances) must not undo the person's scrolling.
  const { index: activeIndex, reveal } = active
  useEffect(() => {
    if (reveal && activeIndex >= 0) virtualizer.scrollToIndex(activeIndex, { align: 'auto' })
  }, [activeIndex, reveal, virtualizer])

  const rows = virtualizer.getVirtualItems()
  return (
    <div ref={scrollRef} className="picker-token-list" hidden={!tokens.length}>
      <div className="picker-token-list-sizer" style={{ height: virtualizer.getTotalSize() }}>
        <div id={id} role="listbox" aria-label={label} className="picker-token-options">
          {rows.map((item) => {
            const token = tokens[item.index]
            if (!token) return null
            const balance = balanceOf(token)
            const value = usdOf?.(token)
            const isActive = item.index === activeIndex
            const caution = cautionOf?.(token)
            const lookAlike = caution?.kind === 'lookAlike' ? caution.listed : undefined
            return (
              <div
                key={item.key}
                id={tokenOptionId(id, item.index)}
                role="option"
                tabIndex={-1}
                aria-selected={isActive}
                aria-setsize={tokens.length}
                aria-posinset={item.index + 1}
                className={onTogglePin ? 'picker-token picker-token-pinnable' : 'picker-token'}
                style={{ height: item.size, transform: `translateY(${item.start}px)` }}
                // Focus stays in the search box, where the arrow keys are read.
                onMouseDown={(event) => event.preventDefault()}
                onMouseMove={() => {
                  if (!isActive) onActiveChange({ index: item.index, reveal: false })
                }}
                onClick={() => onSelect(token)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' || event.key === ' ') onSelect(token)
                }}
              >
                <TokenIcon symbol={token.symbol} logoURI={token.logoURI} />
                <span className="picker-token-text">
                  <span className="picker-token-symbol" data-testid="picker-token-symbol">
                    {token.symbol}
                    {lookAlike ? (
                      <span className="picker-badge picker-badge-danger">{t('Look-alike')}</span>
                    ) : (
                      !token.listed && <span className="picker-badge">{t('Not listed')}</span>
                    )}
                  </span>
                  {isPinned?.(token) && <span className="visually-hidden"> {t('(pinned)')}</span>}
                  {lookAlike ? (
                    <span className="picker-token-name picker-token-caution" data-testid="picker-token-caution">
                      {t('Not the {{symbol}} listed for {{network}}', { symbol: lookAlike.symbol, network })}
                    </span>
                  ) : (
                    <span className="picker-token-name">{token.name}</span>
                  )}
                </span>
                <span className="picker-token-balance">
                  {balance !== undefined ? (
                    <>
                      <span
                        className={balance === 0n ? 'picker-balance-zero' : undefined}
                        data-testid="picker-token-amount"
                      >
                        {listBalance(balance, token.decimals)}
                      </span>
                      {value !== undefined && (
                        <span className="picker-token-value" data-testid="picker-token-value">
                          ≈ {format.usd(value)}
                        </span>
                      )}
                    </>
                  ) : balancesFailed ? (
                    <span className="picker-balance-zero">—</span>
                  ) : (
                    balancesLoading && <span className="picker-skeleton" aria-hidden="true" />
                  )}
                </span>
              </div>
            )
          })}
        </div>
        {onTogglePin &&
          rows.map((item) => {
            const token = tokens[item.index]
            if (!token?.listed) return null
            const pinned = isPinned?.(token) ?? false
            return (
              <FavouriteToggle
                key={item.key}
                icon="pin"
                on={pinned}
                className="picker-pin"
                label={t('Pin {{symbol}} to the top', { symbol: token.symbol })}
                title={t(pinned ? 'Unpin' : 'Pin to the top')}
                style={{ transform: `translateY(${item.start + (item.size - PIN_SIZE) / 2}px)` }}
                // The search box keeps the focus (and the keyboard stays closed on a phone).
                keepFocus
                onToggle={() => onTogglePin(token)}
              />
            )
          })}
      </div>
    </div>
  )
}
