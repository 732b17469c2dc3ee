import { httpRequest, type Manifest, parseManifest } from '@multi-bridge/core'

/** The app's only source of chains, contracts, tokens and service URLs. */
export const MANIFEST_URL = './config/manifest.json'

export async function loadManifest(): Promise<Manifest> {
  return parseManifest(await httpRequest(MANIFEST_URL, { timeoutMs: 15_000 }))
}
