import { getManifestChain, type TokenRef } from '@multi-bridge/core'
import { useTranslation } from 'react-i18next'
import { EARLY_ACTION_ATTRIBUTE, type EarlyAction } from '../../lib/earlyActions.ts'
import { useManifest } from '../../lib/ManifestContext.tsx'

/** The button that shows a chosen token and its network, and opens the picker. */
export function TokenButton(props: {
  token: TokenRef | undefined
  placeholder: string
  onClick: () => void
  testId: string
  /** Queued when clicked before the app is up (lib/earlyActions.ts). */
  earlyAction?: EarlyAction
}) {
  const { t } = useTranslation()
  const manifest = useManifest()
  const { token } = props
  return (
    <button
      type="button"
      className="token-button"
      onClick={props.onClick}
      data-testid={props.testId}
      {...{ [EARLY_ACTION_ATTRIBUTE]: props.earlyAction }}
    >
      {token ? (
        <>
          <span className="token-symbol">{token.symbol}</span>
          <span className="token-chain">{getManifestChain(manifest, token.chainId)?.name ?? ''}</span>
        </>
      ) : (
        t(props.placeholder)
      )}
    </button>
  )
}
