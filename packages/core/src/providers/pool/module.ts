import type { ProviderModule } from '../module.ts'

/** The devnet's liquidity-pool bridge: runs where the manifest has the attester (the relayer releases). */
export const poolModule: ProviderModule<'pool', never> = {
  id: 'pool',
  name: 'Liquidity Pool Bridge',
  statusWording: {},
  feeLabels: ['Bridge fee'],
  refunds: 'person',
  isConfigured: (manifest) => Boolean(manifest.services.attester),
  load: () => import('./poolProvider.ts').then((code) => code.createPoolProvider),
}
