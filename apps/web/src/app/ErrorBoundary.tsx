import { Component, type ErrorInfo, type ReactNode } from 'react'
import { Translation } from 'react-i18next'

type Props = { children: ReactNode }
type State = { error: Error | undefined }

const isChunkLoadError = (error: Error) =>
  /dynamically imported module|Importing a module script failed|Failed to fetch|ChunkLoadError|error loading/i.test(
    `${error.name} ${error.message}`,
  )

/** Catches render and lazy-load failures; shows a clickable block that reloads the page. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: undefined }

  static getDerivedStateFromError(error: Error): State {
    return { error }
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('[app] render failed', error, info.componentStack)
  }

  override render() {
    const { error } = this.state
    if (!error) return this.props.children
    return (
      <Translation>
        {(t) => (
          <button type="button" className="page-error" onClick={() => window.location.reload()}>
            {isChunkLoadError(error)
              ? t('This page failed to load. Click to reload.')
              : t('Oops, something went wrong')}
          </button>
        )}
      </Translation>
    )
  }
}
