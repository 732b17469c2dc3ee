import type { ProviderModule } from '../module.ts'
import { POOL_NAME, POOL_PROVIDER_ID } from './poolId.ts'

/** The devnet's liquidity-pool bridge: runs where the manifest lists the attesters (the relayer releases). */
export const poolModule: ProviderModule<'pool', never> = {
  id: POOL_PROVIDER_ID,
  name: POOL_NAME,
  statusWording: {
    ATTESTER_NOT_AVAILABLE: "The bridge's attester is temporarily unavailable; the transfer will continue",
    RELAYER_NOT_AVAILABLE: "The bridge's relayer is temporarily unavailable; the transfer will continue",
    RELAYER_DECLINED: 'The relayer declined this transfer; you can refund it once its deadline has passed',
  },
  feeLabels: ['Bridge fee'],
  refunds: 'person',
  isConfigured: (manifest) => Boolean(manifest.services.attesters),
  load: () => import('./poolProvider.ts').then((code) => code.createPoolProvider),
}
