import { getManifestChain } from '@multi-bridge/core'
import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import type { Address } from 'viem'
import { useConfig } from 'wagmi'
import { TEXT_INPUT_MAX_LENGTH } from '../../app/constants.ts'
import { useManifest } from '../../app/ManifestContext.tsx'
import { shortAddress } from '../wallet/WalletButton.tsx'
import { checkRecipient } from './checkRecipient.ts'
import { useRecentRecipients } from './recipientStore.ts'
import { chainReads } from './useTokenBalance.ts'

export function RecipientField(props: {
  value: string
  onChange: (value: string) => void
  connected: Address | undefined
  destinationChainId: number | undefined
}) {
  const { t } = useTranslation()
  const id = useId()
  const manifest = useManifest()
  const config = useConfig()
  const recent = useRecentRecipients()
  const check = checkRecipient(props.value)
  const address = 'address' in check ? check.address : undefined
  const chainId = props.destinationChainId
  const code = useQuery({
    queryKey: ['recipientCode', chainId, address],
    enabled: address !== undefined && chainId !== undefined,
    staleTime: 60_000,
    queryFn: async () => {
      const { getCode } = await chainReads()
      return (await getCode(config.getClient({ chainId: chainId as number }), { address: address as Address })) ?? null
    },
  })
  const isContract = code.data !== undefined && code.data !== null && code.data !== '0x'
  const suggestions = [props.connected, ...recent].filter(
    (a, i, all): a is Address => !!a && all.findIndex((b) => b?.toLowerCase() === a.toLowerCase()) === i,
  )
  return (
    <div className="recipient">
      <label className="field-label" htmlFor={id}>
        {t('Enter or select the recipient address')}
      </label>
      <input
        id={id}
        className="text-input mono"
        value={props.value}
        maxLength={TEXT_INPUT_MAX_LENGTH}
        spellCheck={false}
        autoComplete="off"
        placeholder="0x…"
        aria-invalid={'error' in check}
        onChange={(event) => props.onChange(event.target.value)}
      />
      {suggestions.length > 0 && (
        <div className="chips">
          {suggestions.map((suggestion) => (
            <button key={suggestion} type="button" className="chip" onClick={() => props.onChange(suggestion)}>
              {suggestion === props.connected ? t('My address') : shortAddress(suggestion)}
            </button>
          ))}
        </div>
      )}
      {'error' in check && (
        <p className="field-error" role="alert">
          {t(check.error)}
        </p>
      )}
      {isContract && (
        <p className="field-warning" role="alert">
          {t('This address is a contract on {{network}}. Make sure it can receive these tokens.', {
            network: getManifestChain(manifest, chainId ?? 0)?.name ?? '',
          })}
        </p>
      )}
    </div>
  )
}
