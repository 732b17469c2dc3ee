import { DELIVERY_STATUS_WORDING } from '@multi-bridge/core'
import { describe, expect, it } from 'vitest'
import zh from '../../i18n/locales/zh.ts'
import { statusDetailText } from './statusDetail.ts'

describe("the chain checks' words (a delivery or refund the chain does not show)", () => {
  it.each(Object.entries(DELIVERY_STATUS_WORDING))('%s is said in a sentence, with its Traditional Chinese', (code) => {
    for (const providerId of ['lifi', 'across', 'relay']) {
      const text = statusDetailText({ providerId, status: 'deposited', statusDetail: code })
      expect(text).toEqual({ key: DELIVERY_STATUS_WORDING[code as keyof typeof DELIVERY_STATUS_WORDING] })
      expect(zh[(text as { key: string }).key as keyof typeof zh], code).toBeTruthy()
    }
  })
})
