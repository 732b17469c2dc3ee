import { BaseError } from '../errors/BaseError.ts'

/** A production setting from the environment that cannot be used. */
export class ProductionConfigError extends BaseError {
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

/** An http(s) URL without a trailing slash (paths are appended to it). */
export function envUrl(variable: string, value: string): string {
  let parsed: URL
  try {
    parsed = new URL(value.trim())
  } catch {
    throw new ProductionConfigError(variable, `"${value}" is not a URL`)
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new ProductionConfigError(variable, `"${value}" is not an http(s) URL`)
  }
  return parsed.toString().replace(/\/+$/, '')
}

/** Comma-separated http(s) URLs, at least one. */
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
