import { createServer, type Plugin } from 'vite'

/**
 * Writes the swap page's markup into index.html (issue #18): the form is on screen before any script runs,
 * and the app hydrates it (main.tsx) instead of rendering it again.
 *
 * The markup comes from the app's own tree (src/app/prerender.tsx), rendered in node through a Vite dev server in
 * middleware mode, once per language: the default language's in the root, the others in `<template>`s. Tiny
 * inline scripts around the root put the stored language's markup in place before the first paint, and empty the
 * root when the address is another page (History, the swap page's alias: they render on their own, as before); the
 * root is not laid out until then (`prerenderedRoot`). They also queue clicks on the controls marked
 * `data-early-action` until the app is up (src/lib/earlyActions.ts).
 */
export type PrerenderOptions = {
  root: string
  configFile: string
  /** The module that exports `prerenderSwapPage` and `PRERENDER_SETTINGS`, relative to `root`. */
  entry: string
  /** Skips the prerender (the in-memory probe build of build/startupChunks.ts). */
  skip?: () => boolean
}

type Settings = {
  defaultLanguage: string
  languages: string[]
  htmlLang: Record<string, string>
  storageKey: string
  swapPath: string
  earlyActionAttribute: string
  earlyActionQueue: string
  earlyWalletScript: string
}

export const ROOT_ELEMENT = '<div id="root"></div>'

/** The charset's declaration, which the deciding script follows (before the stylesheet: it need not wait for it). */
const CHARSET = /<meta charset="UTF-8"\s*\/?>/i

/** JSON for the inline script: never closes the script element, whatever the value holds. */
const json = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')

export function prerender(options: PrerenderOptions): Plugin {
  return {
    name: 'multibridge-prerender',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        if (options.skip?.()) return html
        if (!html.includes(ROOT_ELEMENT)) throw new Error(`index.html has no empty ${ROOT_ELEMENT} to prerender into`)
        const server = await createServer({
          root: options.root,
          configFile: options.configFile,
          logLevel: 'error',
          appType: 'custom',
          server: { middlewareMode: true, hmr: false, watch: null, ws: false },
        })
        try {
          const module = (await server.ssrLoadModule(options.entry)) as {
            prerenderSwapPage: (language: string) => Promise<string>
            PRERENDER_SETTINGS: Settings
          }
          const settings = module.PRERENDER_SETTINGS
          const markup: Record<string, string> = {}
          for (const language of settings.languages) markup[language] = await module.prerenderSwapPage(language)
          const { head, root } = prerenderedRoot(markup, settings)
          if (!CHARSET.test(html))
            throw new Error('index.html has no <meta charset="UTF-8"> to put the prerender script after')
          return html.replace(CHARSET, (charset) => `${charset}${head}`).replace(ROOT_ELEMENT, () => root)
        } finally {
          await server.close()
        }
      },
    },
  }
}

/**
 * Set on `<html>` while the root's markup is about to be replaced (another language, another page): the root is
 * not laid out meanwhile (styles.css), so the default language's markup is never laid out, let alone painted, for a
 * reader of another language.
 */
const PRERENDER_PENDING_ATTRIBUTE = 'data-prerender-pending'

/**
 * Two tiny scripts that pick, and the root with the default language's markup, the other languages' in templates.
 * The first (`head`, in `<head>` before the stylesheet, so it does not wait for it) decides (the stored language,
 * the address) and hides the root if its markup is to be replaced: laying out the default language's markup first
 * cost a layout with its fonts (for an English reader, Chinese text and its fallback font lookups) and moved the
 * amount field under a person about to type (issue #33). The second, after the templates, replaces the root's
 * markup and shows it. A script before the root in the body would wait for the stylesheet and hold the root's
 * parsing until then: the default language's first paint was 15–20 ms later in the bench.
 */
export function prerenderedRoot(markup: Record<string, string>, settings: Settings): { head: string; root: string } {
  const others = settings.languages.filter((language) => language !== settings.defaultLanguage)
  const templates = others
    .map((language) => `<template id="prerender-${language}">${markup[language]}</template>`)
    .join('')
  const known = json(others)
  const lang = json(settings.htmlLang)
  const pending = json(PRERENDER_PENDING_ATTRIBUTE)
  // Runs in <head>, before the stylesheet and the root. Storage may be unavailable: the default language then, as the app does.
  const decide = [
    '(function(){',
    'var l;',
    `try{l=localStorage.getItem(${json(settings.storageKey)})}catch(e){}`,
    // Only the swap page's own address (`#/`, or none) is prerendered; its alias and History render on their own.
    'var p=location.hash.replace(/^#/,"").split("?")[0];',
    `var d=window.__multiBridgePrerender={other:p!==""&&p!==${json(settings.swapPath)},lang:${known}.indexOf(l)<0?null:l};`,
    `if(d.other||d.lang)document.documentElement.setAttribute(${pending},"")`,
    '})();',
  ].join('')
  // Runs after the root and the templates, before the first paint.
  const pick = [
    '(function(){',
    'var r=document.getElementById("root"),d=window.__multiBridgePrerender;',
    'try{',
    'if(d.other){r.removeAttribute("data-prerendered");r.textContent="";return}',
    // A control clicked before the app is up is queued and marked busy (src/lib/earlyActions.ts); main.tsx
    // removes data-prerendered when the app takes over, and clicks are the app's own from then on.
    `var q=window[${json(settings.earlyActionQueue)}]=[],a=${json(settings.earlyActionAttribute)};`,
    'r.addEventListener("click",function(e){',
    'var b=r.hasAttribute("data-prerendered")&&e.target instanceof Element&&e.target.closest("["+a+"]");',
    'if(b){q.push(b.getAttribute(a));b.setAttribute("aria-busy","true")}});',
    'var t=d.lang&&document.getElementById("prerender-"+d.lang);',
    `if(t){r.innerHTML=t.innerHTML;document.documentElement.lang=${lang}[d.lang]}`,
    // Shown whatever happened above: a root left hidden would be a blank page.
    `}finally{document.documentElement.removeAttribute(${pending})}`,
    '})();',
    // After the language's markup is in place: it enables the Connect button when the wallet cannot reconnect.
    settings.earlyWalletScript,
  ].join('')
  return {
    head: `<script>${decide}</script>`,
    root: `<div id="root" data-prerendered="swap">${markup[settings.defaultLanguage]}</div>${templates}<script>${pick}</script>`,
  }
}
