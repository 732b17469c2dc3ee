import { GaslessOrderUnconfirmedError, ServiceUnreachableError } from '@multi-bridge/core'
import { createInstance } from 'i18next'
import { describe, expect, it } from 'vitest'
import { i18nOptions } from '../i18n/index.ts'
import zhStrings from '../i18n/locales/zh.ts'
import zhErrors from '../i18n/locales/zh-errors.ts'
import { toUserMessage } from './errorMessages.ts'

/** Every Traditional Chinese string: the errors' come in their own chunk. */
const zh: Record<string, string> = { ...zhStrings, ...zhErrors }

/** A gasless order signed and given to the solver, whose answer was lost: open deadline 15:04 UTC. */
const openDeadline = Date.UTC(2026, 10, 28, 15, 4) / 1000
const unconfirmed = new GaslessOrderUnconfirmedError(
  `0x${'0d'.repeat(32)}`,
  openDeadline,
  new ServiceUnreachableError('solver'),
)

describe('a gasless order the solver did not confirm', () => {
  it('says it may still be opened until its open deadline, and not to sign again: not "the solver is not answering"', () => {
    const said = toUserMessage(unconfirmed)
    expect(said).toEqual({
      message:
        "The solver hasn't confirmed your signed order. It may still be opened until {{time, datetime(timeStyle: short)}}: don't sign it again. It stays in History, followed there.",
      values: { time: openDeadline * 1000 },
    })
    expect(zh[said.message]).toBeDefined()
  })

  it('shows the open deadline as a time of day in each language', async () => {
    const said = toUserMessage(unconfirmed)
    for (const [language, bundle] of [
      ['en', {}],
      ['zh', zh],
    ] as const) {
      const i18n = createInstance()
      await i18n.init(i18nOptions(language, bundle))
      const text = i18n.t(said.message, { ...said.values, lng: language })
      expect(text).toContain(language === 'zh' ? '請勿再次簽署' : "don't sign it again")
      expect(text).not.toContain('{{')
      expect(text).not.toContain(String(openDeadline * 1000))
      expect(text).toContain(new Intl.DateTimeFormat(language, { timeStyle: 'short' }).format(openDeadline * 1000))
    }
  })
})
