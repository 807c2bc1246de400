import { test, expect } from './fixtures'
import { demoSample, setFault } from './demo'

test('empty watchlist, then an address watched from Transfers shows with its latest transfers', async ({ page, harness, consoleErrors }) => {
  const sample = await demoSample(harness)
  const heavy = sample.addresses[0]!
  await page.goto(`${harness.url}#/overview`)
  await expect(page.getByText('No watched addresses yet')).toBeVisible()
  await expect(page.getByTestId('vault-card')).toContainText('Epoch')
  await expect(page.getByTestId('health-card')).toContainText('reachable')
  await expect(page.getByTestId('health-card')).toContainText(' ms')

  await page.goto(`${harness.url}#/transfers?address=${heavy.address}&chainId=${heavy.chainId}`)
  await page.getByRole('button', { name: 'Watch address' }).click()
  await expect(page.getByText('it shows on Overview')).toBeVisible()

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Overview', exact: true }).click()
  const watched = page.getByTestId('watched-address')
  await expect(watched).toHaveCount(1)
  // the busiest address gains transfers as it is read: at least what the sample saw, newest (still in flight) on top
  await expect.poll(async () => Number(/· ([\d,]+) transfers/.exec((await watched.textContent()) ?? '')?.[1]?.replace(/,/g, '') ?? NaN)).toBeGreaterThan(heavy.count)
  await expect(watched.locator('tbody tr')).toHaveCount(5)
  await page.screenshot({ path: test.info().outputPath('overview.png') })

  // a latest transfer links to its detail
  await watched.locator('tbody a').first().click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Transfer')
  expect(consoleErrors).toEqual([])
})

test('offline: cards show the cache or an error with Retry', async ({ page, harness, consoleErrors }) => {
  const sample = await demoSample(harness)
  await page.goto(`${harness.url}#/overview`)
  await expect(page.getByTestId('vault-card')).toContainText('Epoch')

  await setFault(sample.baseUrl, '*', { status: 503 })
  await page.reload()
  // the vault was fetched once: cached copy with the failed refresh
  await expect(page.getByTestId('vault-card').getByTestId('cache-banner')).toContainText('Showing cached')
  await expect(page.getByTestId('health-card')).toContainText('unreachable')
  await setFault(sample.baseUrl, '*', null)
  await page.getByTestId('health-card').getByRole('button', { name: 'Check again' }).click()
  await expect(page.getByTestId('health-card')).not.toContainText('unreachable')
  expect(consoleErrors).toEqual([])
})

test('the vault card shows the last change the watcher saw, and follows a rotation as it happens', async ({ page, harness }) => {
  await page.goto(harness.url)
  const card = page.getByTestId('vault-card')
  await expect(card.getByTestId('vault-last-change')).toContainText('none seen since watching began')
  await expect.poll(async () => (await harness.context.watch.status()).vault?.epoch ?? null).not.toBeNull()
  const before = (await harness.context.watch.status()).vault?.epoch as string
  const demo = await harness.context.endpoints.demoUrls()
  expect((await fetch(`${demo.baseUrl}/__sim/rotate`, { method: 'POST' })).ok).toBe(true)
  // a manual re-check polls now instead of at the next interval
  await page.evaluate(() => (globalThis as unknown as { bridgescope: { watchRecheck(i: unknown): Promise<unknown> } }).bridgescope.watchRecheck({}))
  const after = String(Number(before) + 1)
  await expect(card.getByTestId('vault-last-change')).toContainText(`epoch ${before} → ${after}`)
  await expect(card.getByTestId('vault-last-change').getByRole('link')).toHaveAttribute('href', /^#\/vault\?diff=/)
  await expect(card).toContainText(after)
})

test('the vault card says whether the vault is watched, and pauses and resumes the watcher', async ({ page, harness, consoleErrors }) => {
  await page.goto(harness.url)
  const control = page.getByTestId('vault-card').getByTestId('watch-control')
  await expect(control.getByTestId('watch-state')).toContainText('Watching ✓')
  await expect(control.getByTestId('watch-state')).toContainText(/next in \d+ s/)
  await control.getByRole('button', { name: 'Pause watching' }).click()
  await expect(control.getByTestId('watch-state')).toContainText('paused')
  expect((await harness.context.watch.status()).paused).toBe(true)
  await control.getByRole('button', { name: 'Resume watching' }).click()
  await expect(control.getByTestId('watch-state')).toContainText('Watching ✓')
  expect((await harness.context.watch.status()).paused).toBe(false)
  expect(consoleErrors).toEqual([])
})
