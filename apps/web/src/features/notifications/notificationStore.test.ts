import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { NOTIFY_MS, TOAST_MS } from '../../lib/constants.ts'
import { noticeStore, notify, toast } from './notificationStore.ts'

const shown = () => noticeStore.getState().notices.map((n) => `${n.kind}:${n.message}`)

beforeEach(() => {
  vi.useFakeTimers()
  noticeStore.setState({ notices: [] })
})

afterEach(() => {
  vi.useRealTimers()
})

describe('notifications', () => {
  it('uses the SPEC §8 durations: toast 2000 ms, notify 3000 ms', () => {
    expect(TOAST_MS).toBe(2_000)
    expect(NOTIFY_MS).toBe(3_000)
  })

  it.each([
    { show: toast, kind: 'toast', message: 'Address copied', ms: 2_000 },
    { show: notify, kind: 'notify', message: 'Your wallet is disconnected', ms: 3_000 },
  ])('shows a $kind for $ms ms', ({ show, kind, message, ms }) => {
    show(message)
    expect(shown()).toEqual([`${kind}:${message}`])
    vi.advanceTimersByTime(ms - 1)
    expect(shown()).toEqual([`${kind}:${message}`])
    vi.advanceTimersByTime(1)
    expect(shown()).toEqual([])
  })

  it('shows a notification as an error unless told otherwise', () => {
    notify('Your wallet is disconnected')
    expect(noticeStore.getState().notices[0]).toMatchObject({ kind: 'notify', tone: 'error' })
  })

  it('times each notice on its own', () => {
    notify('Failed to switch networks')
    vi.advanceTimersByTime(1_500)
    toast('Address copied')
    vi.advanceTimersByTime(1_499) // 2999 ms after the notification
    expect(shown()).toEqual(['notify:Failed to switch networks', 'toast:Address copied'])
    vi.advanceTimersByTime(1) // the notification's 3000 ms
    expect(shown()).toEqual(['toast:Address copied'])
    vi.advanceTimersByTime(499) // 1999 ms after the toast
    expect(shown()).toEqual(['toast:Address copied'])
    vi.advanceTimersByTime(1) // the toast's 2000 ms
    expect(shown()).toEqual([])
  })

  it('keeps a repeated message as one notice, shown for its full time from the last repeat', () => {
    notify('Your wallet is disconnected')
    vi.advanceTimersByTime(2_000)
    notify('Your wallet is disconnected')
    expect(shown()).toEqual(['notify:Your wallet is disconnected'])
    vi.advanceTimersByTime(2_999)
    expect(shown()).toEqual(['notify:Your wallet is disconnected'])
    vi.advanceTimersByTime(1)
    expect(shown()).toEqual([])
  })

  it('shows the same sentence about two things as two notices', () => {
    notify('Swap completed: {{amount}} {{token}} received on {{network}}', { amount: '1', token: 'USDC', network: 'B' })
    notify('Swap completed: {{amount}} {{token}} received on {{network}}', { amount: '2', token: 'USDC', network: 'B' })
    notify('Swap completed: {{amount}} {{token}} received on {{network}}', { amount: '2', token: 'USDC', network: 'B' })
    expect(noticeStore.getState().notices.map((n) => n.values?.amount)).toEqual(['1', '2'])
  })

  it('keeps the values for translation', () => {
    notify('Missing chain info for {{id}}. Please add it manually', { id: 5 })
    expect(noticeStore.getState().notices[0]).toMatchObject({ values: { id: 5 } })
  })
})
