import type { Manifest } from '@multi-bridge/core'
import * as Dialog from '@radix-ui/react-dialog'
import { useQuery } from '@tanstack/react-query'
import { type KeyboardEvent, type RefObject, useDeferredValue, useId, useMemo, useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import { useTranslation } from 'react-i18next'
import { getAddress, isAddress } from 'viem'
import { getPublicClient } from 'wagmi/actions'
import { useIntlFormat } from '../../i18n/intlFormat.ts'
import { TEXT_INPUT_MAX_LENGTH } from '../../lib/constants.ts'
import { useManifest } from '../../lib/ManifestContext.tsx'
import { useSwapClient } from '../../lib/swapClient.tsx'
import { isTouchScreen } from '../../lib/touchScreen.ts'
import { useReturnFocus } from '../../lib/useReturnFocus.ts'
import { useWalletConfig, useWalletConnection } from '../wallet/index.ts'
import { favouritesFirst, favouritesStore, pinKey, usePinnedTokens } from './favourites.ts'
import { createTokenSearchIndex, filterTokens } from './filterTokens.ts'
import { NetworkList } from './NetworkList.tsx'
import { pickerTokensForChain } from './pickerTokens.ts'
import { providerTokensQueryOptions } from './providerTokens.ts'
import { pickerBalancesQueryOptions, pickerTokenInfoQueryOptions } from './queries.ts'
import { sortTokensByValue, tokenValue } from './sortTokensByValue.ts'
import { TokenCautionCheck } from './TokenCautionCheck.tsx'
import { type ActiveOption, TokenList, tokenOptionId } from './TokenList.tsx'
import { tokenCautionFinder } from './tokenCaution.ts'
import { tokenPricesQueryOptions } from './tokenPrices.ts'
import type { PickerToken } from './types.ts'

export type TokenPickerDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** An i18n key, e.g. 'Select Sending Token'. */
  title: string
  /** The network shown first; the manifest's first chain when undefined or unknown. */
  chainId: number | undefined
  /** Called with the chosen token; the dialog then closes. */
  onSelect: (token: PickerToken) => void
  /** Extra tokens to show on a chain, after the config's and the providers' (tests/bench: a 10,000-token list). */
  extraTokens?: PickerToken[]
}

