import type { Manifest } from '@multi-bridge/core'
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { afterPaint } from '../../lib/afterPaint.ts'
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

/**
 * The address now (`#/pages/index/index?amount=1` → path `/pages/index/index`, search `amount=1`), as the router
 * names it: what the hash router shows, or will once it has rendered it.
 */
function addressNow(): { path: string; search: string } {
  const [path, search = ''] = window.location.hash.replace(/^#/, '').split('?')
  return { path: path || '/', search }
}

/** The address's form options now, written as `linkSearchOf` writes them from the router's options. */
const linkSearchNow = () => linkSearchOf(Object.fromEntries(new URLSearchParams(addressNow().search)))

/**
 * The swap form and its address, both ways (SPEC §4). A link with form options (`#/?fromChain=…&amount=…`) fills
 * the form when the page opens, or when such an address is entered while it is open; what it names that cannot
 * be used is returned as `problems`, the rest is used. From then on the form is written into the address on every
 * change, replacing the entry (Back leaves the page, not the last keystroke), so a reload or a shared address opens
 * the same form. The router is told of it just after the change is painted (`afterPaint`): its render of the new
 * address, the whole page again, was half of a keystroke's time to paint. Without a link the form is the one kept
 * from before (`keptFormStore`).
 */
export function useFormLink(options: PageOptions): { problems: LinkProblem[]; dismiss: () => void } {
  const manifest = useManifest()
  const hydrated = useIsHydrated()
  const navigate = useNavigate()
  const [problems, setProblems] = useState<LinkProblem[]>([])
  // The query this page last wrote: its own address coming back as options is not a new link.
  const written = useRef<string | undefined>(undefined)
  const linkSearch = linkSearchOf(options)
  // The page's own path (the swap page has two): the address is written only while it is still there.
  const path = useLocation().pathname
  // What the router has committed, not what a render it may still drop has seen: it renders in transitions.
  const linkSearchRef = useRef(linkSearch)
  const pathRef = useRef(path)
  useLayoutEffect(() => {
    linkSearchRef.current = linkSearch
    pathRef.current = path
  }, [linkSearch, path])
  const onPageAddress = () => addressNow().path === pathRef.current
  const optionsRef = useRef(options)
  optionsRef.current = options

  // Before paint, so the form never shows its old content under a link. Not in the render that hydrates the
  // prerendered page: the form was built empty, and is filled just after. Not for an address already replaced:
  // the router renders each address in a transition of its own, so it can render one the form wrote a frame or
  // more ago after a newer one was written; that older amount is not a link ("12" coming back while "12.5" is
  // being typed), and the address now is rendered next.
  useLayoutEffect(() => {
    if (!hydrated || linkSearch === written.current || linkSearch !== linkSearchNow()) return
    if (!isFormLink(optionsRef.current)) return
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
    // The router is told after the change is painted: its render of the new address is the whole page again.
    const tellRouter = afterPaint(() => {
      const search = written.current
      if (search === undefined || search === linkSearchRef.current || !onPageAddress()) return
      navigate({ search: search ? `?${search}` : '' }, { replace: true })
    })
    const mirror = () => {
      // Not over another page's address (left for History, the router not there yet).
      if (!onPageAddress()) return
      const search = formLinkSearch(inConfig(manifest, keptFormStore.getState()))
      written.current = search
      // The address itself at once, as the router would write it (a reload in the next frame opens this form).
      if (search !== addressNow().search) {
        window.history.replaceState(window.history.state, '', `#${pathRef.current}${search ? `?${search}` : ''}`)
      }
      if (search !== linkSearchRef.current) tellRouter.run()
    }
    mirror()
    const unsubscribe = keptFormStore.subscribe(mirror)
    return () => {
      unsubscribe()
      tellRouter.cancel()
    }
  }, [hydrated, manifest, navigate, linkSearch])

  return { problems, dismiss: () => setProblems([]) }
}
