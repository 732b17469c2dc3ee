import { defineConfig, type TraceMode } from '@playwright/test'
import { chromiumLaunchOptions } from './e2e/support/launchBrowser.ts'

/**
 * Browser tests: the production build of the app in Debian's Chromium against one local network that the
 * global setup starts (and the teardown stops). Each test gets its own funded account, so tests run in any
 * order and side by side.
 */
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results/playwright',
  globalSetup: './e2e/globalSetup.ts',
  fullyParallel: true,
  // Three at a time on 2 cores: most of a browser test is waiting for blocks, fills and deadlines (the fill window is
  // 60 s, with room for a loaded machine), and its pages draw no animation (fixtures/app.ts). Measured alone on 2
  // cores: about 31 min two at a time, 14 min four at a time; in `npm test` beside Vitest, three and four both end in
  // 19 min, the machine then busy computing (docs/measurements.md). E2E_WORKERS=1 runs them one by one.
  workers: Number(process.env.E2E_WORKERS ?? 3),
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['./scripts/playwrightCounts.ts']],
  use: {
    browserName: 'chromium',
    // No trace unless asked (E2E_TRACE=retain-on-failure, or any of Playwright's trace modes): recording one for every
    // test (its screencast above all) was a fifth of Chromium's CPU in the browser tests (swap.spec.ts: 57 s of
    // Chromium CPU with it, 46 s without), and the run is bound by CPU (docs/measurements.md). A failed test still
    // keeps its screenshot.
    trace: (process.env.E2E_TRACE as TraceMode | undefined) ?? 'off',
    screenshot: 'only-on-failure',
    viewport: { width: 1280, height: 800 },
    launchOptions: chromiumLaunchOptions,
  },
})