/** "Select Sending Token": pick a network, then a token, with balances and search by symbol, name or address. */
export function TokenPickerDialog({
  open,
  onOpenChange,
  title,
  chainId,
  onSelect,
  extraTokens,
}: TokenPickerDialogProps) {
  const { t } = useTranslation()
  const searchRef = useRef<HTMLInputElement>(null)
  const returnFocus = useReturnFocus()
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className="dialog picker-dialog"
          aria-describedby={undefined}
          onCloseAutoFocus={returnFocus}
          onOpenAutoFocus={(event) => {
            // Typing a symbol is the common case: start in the token search, not on the first button. Not on a
            // touch screen, where a focused text box opens the keyboard over the list the person came to see: there
            // the dialog's first button (Close) takes the focus, and a tap on the search box opens the keyboard.
            if (isTouchScreen()) return
            event.preventDefault()
            searchRef.current?.focus()
          }}
        >
          <div className="dialog-header">
            <Dialog.Title className="dialog-title">{t(title)}</Dialog.Title>
            <Dialog.Close className="icon-button" aria-label={t('Close')}>
              ×
            </Dialog.Close>
          </div>
          {/* Mounted only while open, so every opening starts from the given network and an empty search. */}
          <PickerBody
            initialChainId={chainId}
            extraTokens={extraTokens}
            searchRef={searchRef}
            onSelect={(token) => {
              onSelect(token)
              onOpenChange(false)
            }}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

function initialChain(manifest: Manifest, chainId: number | undefined) {
  const chains = manifest.chains
  return chains.find((chain) => chain.id === chainId) ?? chains[0]
}

const FIRST_OPTION: ActiveOption = { index: 0, reveal: true }

function PickerBody({
  initialChainId,
  extraTokens,
  searchRef,
  onSelect,
}: {
  initialChainId: number | undefined
  extraTokens: PickerToken[] | undefined
  searchRef: RefObject<HTMLInputElement | null>
  onSelect: (token: PickerToken) => void
}) {
  const { t } = useTranslation()
  const format = useIntlFormat()
  const manifest = useManifest()
  const swapClient = useSwapClient()
  const listId = useId()
  const [selectedChainId, setSelectedChainId] = useState(() => initialChain(manifest, initialChainId)?.id)
  const chain = manifest.chains.find((candidate) => candidate.id === selectedChainId) ?? manifest.chains[0]
  const [query, setQuery] = useState('')
  const [active, setActive] = useState<ActiveOption>(FIRST_OPTION)
  const deferredQuery = useDeferredValue(query)

  const { address: account } = useWalletConnection()
  // Balances and pasted addresses are read once the wallet layer is up; the lists show before that.
  const config = useWalletConfig()
  const chainId = chain?.id
  // undefined for a chain the config does not have; memoised: each call extends a new client.
  const client = useMemo(() => (config ? getPublicClient(config, { chainId }) : undefined), [config, chainId])
  const multicall3 = chain?.contracts.multicall3 ?? '0x'

  // The providers' lists (LI.FI in production) arrive after the config's tokens, which stay usable if they fail.
  const providerTokensQuery = useQuery(providerTokensQueryOptions(swapClient))
  const providerTokens = providerTokensQuery.data?.tokens
  const failedLists = providerTokensQuery.data?.failed ?? []
  const tokens = useMemo(() => {
    if (!chain) return []
    const fromProviders = providerTokens?.get(chain.id) ?? []
    return pickerTokensForChain(chain, extraTokens ? [...fromProviders, ...extraTokens] : fromProviders)
  }, [chain, providerTokens, extraTokens])
  const balancesQuery = useQuery(
    pickerBalancesQueryOptions({ client, chainId: chain?.id ?? 0, multicall3, account, tokens }),
  )
  const balances = account ? balancesQuery.data : undefined
  // The tokens held are ordered by their USD value where a provider prices them (and the value is shown).
  const prices = useQuery({ ...tokenPricesQueryOptions(swapClient), enabled: Boolean(account) }).data
  // The person's pinned tokens first (in the order pinned), then the rest by value.
  const pinned = usePinnedTokens()
  const sorted = useMemo(
    () => favouritesFirst(sortTokensByValue(tokens, balances, prices), pinned, pinKey),
    [tokens, balances, prices, pinned],
  )
  // A look-alike of a listed token, or a token no list has, is said in its row and asked about before it is chosen.
  const cautionOf = useMemo(
    () => tokenCautionFinder(chain ?? { tokens: [] }, chain ? (providerTokens?.get(chain.id) ?? []) : []),
    [chain, providerTokens],
  )
  const [checking, setChecking] = useState<PickerToken>()
  const searchIndex = useMemo(() => createTokenSearchIndex(sorted), [sorted])
  const matches = useMemo(() => filterTokens(searchIndex, deferredQuery), [searchIndex, deferredQuery])

  // A complete address that is not on the list is looked up on the chain.
  const typed = deferredQuery.trim()
  const lookupAddress = matches.length === 0 && isAddress(typed, { strict: false }) ? getAddress(typed) : undefined
  const tokenInfoQuery = useQuery(
    pickerTokenInfoQueryOptions({ client, chainId: chain?.id ?? 0, multicall3, tokenAddress: lookupAddress, account }),
  )
  const unlisted = lookupAddress ? tokenInfoQuery.data : undefined
  const options = useMemo(() => (unlisted ? [unlisted.token] : matches), [unlisted, matches])
  const activeIndex = Math.min(active.index, options.length - 1)

  if (!chain) return null

  const choose = (token: PickerToken) => (cautionOf(token) ? setChecking(token) : onSelect(token))
  const checkingCaution = checking && cautionOf(checking)
  if (checking && checkingCaution) {
    return (
      <TokenCautionCheck
        token={checking}
        caution={checkingCaution}
        network={chain.name}
        onChoose={() => onSelect(checking)}
        onBack={() => {
          // The list (and its search box) is back before the search box takes the focus, as when the picker opened.
          flushSync(() => setChecking(undefined))
          if (!isTouchScreen()) searchRef.current?.focus()
        }}
      />
    )
  }

  const balanceOf = (token: PickerToken) =>
    token.listed ? balances?.get(token.address.toLowerCase()) : unlisted?.balance
  const usdOf = (token: PickerToken) => tokenValue(token, balanceOf(token), prices)
  const balancesLoading = Boolean(account) && balancesQuery.isLoading
  const balancesFailed = Boolean(account) && balancesQuery.isError

  function chooseNetwork(chainId: number) {
    setSelectedChainId(chainId)
    setActive(FIRST_OPTION)
  }

  function onSearchKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (options.length === 0) return
    const last = options.length - 1
    const move = (index: number) => {
      event.preventDefault()
      setActive({ index: Math.max(0, Math.min(last, index)), reveal: true })
    }
    switch (event.key) {
      case 'ArrowDown':
        move(activeIndex + 1)
        break
      case 'ArrowUp':
        move(activeIndex - 1)
        break
      case 'PageDown':
        move(activeIndex + 8)
        break
      case 'PageUp':
        move(activeIndex - 8)
        break
      case 'Enter': {
        const token = options[activeIndex]
        if (token) {
          event.preventDefault()
          choose(token)
        }
        break
      }
    }
  }

  const lookupStatus = !lookupAddress
    ? undefined
    : tokenInfoQuery.isPending && tokenInfoQuery.fetchStatus !== 'idle'
      ? 'loading'
      : unlisted
        ? 'found'
        : tokenInfoQuery.isPending
          ? undefined
          : 'missing'

  return (
    <div className="picker-body">
      <NetworkList
        chains={manifest.chains}
        selectedChainId={chain.id}
        onSelect={chooseNetwork}
        onDone={() => searchRef.current?.focus()}
      />
      <section className="picker-tokens" aria-label={t('Tokens on {{network}}', { network: chain.name })}>
        <div className="picker-search-wrap">
          <svg className="picker-search-icon" viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
            <circle cx="9" cy="9" r="6" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="m14 14 4 4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          <input
            ref={searchRef}
            type="text"
            className="picker-search"
            role="combobox"
            aria-label={t('Input token symbol or contract address')}
            placeholder={t('Input token symbol or contract address')}
            aria-controls={listId}
            aria-expanded={options.length > 0}
            aria-autocomplete="list"
            aria-activedescendant={options.length > 0 ? tokenOptionId(listId, activeIndex) : undefined}
            maxLength={TEXT_INPUT_MAX_LENGTH}
            autoComplete="off"
            autoCorrect="off"
            spellCheck={false}
            value={query}
            onChange={(event) => {
              setQuery(event.target.value)
              setActive(FIRST_OPTION)
            }}
            onKeyDown={onSearchKeyDown}
          />
        </div>
        {balancesFailed && (
          <p className="picker-warning" role="status" data-testid="picker-balances-failed">
            {t("Balances on {{network}} can't be read: its RPC is not answering.", { network: chain.name })}{' '}
            <button type="button" className="link-button" onClick={() => void balancesQuery.refetch()}>
              {t('Retry')}
            </button>
          </p>
        )}
        {failedLists.length > 0 && (
          <p className="picker-warning" role="status" data-testid="picker-list-failed">
            {t("{{providers}}'s token list couldn't be loaded; the listed tokens are here.", {
              providers: format.list(failedLists),
            })}{' '}
            <button type="button" className="link-button" onClick={() => void providerTokensQuery.refetch()}>
              {t('Retry')}
            </button>
          </p>
        )}
        {lookupStatus === 'found' && (
          <p className="picker-warning" role="alert">
            {t('This token is not on the list. Check the address before you trade it.')}
          </p>
        )}
        {lookupStatus === 'loading' && (
          <p className="picker-empty" role="status">
            <span className="picker-spinner" aria-hidden="true" />
            {t('Looking up token…')}
          </p>
        )}
        {lookupStatus === 'missing' && (
          <p className="picker-empty" role="status">
            {t('No token found at this address on {{network}}.', { network: chain.name })}
          </p>
        )}
        {!lookupAddress && options.length === 0 && (
          <p className="picker-empty" role="status">
            {typed
              ? t("No tokens matched '{{ keyword }}'", { keyword: typed })
              : t('No tokens on {{network}}', { network: chain.name })}
          </p>
        )}
        <TokenList
          id={listId}
          label={t('Tokens on {{network}}', { network: chain.name })}
          tokens={options}
          active={{ index: activeIndex, reveal: active.reveal }}
          onActiveChange={setActive}
          onSelect={choose}
          cautionOf={cautionOf}
          network={chain.name}
          balanceOf={balanceOf}
          usdOf={usdOf}
          balancesLoading={balancesLoading}
          balancesFailed={balancesFailed}
          resetKey={`${chain.id}:${typed}`}
          isPinned={(token) => pinned.includes(pinKey(token))}
          onTogglePin={(token) => favouritesStore.getState().toggleToken(pinKey(token))}
        />
      </section>
    </div>
  )
}
