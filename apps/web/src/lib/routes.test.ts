import { describe, expect, it } from 'vitest'
import { NOT_FOUND_TITLE, routeTitle } from './routes.ts'

describe('routeTitle', () => {
  it('titles each page as the router matches it: any case, a trailing slash', () => {
    expect(routeTitle('/')).toBe('Multi-Bridge-dapp')
    expect(routeTitle('/pages/index/index')).toBe('Multi-Bridge-dapp')
    expect(routeTitle('/pages/log/index')).toBe('History')
    expect(routeTitle('/Pages/Log/Index/')).toBe('History')
  })

  it('titles any other address as no page, instead of the swap page', () => {
    expect(routeTitle('/nope')).toBe(NOT_FOUND_TITLE)
    expect(routeTitle('/pages/log')).toBe(NOT_FOUND_TITLE)
  })
})
