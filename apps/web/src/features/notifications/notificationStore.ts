import { useStore } from 'zustand'
import { createStore } from 'zustand/vanilla'
import { NOTIFY_MS, TOAST_MS } from '../../lib/constants.ts'

export type Notice = {
  id: number
  kind: 'toast' | 'notify'
  /** An error is an alert; the rest are statuses. */
  tone: 'info' | 'success' | 'warning' | 'error'
  /** An i18n key (English text) and its values. */
  message: string
  values?: Record<string, string | number>
}

type NoticeState = { notices: Notice[] }

export const noticeStore = createStore<NoticeState>(() => ({ notices: [] }))
let nextId = 1

function show(kind: Notice['kind'], tone: Notice['tone'], message: string, values?: Notice['values']) {
  const id = nextId++
  // The same message twice in a row stays one notice: repeated events must not stack up. The same sentence about
  // two things (two swaps that ended) is two notices.
  const text = JSON.stringify(values ?? {})
  const existing = noticeStore
    .getState()
    .notices.find((n) => n.message === message && n.kind === kind && JSON.stringify(n.values ?? {}) === text)
  if (existing) dismiss(existing.id)
  noticeStore.setState((s) => ({ notices: [...s.notices, { id, kind, tone, message, ...(values ? { values } : {}) }] }))
  setTimeout(() => dismiss(id), kind === 'toast' ? TOAST_MS : NOTIFY_MS)
  return id
}

export function dismiss(id: number) {
  noticeStore.setState((s) => ({ notices: s.notices.filter((n) => n.id !== id) }))
}

/** Short, neutral confirmations (2000 ms). */
export const toast = (message: string, values?: Notice['values']) => show('toast', 'success', message, values)
/** Errors and things the person should know (3000 ms). */
export const notify = (message: string, values?: Notice['values'], tone: Notice['tone'] = 'error') =>
  show('notify', tone, message, values)

export const useNotices = () => useStore(noticeStore, (s) => s.notices)
