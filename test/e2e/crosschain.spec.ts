// The Cross-chain view on the demo network: the board of followed chains, a chain followed by id, pending
// orders traced, the command palette and the Transfer view handing a hash to the trace, offline from the cache,
// and axe in light and dark, at 1024×700 and 1400×900.
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { test, expect } from './fixtures'
import { demoFault, demoSample } from './demo-controls'

const BTC_LIKE = '1360095883558914'
const SIZES = [
  { width: 1024, height: 700 },
  { width: 1400, height: 900 }
] as const

async function noSideScroll(page: Page): Promise<void> {
  expect(await page.locator('html').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
}

for (const size of SIZES) {
  test(`${size.width}×${size.height}: the board, a chain followed by id, its pending order traced across its legs`, async ({ page, harness, consoleErrors }) => {
    await page.setViewportSize(size)
    await page.goto(`${harness.url}#/crosschain`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cross-chain')
    const rows = page.getByTestId('tss-chain')
    await expect(rows).toHaveCount(11) // the demo network's chain list
    await expect(rows.filter({ hasText: 'MAP Relay Chain' }).getByTestId('tss-height')).toHaveText(/^\d+$/)

    await page.getByTestId('follow-input').fill(BTC_LIKE)
    await page.getByRole('button', { name: 'Follow chain' }).click()
    const btc = page.locator(`[data-testid="tss-chain"][data-chain="${BTC_LIKE}"]`)
    await expect(btc).toBeVisible()
    await expect(btc.getByTestId('tss-pending')).toHaveText(/^[1-9]\d*$/)
    await btc.getByRole('button', { name: `Chain ${BTC_LIKE}`, exact: true }).click()
    await expect(page).toHaveURL(new RegExp(`chain=${BTC_LIKE}`))
    const order = page.getByTestId('tss-pending-order').first()
    await expect(order).toBeVisible()
    await order.getByRole('button', { name: 'Trace' }).click()
    const card = page.getByTestId('trace-card')
    await expect(card.getByTestId('trace-status')).toContainText('Pending')
    await expect(card.getByTestId('trace-route')).toContainText(`(${BTC_LIKE}) → Ethereum (1)`)
    await expect(card.locator('[data-leg="src"]')).toContainText(BTC_LIKE)
    await expect(card.getByTestId('trace-leg-missing').first()).toContainText('not yet')
    await noSideScroll(page)
    await page.screenshot({ path: test.info().outputPath(`crosschain-${size.width}.png`), fullPage: true })

    // following is kept: after a reload the chain is still on the board, and can be removed again
    await page.reload()
    await expect(btc).toBeVisible()
    await btc.getByRole('button', { name: `Remove chain ${BTC_LIKE}` }).click()
    await expect(btc).toHaveCount(0)
    expect(consoleErrors).toEqual([])
  })
}

test('the command palette traces a hash; the Transfer view offers the trace for a hash the query service does not know', async ({ page, harness, consoleErrors }) => {
  const sample = (await demoSample(harness)) as { txHashes: string[] }
  const delivered = sample.txHashes[0]!
  await page.goto(`${harness.url}#/overview`)
  // the shortcut is the shell's: a key pressed before the shell has drawn its first view reaches no one
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Overview')
  await page.keyboard.press('Control+k')
  await page.getByTestId('palette-input').fill(delivered)
  await page.getByRole('option', { name: /Trace cross-chain order/ }).click()
  const card = page.getByTestId('trace-card')
  await expect(card.getByTestId('trace-status')).toContainText('Completed (3')
  await expect(card.getByTestId('trace-leg')).toHaveCount(5)
  await expect(card.locator('[data-leg="relay_signed"]')).toContainText(/\+\d/)
  const destHash = await card.locator('[data-leg="dest"] [title^="0x"]').first().getAttribute('title')
  expect(destHash).toMatch(/^0x[0-9a-f]{64}$/)

  // the destination leg's hash is no source hash: the query service does not know it, MAP's TSS API does
  await page.goto(`${harness.url}#/transfer?hash=${destHash}`)
  const offer = page.getByTestId('offer-trace')
  await expect(offer).toBeVisible()
  await offer.getByRole('link', { name: 'Trace it as a cross-chain order' }).click()
  await expect(page.getByTestId('trace-card').locator('[data-leg="src"] [title^="0x"]').first()).toHaveAttribute('title', delivered)
  expect(consoleErrors).toEqual([])
})

test('offline: the board and a trace come from the cache, marked stale', async ({ page, harness }) => {
  const delivered = ((await demoSample(harness)) as { txHashes: string[] }).txHashes[0]!
  await page.goto(`${harness.url}#/crosschain?trace=${delivered}`)
  await expect(page.getByTestId('tss-chain')).toHaveCount(11)
  await expect(page.getByTestId('trace-card')).toBeVisible()
  await demoFault(harness, 503)
  await page.reload()
  await expect(page.getByTestId('cache-banner').first()).toContainText(/Showing cached/)
  await expect(page.getByTestId('cache-banner').first()).toContainText(/Refreshing failed/)
  await expect(page.getByTestId('tss-chain')).toHaveCount(11)
  await expect(page.getByTestId('trace-card').getByTestId('trace-status')).toContainText('Completed')
  await demoFault(harness, null)
})

for (const theme of ['light', 'dark'] as const) {
  test(`axe finds no violation on the Cross-chain view in ${theme}, at both sizes`, async ({ browser, harness }) => {
    const delivered = ((await demoSample(harness)) as { txHashes: string[] }).txHashes[0]!
    for (const size of SIZES) {
      const context = await browser.newContext({ bypassCSP: true, viewport: size, colorScheme: theme })
      const page = await context.newPage()
      try {
        await page.goto(`${harness.url}#/crosschain?trace=${delivered}&chain=22776`)
        await page.getByRole('combobox', { name: 'Theme' }).selectOption(theme)
        await expect(page.getByTestId('trace-card')).toBeVisible()
        await expect(page.getByTestId('tss-chain')).toHaveCount(11)
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
        const result = await new AxeBuilder({ page }).analyze()
        expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`)).toEqual([])
      } finally {
        await context.close()
      }
    }
  })
}
