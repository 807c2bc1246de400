import { test, expect } from './fixtures'
import { demoFault } from './demo-controls'

test('tokens are grouped by chain with names, badges and a debounced search', async ({ page, harness, consoleErrors }) => {
  await page.goto(`${harness.url}#/tokens`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tokens')
  const groups = page.getByTestId('token-group')
  await expect(groups.first()).toBeVisible()
  expect(await groups.count()).toBeGreaterThan(3)
  // Chain names come from the chain list, not bare ids.
  await expect(page.getByTestId('token-group').filter({ hasText: 'Ethereum' }).first()).toBeVisible()
  await expect(page.getByText('mint', { exact: true }).first()).toBeVisible()
  const vaultRow = page.getByTestId('token-row').filter({ has: page.getByTestId('vault-detail') }).first()
  await expect(vaultRow).toContainText('pid')
  await expect(vaultRow).toContainText('vault token')

  const before = await page.getByTestId('token-row').count()
  await page.getByLabel('Search tokens').fill('usdt')
  await expect(page.getByTestId('token-count')).toContainText('match')
  const rows = page.getByTestId('token-row')
  const after = await rows.count()
  expect(after).toBeGreaterThan(0)
  expect(after).toBeLessThan(before)
  for (const text of await rows.allInnerTexts()) expect(text.toLowerCase()).toContain('usdt')

  // Search by (part of) an address.
  await page.getByLabel('Search tokens').fill('')
  const address = (await page.getByTestId('token-row').first().locator('[title^="0x"]').first().getAttribute('title')) ?? ''
  await page.getByLabel('Search tokens').fill(address.slice(0, 12))
  await expect(page.getByTestId('token-row').first()).toBeVisible()
  await page.getByLabel('Search tokens').fill('no-such-token-zzz')
  await expect(page.getByTestId('tokens-no-match')).toBeVisible()

  // Groups collapse (once the cleared search has been applied: it is debounced).
  await page.getByLabel('Search tokens').fill('')
  await expect(page.getByTestId('tokens-no-match')).toBeHidden()
  await expect(page.getByTestId('token-row').first()).toBeVisible()
  await page.getByRole('button', { name: 'Collapse all' }).click()
  await expect(page.getByTestId('token-row')).toHaveCount(0)
  await groups.first().getByRole('button').first().click()
  await expect(page.getByTestId('token-row').first()).toBeVisible()

  await page.screenshot({ path: test.info().outputPath('tokens.png'), fullPage: false })
  await page.getByLabel('Theme').selectOption('dark')
  await page.screenshot({ path: test.info().outputPath('tokens-dark.png'), fullPage: false })
  expect(consoleErrors).toEqual([])
})

test('offline, tokens come from the cache with its age shown', async ({ page, harness }) => {
  await page.goto(`${harness.url}#/tokens`)
  await expect(page.getByTestId('token-group').first()).toBeVisible()
  await demoFault(harness, 503)
  await page.reload()
  await expect(page.getByTestId('cache-banner')).toContainText(/Showing cached \d+ s ago/)
  await expect(page.getByTestId('cache-banner')).toContainText('Refreshing failed')
  await expect(page.getByTestId('token-group').first()).toBeVisible()
})

test('with no cache and no network the error says what failed and Retry recovers', async ({ page, harness }) => {
  await demoFault(harness, 503)
  await page.goto(`${harness.url}#/tokens`)
  const error = page.getByTestId('error-box')
  await expect(error).toContainText('Loading the token list failed')
  await demoFault(harness, null)
  await error.getByRole('button', { name: 'Retry' }).click()
  await expect(page.getByTestId('token-group').first()).toBeVisible()
  await expect(page.getByTestId('error-box')).toHaveCount(0)
})
