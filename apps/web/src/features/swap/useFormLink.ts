import type { Manifest } from '@multi-bridge/core'
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { useManifest } from '../../lib/ManifestContext.tsx'
import type { PageOptions } from '../../lib/routes.ts'
import { useIsHydrated } from '../../lib/useIsHydrated.ts'
import {
  type FormFields,
  formLinkSearch,
  isFormLink,
  type LinkProblem,
  linkSearchOf,
  parseFormLink,
} from './formUrl.ts'
import { keptFormStore, tokenInConfig } from './keptForm.ts'

/** The kept form with its tokens as this deployment has them (see `tokenInConfig`). */
const inConfig = (manifest: Manifest, form: FormFields): FormFields => ({
  origin: tokenInConfig(manifest, form.origin),
  destination: tokenInConfig(manifest, form.destination),
  amountText: form.amountText,
  recipientText: form.recipientText,
})

/** The query of the address now (`#/?…`): what the hash router shows. */
const currentSearch = () => window.location.hash.split('?')[1] ?? ''

/**
 * The swap form and its address, both ways (SPEC §4). A link with form options (`#/?fromChain=…&amount=…`) fills
 * the form when the page opens, or when such an address is entered while it is open; what it names that cannot
 * be used is returned as `problems`, the rest is used. From then on the form is written into the address on every
 * change, replacing the entry (Back leaves the page, not the last keystroke), so a reload or a shared address
 * opens the same form. Without a link the form is the one kept from before (`keptFormStore`).
 */
export function useFormLink(options: PageOptions): { problems: LinkProblem[]; dismiss: () => void } {
  const manifest = useManifest()
  const hydrated = useIsHydrated()
  const navigate = useNavigate()
  const [problems, setProblems] = useState<LinkProblem[]>([])
  // The query this page last wrote: its own address coming back as options is not a new link.
  const written = useRef<string | undefined>(undefined)
  const linkSearch = linkSearchOf(options)
  const optionsRef = useRef(options)
  optionsRef.current = options

  // Before paint, so the form never shows its old content under a link. Not in the render that hydrates the
  // prerendered page: the form was built empty, and is filled just after.
  useLayoutEffect(() => {
    if (!hydrated || linkSearch === written.current || !isFormLink(optionsRef.current)) return
    const kept = keptFormStore.getState()
    // A reload: the address is the kept form's own, which also holds what the address leaves out (a half-typed
    // recipient), so it stays as it was.
    if (linkSearch === formLinkSearch(inConfig(manifest, kept))) return
    const parsed = parseFormLink(optionsRef.current, manifest, [kept.origin, kept.destination])
    keptFormStore.getState().replace(parsed.fields)
    setProblems(parsed.problems)
  }, [hydrated, linkSearch, manifest])

  // biome-ignore lint/correctness/useExhaustiveDependencies: linkSearch: the address changed under the page (the Swap link, Back), so the form is written into it again
  useEffect(() => {
    if (!hydrated) return
    const mirror = () => {
      const search = formLinkSearch(inConfig(manifest, keptFormStore.getState()))
      written.current = search
      if (search !== currentSearch()) navigate({ search: search ? `?${search}` : '' }, { replace: true })
    }
    mirror()
    return keptFormStore.subscribe(mirror)
  }, [hydrated, manifest, navigate, linkSearch])

  return { problems, dismiss: () => setProblems([]) }
}
