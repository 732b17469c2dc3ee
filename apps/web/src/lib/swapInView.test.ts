import { describe, expect, it } from 'vitest'
import { isSwapInView, markSwapInView } from './swapInView.ts'

describe('swapInView', () => {
  it('holds a swap in view until every dialog showing it has let go', () => {
    expect(isSwapInView('a')).toBe(false)
    const first = markSwapInView('a')
    const second = markSwapInView('a') // the same swap in two dialogs (History's and the header's)
    first()
    expect(isSwapInView('a')).toBe(true)
    second()
    expect(isSwapInView('a')).toBe(false)
  })
})
