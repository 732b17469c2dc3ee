import { recoverSigner } from '@multi-bridge/core'
import { keccak256, toHex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { rememberSigners } from './recoverMemo.ts'

const account = privateKeyToAccount(generatePrivateKey())
const digestOf = (n: number) => keccak256(toHex(`item ${n}`))

describe('remembered signers', () => {
  it('recovers a signature over a digest once, and gives the same signer as recovering it', async () => {
    const calls: string[] = []
    const recover = rememberSigners(8, async (digest, signature) => {
      calls.push(digest)
      return recoverSigner(digest, signature)
    })
    const digest = digestOf(1)
    const signature = await account.sign({ hash: digest })
    expect(await recover(digest, signature)).toBe(account.address)
    expect(await recover(digest, signature.toUpperCase().replace('0X', '0x') as typeof signature)).toBe(account.address)
    expect(calls).toEqual([digest])
    // The same signature over another digest is another question: it recovers someone else, never the account.
    const other = await recover(digestOf(2), signature)
    expect(other).not.toBe(account.address)
    expect(calls).toHaveLength(2)
  })

  it('keeps the last `max` and recovers an older one again', async () => {
    let calls = 0
    const recover = rememberSigners(2, async (digest, signature) => {
      calls += 1
      return recoverSigner(digest, signature)
    })
    const signed = await Promise.all(
      [1, 2, 3].map(async (n) => [digestOf(n), await account.sign({ hash: digestOf(n) })] as const),
    )
    for (const [digest, signature] of signed) await recover(digest, signature)
    expect(calls).toBe(3)
    await recover(...(signed[2] as (typeof signed)[number]))
    expect(calls).toBe(3)
    await recover(...(signed[0] as (typeof signed)[number]))
    expect(calls).toBe(4)
  })

  it('remembers a signature that recovers no one as no one', async () => {
    const recover = rememberSigners()
    const garbage = `0x${'00'.repeat(65)}` as const
    expect(await recover(digestOf(3), garbage)).toBeUndefined()
    expect(await recover(digestOf(3), garbage)).toBeUndefined()
  })
})
