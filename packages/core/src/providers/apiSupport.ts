import { type Address, getAddress, type Hex, isAddress, isAddressEqual, type TransactionReceipt } from 'viem'
import { z } from 'zod'
import { type ChainClients, clientFor } from '../chains/chainClients.ts'
import { listedTokenRef, type Manifest, NATIVE_TOKEN_ADDRESS } from '../config/manifest.ts'
import type { SigningSwap, SwapEvent } from '../records/types.ts'
import type { TokenRef } from '../routes/types.ts'
import { assertListed, isListed, isNativeAddress, sameToken } from '../signing/addresses.ts'

/** Shared pieces of the providers that work through an HTTP API (LI.FI, Across). */

export const uintString = z.string().regex(/^[0-9]{1,78}$/, 'not an unsigned integer')
export const hexData = z.string().regex(/^0x([0-9a-fA-F]{2})*$/, 'not hex data')
export const txHash = z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'not a transaction hash')
export const addressString = z
  .string()
  .refine((value) => isAddress(value, { strict: false }), 'not an EVM address')
  .transform((value) => getAddress(value))

// The address checks every plan goes through live with the signing checks; the API providers use them from here too.
export { assertListed, isListed, isNativeAddress, sameToken }

/** A token an API named: the manifest's own entry when it lists it, otherwise as the API describes it. */
export function apiTokenRef(
  manifest: Manifest,
  token: { chainId: number; address: string; symbol: string; decimals: number },
): TokenRef {
  const native = isNativeAddress(token.address)
  const address = native ? NATIVE_TOKEN_ADDRESS : getAddress(token.address)
  return (
    listedTokenRef(manifest, token.chainId, address) ?? {
      chainId: token.chainId,
      address,
      symbol: token.symbol,
      decimals: token.decimals,
      kind: native ? 'native' : 'erc20',
    }
  )
}

/** Basis points as the decimal fraction APIs take ("0.005" for 50), without floats. */
export function bpsToFraction(bps: number): string {
  const whole = BigInt(Math.round(bps))
  const text = (whole % 10_000n).toString().padStart(4, '0').replace(/0+$/, '')
  return `${whole / 10_000n}${text ? `.${text}` : ''}`
}

/**
 * What the origin chain says about a mined deposit: reverted, or its block time. The deposit
 * transaction hash is the id these APIs track a transfer by.
 */
export async function depositMinedUpdate(
  clients: ChainClients,
  record: SigningSwap & { depositTx: Hex },
): Promise<SwapEvent> {
  const client = clientFor(clients, record.origin.token.chainId)
  const receipt = await client.getTransactionReceipt({ hash: record.depositTx })
  if (receipt.status !== 'success') return { type: 'depositFailed', error: 'depositReverted' }
  const block = await client.getBlock({ blockNumber: receipt.blockNumber })
  return {
    type: 'depositMined',
    id: receipt.transactionHash,
    depositedAt: Number(block.timestamp),
    data: { ...record.data, originBlock: receipt.blockNumber.toString() },
  }
}

/** The block time of a transaction, or undefined when the chain cannot say (yet). */
export async function transactionTime(clients: ChainClients, chainId: number, hash: Hex): Promise<number | undefined> {
  try {
    const client = clientFor(clients, chainId)
    const receipt = await client.getTransactionReceipt({ hash })
    const block = await client.getBlock({ blockNumber: receipt.blockNumber })
    return Number(block.timestamp)
  } catch {
    return undefined
  }
}

/**
 * The contract a receipt's transaction was sent to, when it succeeded and that contract is one of `contracts` (a
 * provider's own): what makes a transaction one of that provider's deposits at all. Undefined otherwise.
 */
export function depositContract(
  receipt: Pick<TransactionReceipt, 'status' | 'to'>,
  contracts: readonly Address[],
): Address | undefined {
  const to = receipt.to
  if (receipt.status !== 'success' || !to) return undefined
  return contracts.find((contract) => isAddressEqual(contract, to))
}

/** A zod error as one readable line: `path: message; …`. */
export const describeIssues = (error: z.ZodError) =>
  error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ')
