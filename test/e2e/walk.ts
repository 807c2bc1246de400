// A walk through every view of the nav with data loaded, for the first-run, layout and accessibility specs.
// The views come from the nav itself, so a view added later is walked too.
import { expect, type Page } from '@playwright/test'

/** Opens each nav view in turn and waits for its data; `each` runs once per view with its label. */
export async function walkViews(page: Page, each: (label: string) => Promise<void>): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main' })
  const labels = (await nav.getByRole('list').getByRole('link').allTextContents()).map((t) => t.trim())
  const seen: Seen = { transferHref: null }
  for (const label of labels) {
    await nav.getByRole('link', { name: label, exact: true }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(label)
    await settle(page, label, seen)
    await each(label)
  }
  return labels
}

interface Seen {
  /** a transfer link met on the way (Transfers comes before Transfer in the nav) */
  transferHref: string | null
}

/** What "with data loaded" means per view; views without an entry just wait for loading to end. */
async function settle(page: Page, label: string, seen: Seen): Promise<void> {
  switch (label) {
    case 'Overview':
      await expect(page.getByTestId('watched-address').first().locator('tbody tr').first()).toBeVisible()
      break
    case 'Transfers': {
      // The view shows either rows (a kept history, or a page loading) or, on a first run, the starter
      // addresses once main has answered for them: wait for whichever comes, as a user would, before
      // deciding what to click.
      const starter = page.getByTestId('starter-addresses').getByRole('link').first()
      const rows = page.getByRole('row')
      await expect.poll(async () => (await rows.count()) + (await starter.count())).toBeGreaterThan(0)
      if ((await rows.count()) === 0) await starter.click()
      await expect(page.getByRole('row').nth(5)).toBeVisible()
      const hash = await page.getByRole('row').nth(1).locator('[title^="0x"]').first().getAttribute('title')
      seen.transferHref = hash ? `#/transfer?hash=${hash}` : null
      break
    }
    case 'Transfer': {
      if ((await page.getByTestId('transfer-state').count()) === 0 && seen.transferHref) {
        await page.goto(page.url().split('#')[0] + seen.transferHref)
      }
      await expect(page.getByTestId('transfer-state')).toBeVisible()
      break
    }
    case 'Tokens':
      await expect(page.getByTestId('token-count')).toBeVisible()
      break
    case 'Chains':
      await expect(page.getByTestId('chain-count')).toBeVisible()
      break
    case 'Vault':
      await expect(page.getByText('Epoch').first()).toBeVisible()
      break
    case 'Cross-chain':
      await expect(page.getByTestId('tss-summary')).toBeVisible()
      break
    case 'Charts':
      await expect(page.getByTestId('charts-count')).not.toContainText(/^0 transfers/)
      break
  }
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
}
