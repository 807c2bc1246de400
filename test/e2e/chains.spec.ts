import { test, expect } from './fixtures'
import { demoFault } from './demo-controls'

test('every field the service filled is shown under a name a person reads; those it left empty are named once; links are http(s) only; contract is copyable', async ({ page, harness, consoleErrors }) => {
  await page.goto(`${harness.url}#/chains`)
  const card = page.getByTestId('chain-card').first()
  await expect(card).toBeVisible()
  const labels = { id: 'Record id', chain: 'Chain key', chainId: 'Chain id', chainName: 'Name', contract: 'Bridge contract', rpc: 'Node (RPC) URL', gasLimit: 'Gas limit', chainImg: 'Icon URL', scanUrl: 'Explorer' }
  for (const [field, label] of Object.entries(labels)) {
    await expect(card.locator(`dd[data-field="${field}"]`)).toHaveCount(1)
    await expect(card.locator(`dt[title="${field}"]`)).toHaveText(label)
  }
  // The nullable fields are null in the demo data: no row of "—" each, one line naming them.
  for (const field of ['volume', 'tokenAddress', 'decimal', 'liquidity']) await expect(card.locator(`dd[data-field="${field}"]`)).toHaveCount(0)
  await expect(card.getByTestId('chain-not-given')).toHaveText('Not given by the service: Volume, Token address, Decimals, Liquidity')
  await expect(card.locator('dt')).not.toContainText(['chainImg'])
  await expect(card.locator('dd[data-field="scanUrl"] a')).toHaveAttribute('href', /^https?:\/\//)
  await expect(card.locator('dd[data-field="rpc"] a')).toHaveAttribute('href', /^https?:\/\//)
  await expect(card.getByRole('button', { name: /Copy contract/ })).toBeVisible()

  await page.getByLabel('Filter chains').fill('ethereum')
  await expect(page.getByTestId('chain-card').first()).toContainText('Ethereum')
  await page.screenshot({ path: test.info().outputPath('chains.png') })
  expect(consoleErrors).toEqual([])
})

test('offline, chains come from the cache with its age shown', async ({ page, harness }) => {
  await page.goto(`${harness.url}#/chains`)
  await expect(page.getByTestId('chain-card').first()).toBeVisible()
  await demoFault(harness, 503)
  await page.reload()
  await expect(page.getByTestId('cache-banner')).toContainText(/Showing cached \d+ s ago/)
  await expect(page.getByTestId('chain-card').first()).toBeVisible()
})

test('with no cache the chain list error has a Retry', async ({ page, harness }) => {
  await demoFault(harness, 503)
  await page.goto(`${harness.url}#/chains`)
  await expect(page.getByTestId('error-box')).toContainText('Loading the chain list failed')
  await demoFault(harness, null)
  await page.getByTestId('error-box').getByRole('button', { name: 'Retry' }).click()
  await expect(page.getByTestId('chain-card').first()).toBeVisible()
})
