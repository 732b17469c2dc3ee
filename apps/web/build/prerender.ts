import { createServer, type Plugin } from 'vite'

/**
 * Writes the swap page's markup into index.html (issue #18): the form is on screen before any script runs,
 * and the app hydrates it (main.tsx) instead of rendering it again.
 *
 * The markup comes from the app's own tree (src/app/prerender.tsx), rendered in node through a Vite dev server in
 * middleware mode, once per language: the default language's in the root, the others in `<template>`s. A tiny
 * inline script after the root puts the stored language's markup in place before the first paint, and empties
 * the root when the address is another page (History, the swap page's alias: they render on their own, as before). It also queues clicks on
 * the controls marked `data-early-action` until the app is up (src/lib/earlyActions.ts).
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
          return html.replace(ROOT_ELEMENT, () => prerenderedRoot(markup, settings))
        } finally {
          await server.close()
        }
      },
    },
  }
}

/** The root with the default language's markup, the other languages' in templates, and the script that picks. */
export function prerenderedRoot(markup: Record<string, string>, settings: Settings): string {
  const others = settings.languages.filter((language) => language !== settings.defaultLanguage)
  const templates = others
    .map((language) => `<template id="prerender-${language}">${markup[language]}</template>`)
    .join('')
  const known = json(others)
  const lang = json(settings.htmlLang)
  // Runs before the first paint. Storage may be unavailable: the default language then, as the app does.
  const script = [
    '(function(){',
    'var r=document.getElementById("root"),l;',
    `try{l=localStorage.getItem(${json(settings.storageKey)})}catch(e){}`,
    // Only the swap page's own address (`#/`, or none) is prerendered; its alias and History render on their own.
    `var p=location.hash.replace(/^#/,"").split("?")[0];if(p!==""&&p!==${json(settings.swapPath)}){`,
    'r.removeAttribute("data-prerendered");r.textContent="";return}',
    // A control clicked before the app is up is queued and marked busy (src/lib/earlyActions.ts); main.tsx
    // removes data-prerendered when the app takes over, and clicks are the app's own from then on.
    `var q=window[${json(settings.earlyActionQueue)}]=[],a=${json(settings.earlyActionAttribute)};`,
    'r.addEventListener("click",function(e){',
    'var b=r.hasAttribute("data-prerendered")&&e.target instanceof Element&&e.target.closest("["+a+"]");',
    'if(b){q.push(b.getAttribute(a));b.setAttribute("aria-busy","true")}});',
    `if(${known}.indexOf(l)<0)return;`,
    'var t=document.getElementById("prerender-"+l);',
    `if(t){r.innerHTML=t.innerHTML;document.documentElement.lang=${lang}[l]}`,
    '})();',
    // After the language's markup is in place: it enables the Connect button when the wallet cannot reconnect.
    settings.earlyWalletScript,
  ].join('')
  return `<div id="root" data-prerendered="swap">${markup[settings.defaultLanguage]}</div>${templates}<script>${script}</script>`
}
