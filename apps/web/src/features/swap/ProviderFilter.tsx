import { useTranslation } from 'react-i18next'
import { useIntlFormat } from '../../i18n/intlFormat.ts'
import { type HiddenProvider, hiddenProvidersStore, useHiddenProviders } from './hiddenProviders.ts'
import type { SwapForm } from './useSwapForm.ts'

/** The providers that answered and those hidden, each once, in the order they answered (hidden ones after). */
function providersToPick(answered: readonly HiddenProvider[], hidden: readonly HiddenProvider[]): HiddenProvider[] {
  const seen = new Set<string>()
  return [...answered, ...hidden].filter((provider) => {
    if (seen.has(provider.providerId)) return false
    seen.add(provider.providerId)
    return true
  })
}

/** The providers the person can pick from here: those that answered, and those hidden; none when there is no choice. */
export function useProviderChoice(form: SwapForm) {
  const hidden = useHiddenProviders()
  const providers = providersToPick(form.providersHere, hidden)
  return { hidden, providers, offered: providers.length >= 2 || hidden.length > 0 }
}

/**
 * The toolbar's button that shows which providers' routes are listed (`ProviderFilterList` below the toolbar); it
 * says how many are hidden. In the toolbar's row, so the routes and their details keep their place on a desktop.
 */
export function ProviderFilterToggle(props: { form: SwapForm; open: boolean; onToggle: () => void; listId: string }) {
  const { t } = useTranslation()
  const { hidden, offered } = useProviderChoice(props.form)
  if (!offered) return null
  return (
    <button
      type="button"
      className="link-button provider-filter-toggle"
      aria-expanded={props.open}
      aria-controls={props.listId}
      onClick={props.onToggle}
      data-testid="provider-filter-toggle"
    >
      {hidden.length > 0 ? t('Providers ({{n}} hidden)', { n: hidden.length }) : t('Providers')}
    </button>
  )
}

/** Which providers' routes are shown: a checkbox each, kept in this browser (`hiddenProvidersStore`). */
export function ProviderFilterList({ form, id }: { form: SwapForm; id: string }) {
  const { t } = useTranslation()
  const { hidden, providers, offered } = useProviderChoice(form)
  if (!offered) return null
  const hiddenIds = new Set(hidden.map((provider) => provider.providerId))
  const { hide, show } = hiddenProvidersStore.getState()
  return (
    <fieldset className="provider-filter" id={id} data-testid="provider-filter">
      <legend className="visually-hidden">{t('Show routes from')}</legend>
      {providers.map((provider) => (
        <label key={provider.providerId} className="provider-filter-option">
          <input
            type="checkbox"
            checked={!hiddenIds.has(provider.providerId)}
            onChange={(event) => (event.target.checked ? show(provider.providerId) : hide(provider))}
            data-testid={`provider-shown-${provider.providerId}`}
          />
          {provider.providerName}
        </label>
      ))}
    </fieldset>
  )
}

/**
 * Below the list: the routes left out because their provider is hidden, and the click that shows them again. When
 * they were all there was, it says so instead of an empty list.
 */
export function HiddenRoutesNote({ form }: { form: SwapForm }) {
  const { t } = useTranslation()
  const format = useIntlFormat()
  const { hiddenHere } = form
  if (hiddenHere.length === 0) return null
  const names = format.list(hiddenHere.map((provider) => provider.providerName))
  const emptied = form.routes.routes.length === 0 && !form.routes.loading
  return (
    <p className={emptied ? 'route-gone' : 'route-hidden muted small'} role="status" data-testid="routes-hidden">
      {emptied
        ? t('Every route found is from a provider you hid: {{names}}.', { names })
        : t('Routes from {{names}} are hidden.', { names })}{' '}
      <button
        type="button"
        className="link-button"
        onClick={() => {
          for (const provider of hiddenHere) hiddenProvidersStore.getState().show(provider.providerId)
        }}
        data-testid="show-hidden-routes"
      >
        {t('Show them')}
      </button>
    </p>
  )
}
