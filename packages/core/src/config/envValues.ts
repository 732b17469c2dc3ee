import { MultiBridgeError } from '../errors/MultiBridgeError.ts'
import { isLoopbackHost } from './schemaParts.ts'

/** A production setting from the environment that cannot be used. */
export class ProductionConfigError extends MultiBridgeError {
  override name = 'ProductionConfigError'
  constructor(
    readonly variable: string,
    reason: string,
  ) {
    super(`Invalid ${variable}: ${reason}`, { code: 'invalidConfig' })
  }
}

/** The environment a production config is built from: variable name → value. */
export type ProductionEnv = Record<string, string | undefined>

/**
 * An https URL without a trailing slash (paths are appended to it). Plain http only to a loopback address
 * (a local node or proxy): the quotes and the calldata the person signs come from these URLs, and anyone on
 * the way could read and change them over plain http.
 */
export function envUrl(variable: string, value: string): string {
  let parsed: URL
  try {
    parsed = new URL(value.trim())
  } catch {
    throw new ProductionConfigError(variable, `"${value}" is not a URL`)
  }
  if (parsed.protocol === 'http:' && !isLoopbackHost(parsed.hostname)) {
    throw new ProductionConfigError(
      variable,
      `"${value}" is plain http: use https (http is accepted only for a loopback address, e.g. http://127.0.0.1:8545)`,
    )
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new ProductionConfigError(variable, `"${value}" is not an https URL`)
  }
  return parsed.toString().replace(/\/+$/, '')
}

/** Comma-separated URLs as `envUrl` takes them, at least one. */
export function envUrlList(variable: string, value: string): string[] {
  const urls = value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
  if (urls.length === 0) throw new ProductionConfigError(variable, 'no URL given')
  return urls.map((part) => envUrl(variable, part))
}

/** A variable's trimmed value, or undefined when it is unset or blank. */
export const envValue = (env: ProductionEnv, variable: string) => env[variable]?.trim() || undefined

/** Why a secret API key has no place in the config, and where it goes instead. */
export const keyBelongsInProxy = (apiUrlVariable: string) =>
  'the built config is public (config/manifest.json), so a key set here is readable by anyone. Run a proxy in ' +
  `front of the API that adds the key to each request and point ${apiUrlVariable} at it`

/** Stops the build when `variable` is set: the production config must not carry what it holds (`reason`). */
export function refuseVariable(env: ProductionEnv, variable: string, reason: string): void {
  if (envValue(env, variable) !== undefined) throw new ProductionConfigError(variable, reason)
}

/**
 * An API key the operator publishes on purpose (a variable named `…_PUBLIC_KEY`): printable, no spaces, 8 to
 * 512 characters; undefined when unset.
 */
export function envPublicKey(env: ProductionEnv, variable: string): string | undefined {
  const key = envValue(env, variable)
  if (key !== undefined && !/^[\x21-\x7e]{8,512}$/.test(key)) {
    throw new ProductionConfigError(variable, 'printable, no spaces, 8 to 512 characters')
  }
  return key
}
