import { useStore } from 'zustand'
import { createPersistedStore } from '../../lib/persistedStore.ts'
import { priceKey } from './tokenPrices.ts'

type FavouritesState = {
  /** Pinned tokens, by `${chainId}:${lowercase address}`, in the order they were pinned. */
  tokens: string[]
  /** Starred networks' chain ids, in the order they were starred. */
  networks: number[]
  toggleToken: (key: string) => void
  toggleNetwork: (chainId: number) => void
}

const MAX_PINNED = 50

const toggled = <T>(list: readonly T[], item: T): T[] =>
  list.includes(item) ? list.filter((entry) => entry !== item) : [...list, item].slice(-MAX_PINNED)

/** The picker's pinned tokens and starred networks, kept in this browser under `__persist__pickerFavourites`. */
export const favouritesStore = createPersistedStore<FavouritesState>(
  (set) => ({
    tokens: [],
    networks: [],
    toggleToken: (key) => set((state) => ({ tokens: toggled(state.tokens, key) })),
    toggleNetwork: (chainId) => set((state) => ({ networks: toggled(state.networks, chainId) })),
  }),
  {
    storeId: 'pickerFavourites',
    version: 1,
    validate: (restored): restored is FavouritesState => {
      const { tokens, networks } = restored as { tokens?: unknown; networks?: unknown }
      return (
        Array.isArray(tokens) &&
        tokens.every((key) => typeof key === 'string') &&
        Array.isArray(networks) &&
        networks.every((id) => Number.isSafeInteger(id))
      )
    },
  },
)

export const pinKey = (token: { chainId: number; address: string }) => priceKey(token.chainId, token.address)

export const usePinnedTokens = () => useStore(favouritesStore, (state) => state.tokens)
export const useStarredNetworks = () => useStore(favouritesStore, (state) => state.networks)

/**
 * The favourites first, in the order they were chosen, then the rest in the order given (a stable partition):
 * the pinned tokens at the top of a chain's list, the starred networks at the top of the networks.
 */
export function favouritesFirst<T>(
  items: readonly T[],
  favourites: readonly string[] | readonly number[],
  keyOf: (item: T) => string | number,
): T[] {
  if (favourites.length === 0) return [...items]
  const rank = new Map<string | number, number>(favourites.map((key, index) => [key, index]))
  const first: T[] = []
  const rest: T[] = []
  for (const item of items) (rank.has(keyOf(item)) ? first : rest).push(item)
  first.sort((a, b) => rank.get(keyOf(a))! - rank.get(keyOf(b))!)
  return [...first, ...rest]
}
