import { describe, expect, it, vi } from 'vitest'
import { intentionalDisconnect, watchWalletLoss } from './useWalletEvents.ts'
import { type WalletConnection, walletLayer } from './walletLayer.ts'

const ACCOUNT = '0x00000000000000000000000000000000000000aa'
const as = (status: WalletConnection['status']): WalletConnection => ({
  status,
  address: status === 'connected' ? ACCOUNT : undefined,
  chainId: status === 'connected' ? 31337 : undefined,
  connector: undefined,
})

function watch() {
  walletLayer.setState(walletLayer.getInitialState())
  const lost = vi.fn()
  const stop = watchWalletLoss(walletLayer, lost)
  const move = (...statuses: WalletConnection['status'][]) => {
    for (const status of statuses) walletLayer.setState({ connection: as(status) })
  }
  return { lost, stop, move }
}

describe('watchWalletLoss', () => {
  it('tells each time a connected wallet goes away', () => {
    const { lost, stop, move } = watch()
    move('reconnecting', 'connected', 'disconnected', 'connecting', 'connected', 'disconnected')
    expect(lost).toHaveBeenCalledTimes(2)
    stop()
  })

  it('says nothing when no wallet was connected: a reconnect at start that finds none, a connect that fails', () => {
    const { lost, stop, move } = watch()
    move('reconnecting', 'disconnected', 'connecting', 'disconnected')
    expect(lost).not.toHaveBeenCalled()
    stop()
  })

  it('says nothing for the person’s own disconnect, and tells the next loss again', () => {
    const { lost, stop, move } = watch()
    move('connected')
    intentionalDisconnect.current = true
    move('disconnected')
    expect(lost).not.toHaveBeenCalled()
    expect(intentionalDisconnect.current).toBe(false)
    move('connected', 'disconnected')
    expect(lost).toHaveBeenCalledTimes(1)
    stop()
  })

  it('stops telling once unsubscribed', () => {
    const { lost, stop, move } = watch()
    stop()
    move('connected', 'disconnected')
    expect(lost).not.toHaveBeenCalled()
  })
})
