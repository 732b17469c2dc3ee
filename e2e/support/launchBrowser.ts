import { type Browser, chromium, type LaunchOptions } from 'playwright-core'

/**
 * Debian's Chromium, headless, with the flags this machine needs (no downloads, no background calls). The browser
 * tests' runner (playwright.config.ts) and the bench launch it with the same options.
 */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
} satisfies LaunchOptions

export function launchBrowser(): Promise<Browser> {
  return chromium.launch(chromiumLaunchOptions)
}
