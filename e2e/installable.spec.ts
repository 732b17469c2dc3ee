import { createHash } from 'node:crypto'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { STARTUP_OFFLINE_TEXT } from '../apps/web/src/app/startupError.ts'
import { expect, test } from './fixtures/index.ts'

/** Waits until the app's service worker is installed and active (it registers when the browser is idle). */
async function workerActive(page: Page) {
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state ?? 'none'), {
      timeout: 30_000,
    })
    .toBe('activated')
}

/** Every URL in the page's Cache Storage. */
const cachedUrls = (page: Page) =>
  page.evaluate(async () => {
    const urls: string[] = []
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url)
    }
    return urls
  })

/**
 * A new deployment of the app into `dir`, as the build would write it: a changed `index.html`, and the worker's
 * precache list with that file's new revision (Workbox's revision is the file's MD5), so `sw.js` changes too.
 */
function deployNewBuild(dir: string, marker: string) {
  const indexPath = join(dir, 'index.html')
  const before = readFileSync(indexPath, 'utf8')
  const after = before.replace('</head>', `<meta name="build" content="${marker}"></head>`)
  writeFileSync(indexPath, after)
  const md5 = (text: string) => createHash('md5').update(text).digest('hex')
  const workerPath = join(dir, 'sw.js')
  const worker = readFileSync(workerPath, 'utf8')
  const updated = worker.replace(`revision:"${md5(before)}"`, `revision:"${md5(after)}"`)
  expect(updated, "the worker's precache list names index.html by its MD5").not.toBe(worker)
  writeFileSync(workerPath, updated)
}

