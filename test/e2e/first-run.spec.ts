// A first run on the demo network, in a fresh data folder, walks every view with data —
// no console error, no request leaving 127.0.0.1 — and each view is photographed at both sizes for review.
import { test, expect, startHarness } from './fixtures'
import { countIn } from './demo'
import { walkViews } from './walk'

const SIZES = [
  { width: 1400, height: 900 },
  { width: 1024, height: 700 }
]

for (const size of SIZES) {
  test(`first run at ${size.width}x${size.height}: every view full, zero console errors, nothing outside 127.0.0.1`, async ({ page, dataDir, consoleErrors }) => {
    // as the app and npm run web start: a first run watches the demo's busiest address
    const harness = await startHarness({ dataDir, demo: { transfers: 2000, rotateEveryMs: null, watchOnFirstRun: true } })
    const outside: string[] = []
    page.on('request', (r) => {
      const host = new URL(r.url()).hostname
      if (host !== '127.0.0.1') outside.push(r.url())
    })
    try {
      await page.setViewportSize(size)
      await page.goto(`${harness.url}#/overview`)
      await expect(page.getByTestId('watched-address')).toHaveCount(1)
      await expect(page.getByTestId('watched-address')).toContainText('Demo: busiest address')
      const views = await walkViews(page, async (label) => {
        await page.screenshot({ path: test.info().outputPath(`${label.toLowerCase()}-${size.width}x${size.height}.png`), fullPage: false })
      })
      expect(views.length).toBeGreaterThanOrEqual(8)
      expect(outside).toEqual([])
      expect(consoleErrors).toEqual([])
    } finally {
      await harness.close()
    }
  })
}

test('starter addresses: Transfers empty state and the command palette offer the busiest demo addresses', async ({ page, harness, consoleErrors }) => {
  const sample = (await (await fetch(new URL('/__harness/ipc/demo:starters', harness.url), { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: harness.origin, 'X-Bridgescope-Key': harness.key }, body: '{}' })).json()) as { ok: boolean; value: { address: string; chainId: number; transfers: number }[] }
  expect(sample.ok).toBe(true)
  const counts = sample.value.map((s) => s.transfers)
  expect(counts.length).toBeGreaterThan(1)
  expect(counts).toEqual([...counts].sort((a, b) => b - a))
  const top = sample.value[0]!

  await page.goto(`${harness.url}#/transfers`)
  const starters = page.getByTestId('starter-addresses').getByRole('link')
  await expect(starters).toHaveCount(sample.value.length)
  await starters.first().click()
  await expect(page).toHaveURL(new RegExp(`address=${top.address}&chainId=${top.chainId}`))
  // the busiest address gains transfers as it is read: the count is at least the one the starter showed
  await expect.poll(async () => countIn(await page.getByTestId('history-summary').textContent(), 'last')).toBeGreaterThanOrEqual(top.transfers)

  await page.keyboard.press('Control+k')
  const first = page.getByRole('dialog', { name: 'Command palette' }).getByRole('option').first()
  await expect(first).toContainText(top.address)
  await page.keyboard.press('Escape')
  expect(consoleErrors).toEqual([])
})
