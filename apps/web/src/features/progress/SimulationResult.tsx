import {
  type CheckedDeposit,
  chainName,
  DepositWouldRevertError,
  formatDisplayAmount,
  getManifestChain,
  NATIVE_TOKEN_ADDRESS,
  type TokenMove,
  type TokenRef,
} from '@multi-bridge/core'
import { useTranslation } from 'react-i18next'
import { type Address, isAddressEqual } from 'viem'
import { toUserMessage } from '../../lib/errorMessages.ts'
import { shortAddress } from '../../lib/format.ts'
import { useManifest } from '../../lib/ManifestContext.tsx'
import type { SimulationPreview } from '../swap/index.ts'

type Props = {
  simulation: SimulationPreview
  /** The person's account: the moves shown are those that leave it or come to it. */
  account: Address
  decoded: CheckedDeposit['decoded']
  sent: TokenRef
  gasless: boolean
}

/**
 * What the deposit did when it was run on the origin's latest state before anything is signed, its approval assumed:
 * each transfer that leaves or reaches the wallet ("Leaves your wallet: 40 USDC → MultiBridge Intent Settler"), why it
 * would fail (Swap is then off), or that it was not simulated and why.
 */
export function SimulationResult({ simulation, account, decoded, sent, gasless }: Props) {
  const { t } = useTranslation()
  const manifest = useManifest()
  const network = chainName(manifest, sent.chainId)
  const native = getManifestChain(manifest, sent.chainId)?.nativeCurrency ?? { symbol: 'ETH', decimals: 18 }
  const note = (text: string, testId = 'simulation-note') => (
    <p className="simulation-note" data-testid={testId}>
      {text}
    </p>
  )
  if (gasless) return note(t('Not simulated: you only sign, and the solver sends the deposit.'))
  if (simulation.status === 'loading') return note(t('Simulating the deposit on {{network}}…', { network }))
  if (simulation.status === 'failed') return note(t('Not simulated: {{network}} did not answer.', { network }))
  const { result } = simulation
  if (result.status === 'reverts') {
    // In the catalogue's words, as `executeRoute` would refuse it.
    const refusal = toUserMessage(new DepositWouldRevertError(result.revert))
    return (
      <p className="form-error" role="alert" data-testid="simulation-refused">
        {t(refusal.message, refusal.values)}
      </p>
    )
  }
  if (result.status === 'unsimulated') {
    return note(
      result.cause === 'gasless'
        ? t('Not simulated: you only sign, and the solver sends the deposit.')
        : t('Not simulated: {{network}} offers no way to simulate it.', { network }),
    )
  }
  if (!result.moves) return note(t('Simulated on {{network}}: it goes through.', { network }))
  const amount = (move: TokenMove) => {
    if (isAddressEqual(move.token, NATIVE_TOKEN_ADDRESS))
      return `${formatDisplayAmount(move.amount, native.decimals)} ${native.symbol}`
    if (isAddressEqual(move.token, sent.address))
      return `${formatDisplayAmount(move.amount, sent.decimals)} ${sent.symbol}`
    return `${move.amount} × ${shortAddress(move.token)}`
  }
  const party = (address: Address) =>
    isAddressEqual(address, decoded.contract) ? decoded.contractName : shortAddress(address)
  const mine = result.moves.filter((move) => isAddressEqual(move.from, account) !== isAddressEqual(move.to, account))
  return (
    <div className="simulation" data-testid="simulation">
      <p className="simulation-note">{t('Simulated on {{network}}: it goes through.', { network })}</p>
      <dl className="details">
        {mine.map((move, index) => {
          const leaves = isAddressEqual(move.from, account)
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: the moves are in the order the simulation made them
            <div key={index} className="details-row">
              <dt>{leaves ? t('Leaves your wallet') : t('Comes to your wallet')}</dt>
              <dd data-testid="simulation-move">
                {leaves ? `${amount(move)} → ${party(move.to)}` : `${amount(move)} ← ${party(move.from)}`}
              </dd>
            </div>
          )
        })}
      </dl>
    </div>
  )
}
