import { MultiBridgeError } from './MultiBridgeError.ts'

/** A manifest (the deployment's chains, tokens and contracts) that cannot be used, with every problem found. */
export class InvalidManifestError extends MultiBridgeError {
  override name = 'InvalidManifestError'
  constructor(readonly problems: readonly string[]) {
    super(`Invalid manifest: ${problems.join('; ')}`, { code: 'invalidManifest' })
  }
}
