import { chainName, formatDisplayAmount, type Route } from '@multi-bridge/core'
import { useTranslation } from 'react-i18next'
import { useManifest } from '../../lib/ManifestContext.tsx'
import type { SwapForm } from './useSwapForm.ts'

/** The fee a route charges for its gas on arrival (intent: the solver's price of the native coin). */
export const gasOnArrivalFee = (route: Route) => route.fees.find((fee) => fee.label === 'Gas on arrival fee')

/**
 * "Get gas on {network}": asks the routes to also deliver some of the destination's native coin to the
 * recipient, paid for from the input. Shows what the chosen route delivers and what it costs, or that it has
 * no gas option. Hidden for a native-coin destination and on networks whose native coin is not listed.
 */
export function GasOnArrivalField({ form }: { form: SwapForm }) {
  const { t } = useTranslation()
  const manifest = useManifest()
  const { gasToken, selected } = form
  if (!gasToken) return null
  const network = chainName(manifest, gasToken.chainId)
  const gas = selected?.gasOnArrival
  const fee = selected && gasOnArrivalFee(selected)
  return (
    <div className="gas-on-arrival">
      <label className="switch-row">
        <input
          type="checkbox"
          role="switch"
          className="switch"
          checked={form.gasOnArrival}
          aria-checked={form.gasOnArrival}
          onChange={(event) => form.setGasOnArrival(event.target.checked)}
          data-testid="gas-on-arrival"
        />
        <span>{t('Get gas on {{network}}', { network })}</span>
      </label>
      {form.gasOnArrival && gas && (
        <p className="muted small gas-on-arrival-detail" data-testid="gas-on-arrival-detail">
          {gas.status === 'included'
            ? t('+{{amount}} {{symbol}} to pay for transactions there, for {{fee}}', {
                amount: formatDisplayAmount(gas.amount, gas.token.decimals),
                symbol: gas.token.symbol,
                fee: fee ? `${formatDisplayAmount(fee.amount, fee.token.decimals)} ${fee.token.symbol}` : '—',
              })
            : t('{{provider}} has no gas option on this route', { provider: selected.providerName })}
        </p>
      )}
    </div>
  )
}
