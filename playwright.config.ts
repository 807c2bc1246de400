import { defineConfig } from '@playwright/test'

// Debian's Chromium, never a downloaded browser. The networking flags keep it from trying the closed network.
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic'
]

export default defineConfig({
  testDir: 'test',
  outputDir: 'test-results',
  // Backstops for a hang, not bets on speed: CI's two cores are shared (a walk of every view with axe took
  // over three minutes at load 27), and a wait that passes returns at once anyway. No spec lowers them.
  timeout: 900_000,
  expect: { timeout: 120_000 },
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  projects: [
    {
      name: 'harness',
      testMatch: 'e2e/**/*.spec.ts',
      use: {
        browserName: 'chromium',
        launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
        viewport: { width: 1280, height: 820 },
        screenshot: 'only-on-failure',
        trace: 'retain-on-failure'
      }
    },
    { name: 'electron', testMatch: 'electron/**/*.spec.ts' }
  ]
})
