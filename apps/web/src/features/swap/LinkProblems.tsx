import { useTranslation } from 'react-i18next'
import type { LinkProblem } from './formUrl.ts'

/** What a link asked for that the form could not use, named, above the form; the rest of the link was used. */
export function LinkProblems({ problems, onDismiss }: { problems: LinkProblem[]; onDismiss: () => void }) {
  const { t } = useTranslation()
  if (problems.length === 0) return null
  return (
    <div className="link-problems" role="alert" data-testid="link-problems">
      <div className="link-problems-text">
        <p className="link-problems-title">{t('Part of this link could not be used:')}</p>
        <ul>
          {problems.map((problem) => (
            <li key={`${problem.message}:${Object.values(problem.values).join(':')}`}>
              {t(problem.message, problem.values)}
            </li>
          ))}
        </ul>
      </div>
      <button type="button" className="link-button" onClick={onDismiss}>
        {t('Dismiss')}
      </button>
    </div>
  )
}
