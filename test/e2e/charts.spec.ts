import { test, expect } from './fixtures'
import { demoSample } from './demo-controls'

interface Sample {
  addresses: { address: string; chainId: number; count: number }[]
}

test('charts explain where their data comes from, then draw volume after a history is loaded', async ({ page, harness, consoleErrors }) => {
  await page.goto(`${harness.url}#/charts`)
  // what they count is said up front, before any figure
  await expect(page.getByTestId('charts-scope')).toContainText('only the histories loaded with “Load all” in Transfers since the app started')
  const empty = page.getByTestId('charts-empty')
  await expect(empty).toContainText('histories loaded in this session')
  await expect(empty.getByRole('link', { name: 'Transfers' })).toBeVisible()

  // Load the busiest demo address's whole history through the app's own API, as the Transfers view would.
  const sample = (await demoSample(harness)) as Sample
  const target = sample.addresses[0]
  if (!target) throw new Error('the demo network has no addresses')
  const loaded = await page.evaluate(async ({ address, chainId }) => {
    const api = (globalThis as unknown as { bridgescope: { historyLoadAll: (i: unknown) => Promise<{ ok: boolean }> } }).bridgescope
    return api.historyLoadAll({ jobId: 'charts-e2e', address, chainId })
  }, target)
  expect(loaded.ok).toBe(true)

  await page.getByRole('button', { name: 'All', exact: true }).click()
  const charts = page.getByTestId('volume-charts')
  await expect(charts).toBeVisible()
  await expect(page.getByTestId('charts-count')).toContainText(/[1-9][\d,]* transfers in those histories/)
  await expect(charts.locator('canvas')).toHaveCount(3)
  await expect(charts.getByRole('img', { name: /Volume by token: \d+ bars; largest/ })).toBeVisible()
  // the unit is said once in each caption, never "(USDT) (USDT)"
  await expect(charts.locator('figcaption').first()).toHaveText(/^Daily volume by token \([^()]+\)$/)
  await expect(charts.locator('caption').first()).toHaveText(/^Daily volume by token \([^()]+\)$/)
  // The chart code arrived as its own chunk, after the first paint.
  const scripts = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name).filter((n) => n.endsWith('.js')))
  expect(scripts.length).toBeGreaterThan(1)

  // A log scale keeps small bars visible next to one huge transfer: each chart is drawn anew on it, and says so.
  await expect(charts.getByRole('img', { name: /log scale/ })).toHaveCount(0)
  await page.getByLabel('Log scale').check()
  await expect(charts.getByRole('img', { name: /^[^:]+, log scale: \d+ bars; largest/ })).toHaveCount(3)
  await expect(charts.locator('canvas')).toHaveCount(3)
  // Theme switch redraws without errors (the charts redraw as the theme attribute changes).
  await page.getByLabel('Theme').selectOption('dark')
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  await page.screenshot({ path: test.info().outputPath('charts.png') })

  // Navigating away destroys the charts cleanly.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tokens', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tokens')
  expect(consoleErrors).toEqual([])
})
