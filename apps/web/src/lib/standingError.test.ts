import { QueryClient, QueryObserver } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { standingError } from './standingError.ts'

describe('a failed read stands while it is asked again (issue #59: no 8 s flicker each cycle)', () => {
  it('keeps the last error while TanStack Query re-reads a query that never answered', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    let answer: (() => Promise<bigint>) | undefined
    const observer = new QueryObserver<bigint>(client, {
      queryKey: ['balance'],
      queryFn: () => (answer ? answer() : Promise.reject(new Error('Local Chain A does not answer'))),
    })
    const states: ReturnType<typeof observer.getCurrentResult>[] = []
    const stop = observer.subscribe((result) => states.push(result))
    await expect.poll(() => observer.getCurrentResult().isError).toBe(true)
    const failed = observer.getCurrentResult().error

    // Asked again, the chain still silent: the query is `pending` again, its error cleared...
    let release: (value: bigint) => void = () => {}
    answer = () => new Promise<bigint>((resolve) => (release = resolve))
    void observer.refetch()
    await expect.poll(() => observer.getCurrentResult().fetchStatus).toBe('fetching')
    const rereading = observer.getCurrentResult()
    expect(rereading.status).toBe('pending')
    expect(rereading.error).toBeNull()
    // ...but the failure stands for the person until an answer replaces it.
    expect(standingError(rereading, failed)).toBe(failed)

    release(5n)
    await expect.poll(() => observer.getCurrentResult().data).toBe(5n)
    expect(standingError(observer.getCurrentResult(), failed)).toBeUndefined()
    stop()
    client.clear()
  })

  it('says nothing failed for a read that never failed', () => {
    expect(standingError({ error: null, data: undefined, errorUpdatedAt: 0 }, new Error('old'))).toBeUndefined()
    const error = new Error('now')
    expect(standingError({ error, data: 1n, errorUpdatedAt: 1 }, undefined)).toBe(error)
  })
})
