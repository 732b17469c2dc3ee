import type { GenericSchema } from 'valibot'
import type { Address } from 'viem'
import type { ProductionEnv } from '../config/envValues.ts'
import type { Manifest } from '../config/manifest.ts'
import type { CreateProvider } from './types.ts'

/** A contract the app knows by name. */
export type KnownContract = { address: Address; name: string }

/**
 * Everything about one provider, kept in its folder, without its code: what the app needs before any provider
 * is loaded (checking the manifest, writing the production config, the progress view's wording). Adding a
 * provider is a folder with its module (its words in every language too) and its code, and one line in `setup/modules.ts`.
 */
export type ProviderModule<Id extends string = string, Config = unknown> = {
  readonly id: Id
  readonly name: string
  /** Its section of the manifest, `providers.<id>`, checked when the manifest is read (API providers only). */
  readonly configSchema?: GenericSchema<unknown, Config>
  /** Its words for the states it reports: `SwapRecord.statusDetail` → an English sentence (the i18n key). */
  readonly statusWording: Readonly<Record<string, string>>
  /**
   * Its words in the app's other languages, by language code (`zh`: Traditional Chinese), each keyed by its English
   * text: its status sentences, and any other sentence only it says. The app merges them into its strings when a
   * language loads (`providerWords`), so that a provider's words live in its folder, not in the app.
   */
  readonly words?: Readonly<Record<string, Readonly<Record<string, string>>>>
  /** The fee labels its routes carry (English, i18n keys). */
  readonly feeLabels: readonly string[]
  /**
   * The shortest time between two quotes of one request while the form refreshes them, in seconds, when its API
   * allows fewer quotes than the form's countdown asks for (default: the countdown, 20 s).
   */
  readonly minRefreshSeconds?: number
  /** Who returns the tokens of a swap it did not deliver: the person (a Refund button) or the provider itself. */
  readonly refunds: 'person' | 'provider'
  /**
   * The contracts on `chainId` a person may have approved for it (its deposits' spenders), named: what "Your approvals"
   * reads allowances to. From the manifest alone, configured or not (an allowance outlives a provider's outage).
   */
  readonly spenders?: (manifest: Manifest, chainId: number) => readonly KnownContract[]
  /** Whether the manifest configures it on this network; its code is loaded only then. */
  readonly isConfigured: (manifest: Manifest) => boolean
  /** Its code (a separate chunk in the app). */
  readonly load: () => Promise<CreateProvider>
}

/**
 * How a provider's production section is written from the environment, in its folder's `production.ts`: what only the
 * production config script runs (`setup/production.ts`), kept out of the module so that none of it (its variables'
 * descriptions, its address tables) is in the app's first page.
 */
export type ProviderProduction<Id extends string = string, Config = unknown> = {
  readonly id: Id
  /** Its section from the environment, for these chains; throws ProductionConfigError naming the variable. */
  readonly productionConfig: (env: ProductionEnv, chainIds: readonly number[]) => Config
  /** The environment variables `productionConfig` reads, each with what it sets. */
  readonly env: Readonly<Record<string, string>>
}
