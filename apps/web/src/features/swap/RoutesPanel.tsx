import { routeChoice } from '@multi-bridge/core'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { NetworkCostRow } from './NetworkCostRow.tsx'
import { HiddenRoutesNote, ProviderFilterList, ProviderFilterToggle } from './ProviderFilter.tsx'
import { RouteDetails, RouteList } from './RouteList.tsx'
import { RouteToolbar } from './RouteToolbar.tsx'
import type { SwapForm } from './useSwapForm.ts'

/**
 * The routes beside the form (below it on a phone): the toolbar, the list and the selected route's details. Loaded
 * with `import()` once there is a request to quote, so the first page does not carry it: quotes take longer to come
 * than this chunk.
 */
export function RoutesPanel({ form }: { form: SwapForm }) {
  const { t } = useTranslation()
  const { selected, chosenGone } = form
  const [pickingProviders, setPickingProviders] = useState(false)
  const providerListId = useId()
  return (
    <div className="swap-routes">
      <RouteToolbar
        form={form}
        providers={
          <ProviderFilterToggle
            form={form}
            open={pickingProviders}
            onToggle={() => setPickingProviders((open) => !open)}
            listId={providerListId}
          />
        }
      />
      {pickingProviders && <ProviderFilterList form={form} id={providerListId} />}
      {chosenGone && (
        <p className="route-gone" role="status" data-testid="route-gone">
          {t('The route you chose, {{provider}}, is no longer offered: {{reason}}. The best route is selected.', {
            provider: chosenGone.providerName,
            reason: t(chosenGone.reason.message, chosenGone.reason.values),
          })}
        </p>
      )}
      <RouteList
        gaslessFirst={form.gaslessFirst}
        networkFees={form.networkFees}
        routes={form.routes.routes}
        outcomes={form.routes.outcomes}
        loading={form.routes.loading}
        selectedId={selected?.id}
        onSelect={(route) => form.selectRoute(routeChoice(route))}
        origin={form.origin}
        onUseAmount={form.setAmountText}
      />
      <HiddenRoutesNote form={form} />
      {selected && (
        <RouteDetails route={selected}>
          <NetworkCostRow form={form} route={selected} />
        </RouteDetails>
      )}
    </div>
  )
}