test.describe('installable app', () => {
  test('installs: a valid web app manifest, and a worker that precaches the app but never its config, RPC or API answers', async ({
    app,
    wallet,
  }) => {
    const { page, form, shell, context, server } = await app.openConnected({ wallet, serviceWorkers: 'allow' })
    await expect(form.mainButton).toBeVisible()
    await workerActive(page)

    const cdp = await context.newCDPSession(page)
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[]
    }
    // Chromium's own check (manifest fields, icons, a worker controlling the start URL); the one thing it finds is
    // the test browser itself: every Playwright context is an incognito one, where nothing installs.
    expect(installabilityErrors.filter((error) => error.errorId !== 'in-incognito')).toEqual([])
    const { errors } = (await cdp.send('Page.getAppManifest')) as { errors: { message: string }[] }
    expect(errors).toEqual([])
    const manifest = await (await page.request.get(new URL('manifest.webmanifest', server.url).toString())).json()
    expect(manifest).toMatchObject({ name: 'Multi-Bridge-dapp', short_name: 'Multi-Bridge', display: 'standalone' })
    expect(manifest.icons.map((icon: { purpose: string }) => icon.purpose).sort()).toEqual(['any', 'maskable'])

    // A reload is served by the worker; the app reads its config and the wallet's chain (RPC) meanwhile.
    await page.reload()
    await expect(shell.accountButton).toBeVisible()
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
    const urls = await cachedUrls(page)
    const origin = new URL(server.url).origin
    expect(urls.map((url) => new URL(url).pathname)).toEqual(
      expect.arrayContaining(['/index.html', '/manifest.webmanifest', '/favicon.svg']),
    )
    expect(urls.some((url) => /\/assets\/index-[\w-]+\.js$/.test(url))).toBe(true)
    // Only the app's own files and its network config (kept with revalidation): no other origin (RPC, APIs), no
    // source maps, nothing else of the server's.
    expect(urls.filter((url) => !url.startsWith(`${origin}/`) || /\.map$/.test(url))).toEqual([])
    expect(urls.filter((url) => url.includes('/config/')).map((url) => new URL(url).pathname)).toEqual([
      '/config/manifest.json',
    ])
  })

  test('starts a repeat visit on its copy of the network config, says when the deployment changed it, refuses to sign with the old one, and uses the new one after a reload', async ({
    app,
    network,
  }) => {
    const live = structuredClone(network.manifest)
    const [first, second] = live.chains
    const { page, form, shell } = await app.open({ serviceWorkers: 'allow', manifest: () => live })
    await expect(form.mainButton).toHaveText('Connect a wallet to start')
    await workerActive(page)
    // The first visit filled the worker's copy; the second starts on it.
    await expect
      .poll(() => cachedUrls(page).then((urls) => urls.some((url) => url.endsWith('/config/manifest.json'))))
      .toBe(true)
    await page.reload()
    await expect(form.mainButton).toHaveText('Connect a wallet to start')
    await expect(page.getByTestId('config-notice')).toHaveCount(0)

    // A new deployment renames a network: the page started on the copy, and says the settings changed.
    const renamed = `${first!.name} Moved`
    first!.name = renamed
    await page.reload()
    const notice = page.getByTestId('config-notice')
    await expect(notice).toContainText('The network settings of Multi-Bridge have changed.')
    await expect(form.mainButton).toHaveText('Reload to use the new network settings')
    await form.tokenButton('origin').click()
    await expect(form.networkButton(second!.name)).toBeVisible()
    await expect(form.networkButton(renamed)).toHaveCount(0)
    await shell.closeDialog()

    await notice.getByRole('button', { name: 'Reload' }).click()
    await expect(form.mainButton).toHaveText('Connect a wallet to start')
    await expect(notice).toHaveCount(0)
    await form.tokenButton('origin').click()
    await expect(form.networkButton(renamed)).toBeVisible()
  })

  test('opens offline with the shell saying the network is unreachable, in both languages, and starts once back online', async ({
    app,
  }) => {
    const { page, form, context } = await app.open({ serviceWorkers: 'allow' })
    await expect(form.mainButton).toBeVisible()
    await workerActive(page)

    await context.setOffline(true)
    await page.reload()
    const offline = page.getByTestId('startup-offline')
    await expect(offline).toHaveText(STARTUP_OFFLINE_TEXT.en)
    await expect(offline).toHaveAttribute('lang', 'en')
    await page.evaluate(() => localStorage.setItem('lang', 'zh'))
    await page.reload()
    await expect(offline).toHaveText(STARTUP_OFFLINE_TEXT.zh)
    await expect(offline).toHaveAttribute('lang', 'zh-Hant')

    // Back online, it reloads by itself and starts.
    await context.setOffline(false)
    await expect(form.mainButton).toHaveText('請先連接錢包', { timeout: 30_000 })
    await expect(offline).toHaveCount(0)
  })

  test('tells the person when a new version is ready, keeps the old one until they reload, then runs the new one', async ({
    app,
    network,
  }) => {
    const dir = mkdtempSync(join(tmpdir(), 'multibridge-deploy-'))
    try {
      cpSync(network.distDir, dir, { recursive: true })
      const { page, form } = await app.open({ serviceWorkers: 'allow', distDir: dir })
      await expect(form.mainButton).toBeVisible()
      await workerActive(page)
      await page.reload()
      await expect(form.mainButton).toBeVisible()
      const notice = page.getByTestId('update-notice')
      await expect(notice).toHaveCount(0)

      deployNewBuild(dir, 'second')
      // The browser checks for a new worker on navigations, and when asked.
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update())
      await expect(notice).toContainText('A new version of Multi-Bridge is ready.', { timeout: 30_000 })
      // Nothing is swapped behind the person's back: the page and a reload of it still run the old version.
      await expect(page.locator('meta[name="build"]')).toHaveCount(0)
      await expect(form.mainButton).toBeVisible()

      await notice.getByRole('button', { name: 'Reload' }).click()
      await expect(page.locator('meta[name="build"]')).toHaveAttribute('content', 'second', { timeout: 30_000 })
      await expect(form.mainButton).toBeVisible()
      await expect(notice).toHaveCount(0)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
