import type { Page, Route } from '@playwright/test'

/**
 * Makes one chain's RPC hang for this page only, as a paused node does: every request is accepted and never
 * answered (the services, the wallet and the other tests still reach the chain). `release()` lets it answer
 * again and fails the requests held meanwhile (the app has given up on them already).
 */
export async function hangRpc(page: Page, rpcUrl: string) {
  const held: Route[] = []
  const pattern = `${rpcUrl.replace(/\/$/, '')}**`
  const handler = (route: Route) => {
    held.push(route)
  }
  await page.route(pattern, handler)
  return {
    /** How many requests the app sent to the hung RPC so far. */
    held: () => held.length,
    release: async () => {
      await page.unroute(pattern, handler)
      for (const route of held.splice(0)) await route.abort('connectionreset').catch(() => undefined)
    },
  }
}
