import {
  getManifestChain,
  listedTokenRef,
  type Manifest,
  parseAmountInput,
  TOKEN_KINDS,
  type TokenRef,
} from '@multi-bridge/core'
import { useMemo } from 'react'
import { useStore } from 'zustand'
import { TEXT_INPUT_MAX_LENGTH } from '../../lib/constants.ts'
import { useManifest } from '../../lib/ManifestContext.tsx'
import { createPersistedStore } from '../../lib/persistedStore.ts'
import { useIsHydrated } from '../../lib/useIsHydrated.ts'
import { EMPTY_FORM, type FormFields } from './formUrl.ts'

type KeptFormState = FormFields & {
  setOrigin: (token: TokenRef | undefined) => void
  setDestination: (token: TokenRef | undefined) => void
  setAmountText: (text: string) => void
  setRecipientText: (text: string) => void
  /** Replaces the whole form (a link opened). */
  replace: (fields: FormFields) => void
}

const isToken = (value: unknown): value is TokenRef => {
  if (typeof value !== 'object' || value === null) return false
  const token = value as Record<string, unknown>
  return (
    Number.isSafeInteger(token.chainId) &&
    (token.chainId as number) > 0 &&
    typeof token.address === 'string' &&
    /^0x[0-9a-fA-F]{40}$/.test(token.address) &&
    typeof token.symbol === 'string' &&
    token.symbol.length <= TEXT_INPUT_MAX_LENGTH &&
    Number.isInteger(token.decimals) &&
    (token.decimals as number) >= 0 &&
    (token.decimals as number) <= 255 &&
    (TOKEN_KINDS as readonly unknown[]).includes(token.kind)
  )
}
/** A pasted amount may be longer than the fields take (it is then refused as too long): kept as it was. */
const KEPT_TEXT_MAX_LENGTH = 1_000
const isText = (value: unknown): value is string => typeof value === 'string' && value.length <= KEPT_TEXT_MAX_LENGTH

/**
 * What can be kept of a saved form, field by field: a corrupt token or text is left out (and logged), the others
 * stay. Nothing of it reaches the person: the form shows what was kept.
 */
export function sanitizeKeptForm(restored: object): Partial<FormFields> {
  const saved = restored as Record<string, unknown>
  const kept: Partial<FormFields> = {}
  const dropped: string[] = []
  for (const key of ['origin', 'destination'] as const) {
    if (saved[key] === undefined || saved[key] === null) continue
    if (isToken(saved[key])) kept[key] = saved[key]
    else dropped.push(key)
  }
  for (const key of ['amountText', 'recipientText'] as const) {
    if (saved[key] === undefined) continue
    if (isText(saved[key])) kept[key] = saved[key]
    else dropped.push(key)
  }
  if (dropped.length > 0)
    console.error(`[storage] the saved swap form's ${dropped.join(', ')} was corrupt and left out`)
  return kept
}

/**
 * The swap form's tokens, amount and recipient, kept across pages (it lives outside the page) and reloads
 * (under `__persist__swapForm`). Slippage, the route chosen and gas on arrival are the page's own.
 */
export const keptFormStore = createPersistedStore<KeptFormState>(
  (set) => ({
    ...EMPTY_FORM,
    setOrigin: (origin) => set({ origin }),
    setDestination: (destination) => set({ destination }),
    setAmountText: (amountText) => set({ amountText }),
    setRecipientText: (recipientText) => set({ recipientText }),
    replace: (fields) => set({ ...EMPTY_FORM, ...fields }),
  }),
  {
    storeId: 'swapForm',
    version: 1,
    validate: (restored) => typeof restored === 'object' && restored !== null && !Array.isArray(restored),
    sanitize: sanitizeKeptForm,
    partialize: ({ origin, destination, amountText, recipientText }) => ({
      origin,
      destination,
      amountText,
      recipientText,
    }),
  },
)

/**
 * A kept token as this deployment has it: the listed token's own details, a token the person found by its address
 * as it was kept, nothing when the network is no longer in the config.
 */
export function tokenInConfig(manifest: Manifest, token: TokenRef | undefined): TokenRef | undefined {
  if (!token || !getManifestChain(manifest, token.chainId)) return undefined
  return listedTokenRef(manifest, token.chainId, token.address) ?? token
}

/**
 * The swap that was just sent leaves the form: its amount is cleared when the form still holds it, so the same
 * swap is not sent twice by a second click (tokens and recipient stay for the next one).
 */
export function disarmKeptForm(sent: { origin: TokenRef; amount: bigint }): void {
  const { origin, amountText } = keptFormStore.getState()
  const sameToken =
    origin?.chainId === sent.origin.chainId && origin.address.toLowerCase() === sent.origin.address.toLowerCase()
  const parsed = parseAmountInput(amountText, sent.origin.decimals)
  if (sameToken && parsed.ok && parsed.value === sent.amount) keptFormStore.getState().setAmountText('')
}

/**
 * The kept form for the swap page. Empty in the render that hydrates the prerendered page (which was built
 * empty), then what was kept: the hydrated markup is exactly the prerendered one.
 */
export function useKeptForm() {
  const manifest = useManifest()
  const hydrated = useIsHydrated()
  const state = useStore(keptFormStore)
  const fields = hydrated ? state : EMPTY_FORM
  const origin = useMemo(() => tokenInConfig(manifest, fields.origin), [manifest, fields.origin])
  const destination = useMemo(() => tokenInConfig(manifest, fields.destination), [manifest, fields.destination])
  return {
    origin,
    setOrigin: state.setOrigin,
    destination,
    setDestination: state.setDestination,
    amountText: fields.amountText,
    setAmountText: state.setAmountText,
    recipientText: fields.recipientText,
    setRecipientText: state.setRecipientText,
  }
}

/** "New swap" after one ended: the same tokens and recipient, no amount yet. */
export const startNewSwap = () => keptFormStore.getState().setAmountText('')
