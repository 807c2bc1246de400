// The Vault view's Maintainers and Solvency on the demo network (21 maintainers, one node that goes down, one
// scanner that lags, a vault that goes short on Bsc and recovers), at 1280 and 1920 wide: every maintainer
// has a row saying what its node said, every token a verdict, Bitcoin says why it cannot be checked here.
import type { Page } from '@playwright/test'
import { test, expect } from './fixtures'

const SIZES = [
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 }
] as const

async function noSideScroll(page: Page): Promise<void> {
  expect(await page.locator('html').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
}

for (const size of SIZES) {
  test(`${size.width}×${size.height}: the vault's maintainers with their nodes, and its books against the chains`, async ({
    page,
    harness,
    consoleErrors
  }) => {
    await page.setViewportSize(size)
    await page.goto(`${harness.url}#/vault`)
    const maintainers = page.getByTestId('maintainers')
    await expect(maintainers.getByRole('heading', { level: 2 })).toContainText('epoch 42')
    const rows = maintainers.getByTestId('maintainer-row')
    await expect(rows).toHaveCount(21)
    // each node is up or down, none unasked; a node that is down says why
    await expect(maintainers.locator('[data-testid="maintainer-row"][data-node="not-asked"]')).toHaveCount(0)
    expect(
      await maintainers.locator('[data-testid="maintainer-row"][data-node="up"]').count()
    ).toBeGreaterThanOrEqual(20)
    for (const down of await maintainers.locator('[data-node="down"]').all())
      await expect(down.locator('.reason')).not.toBeEmpty()
    await expect(rows.filter({ hasText: 'Bsc 45' })).toHaveCount(1)
    await expect(rows.first().getByTestId('slash')).toHaveText(/^\d+/)

    const solvency = page.getByTestId('solvency')
    const tokens = solvency.getByTestId('solvency-row')
    await expect(tokens).toHaveCount(2)
    await expect(tokens.filter({ hasText: 'Bsc' }).getByTestId('verdict')).toHaveText(/^(ok|short \(-3 %\))$/)
    await expect(tokens.filter({ hasText: 'Btc' })).toHaveAttribute('data-verdict', 'cannot-check-here')
    await expect(tokens.filter({ hasText: 'Btc' }).getByTestId('verdict')).toContainText('not an EVM chain')
    await expect(tokens.filter({ hasText: 'Btc' })).toContainText('not read')
    await noSideScroll(page)
    await page.screenshot({ path: test.info().outputPath(`keepers-${size.width}.png`), fullPage: true })
    expect(consoleErrors).toEqual([])
  })
}
