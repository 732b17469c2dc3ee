import type { Manifest } from '@multi-bridge/core'
import {
  type Address,
  encodeAbiParameters,
  erc20Abi,
  type Hex,
  isAddressEqual,
  keccak256,
  numberToHex,
  pad,
} from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { chainClient } from '../fixtures/fund.ts'
import type { TestWallet } from './testWallet.ts'

/** The storage slot of `owner`'s balance in a plain Solidity `mapping(address => uint256) balanceOf`, found by reading. */
async function balanceSlot(client: ReturnType<typeof chainClient>, token: Address, owner: Address): Promise<Hex> {
  const balance = await client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
  if (balance === 0n) throw new Error('cannot find the balance slot of an empty balance')
  for (let slot = 0n; slot < 16n; slot++) {
    const key = keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [owner, slot]))
    const stored = await client.getStorageAt({ address: token, slot: key })
    if (stored && BigInt(stored) === balance) return key
  }
  throw new Error(`no balance slot found for ${token}`)
}

/**
 * The solver's balance of one token on one chain, ready to be emptied so that it declines orders paying out that
 * token there, and put back. It writes the token's storage (`anvil_setStorageAt`) instead of sending a transfer: the
 * solver's own nonce is left alone, and every other token keeps filling for the tests that run meanwhile.
 *
 * The solver bounds its quotes by the same balance: emptied before the deposit is sent, a quote fetched again meanwhile
 * (the routes' 20 s countdown, or the app's own refresh of an aged quote before the approval) is refused and nothing is
 * deposited. `emptiedAtDeposit` empties it at the one right moment.
 */
export async function solverInventory(manifest: Manifest, chainIndex: number, symbol: string) {
  const chain = manifest.chains[chainIndex]!
  const devnet = manifest.devnet!
  const solver = mnemonicToAccount(devnet.mnemonic, { addressIndex: devnet.accounts.solver }).address
  const token = chain.tokens.find((t) => t.symbol === symbol)!.address
  const client = chainClient(chain)
  const slot = await balanceSlot(client, token, solver)
  const saved = await client.getStorageAt({ address: token, slot })
  return {
    /** One write: the solver holds none of the token from the next read on. */
    empty: () => client.setStorageAt({ address: token, index: slot, value: pad(numberToHex(0)) }),
    /** The balance as it was found. */
    putBack: () => client.setStorageAt({ address: token, index: slot, value: saved ?? pad(numberToHex(0)) }),
  }
}

/**
 * Empties `inventory` as the wallet is about to send the deposit to `depositContract` (after every quote the app
 * fetches for the swap, before the solver can see the order), so that the order is declined for want of inventory
 * whatever the machine's speed. Returns the undo: the wallet sends at once again, and the balance is put back.
 */
export function emptiedAtDeposit(
  wallet: TestWallet,
  inventory: Awaited<ReturnType<typeof solverInventory>>,
  depositContract: Address,
): () => Promise<void> {
  wallet.beforeSend = async (transaction) => {
    if (transaction.to && isAddressEqual(transaction.to, depositContract)) await inventory.empty()
  }
  return async () => {
    wallet.beforeSend = undefined
    await inventory.putBack()
  }
}
