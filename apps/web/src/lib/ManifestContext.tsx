import { type Manifest, UnexpectedError } from '@multi-bridge/core'
import { createContext, type ReactNode, useContext } from 'react'

const ManifestContext = createContext<Manifest | undefined>(undefined)

export function ManifestProvider({ manifest, children }: { manifest: Manifest; children: ReactNode }) {
  return <ManifestContext.Provider value={manifest}>{children}</ManifestContext.Provider>
}

/** The network configuration (devnet manifest or production config) the app started with. */
export function useManifest(): Manifest {
  const manifest = useContext(ManifestContext)
  if (!manifest) throw new UnexpectedError('useManifest outside ManifestProvider')
  return manifest
}
