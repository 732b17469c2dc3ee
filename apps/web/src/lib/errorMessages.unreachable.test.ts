import { ChainUnreachableError, ProviderTimeoutError, ServiceUnreachableError } from '@multi-bridge/core'
import { describe, expect, it } from 'vitest'
import zhStrings from '../i18n/locales/zh.ts'
import zhErrors from '../i18n/locales/zh-errors.ts'
import { toUserMessage } from './errorMessages.ts'

/** Every Traditional Chinese string: the errors' come in their own chunk. */
const zh: Record<string, string> = { ...zhStrings, ...zhErrors }

describe('error catalogue: who does not answer is named', () => {
  it('names the chain whose RPC does not answer, however deeply it is wrapped', () => {
    const down = new ChainUnreachableError(1337003, 'Local Chain C')
    expect(toUserMessage(new Error('quote failed', { cause: down }))).toEqual({
      message: '{{network}} is not answering',
      values: { network: 'Local Chain C' },
    })
  })

  it("names the bridge's service that does not answer, and a quote that took too long", () => {
    expect(toUserMessage(new ServiceUnreachableError('attester'))).toEqual({
      message: "The bridge's attester is not answering",
    })
    expect(toUserMessage(new ServiceUnreachableError('solver'))).toEqual({
      message: "The bridge's solver is not answering",
    })
    expect(toUserMessage(new ProviderTimeoutError('Liquidity Pool Bridge', 20_000))).toEqual({
      message: 'No answer within {{seconds}} seconds',
      values: { seconds: 20 },
    })
    for (const message of [
      '{{network}} is not answering',
      "The bridge's attester is not answering",
      "The bridge's solver is not answering",
      "The bridge's relayer is not answering",
      'No answer within {{seconds}} seconds',
    ]) {
      expect(zh[message], message).toBeTruthy()
    }
  })
})
