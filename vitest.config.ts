import { defineConfig } from 'vitest/config'

// Every suite but the browser tests (Playwright's runner: playwright.config.ts). Suites that start anvil
// chains or services do so themselves, on free ports, and stop what they start.
export default defineConfig({
  test: {
    // Two files at a time on 2 cores beside the browser tests: three (and four browser tests) took the same 19 min,
    // the machine then busy computing (docs/measurements.md); VITEST_WORKERS changes it.
    maxWorkers: Number(process.env.VITEST_WORKERS ?? 2),
    reporters: ['default', './scripts/summaryReporter.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          // No test here times anything: this only leaves room for a 2-core machine running both lanes at once.
          testTimeout: 20_000,
          // Each file still gets modules of its own, in a VM context of a worker that stays: loading viem, wagmi
          // and the packages into a fresh process for each of 160 files was most of this project's time (about
          // 260 s of CPU against 120).
          pool: 'vmForks',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/*/src/**/*.test.ts',
            'apps/*/src/**/*.test.tsx',
            'apps/*/build/**/*.test.ts',
          ],
        },
      },
      {
        test: {
          name: 'contracts',
          include: ['packages/contracts/test/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: [
            'packages/core/test/**/*.test.ts',
            'packages/devnet/test/**/*.test.ts',
            'apps/services/test/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          testTimeout: 300_000,
          hookTimeout: 180_000,
          // Files side by side (maxWorkers): each starts its own network on free ports, and most of their time is
          // spent waiting for blocks, deadlines and restarts, not computing.
          fileParallelism: true,
        },
      },
    ],
  },
})
