import { defineConfig } from '@playwright/test'
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
  // One at a time by default: on 2 cores, two browsers beside the chains and the services starved the solver
  // enough once that an order missed the browser tests' 30 s fill window. E2E_WORKERS=2 is about 40% faster.
  workers: Number(process.env.E2E_WORKERS ?? 1),
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['./scripts/playwrightCounts.ts']],
  use: {
    browserName: 'chromium',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    viewport: { width: 1280, height: 800 },
    launchOptions: chromiumLaunchOptions,
  },
})
