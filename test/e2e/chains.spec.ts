import { test, expect } from './fixtures'
import { demoFault } from './demo-controls'

test('every field of each chain is shown; nulls read "—" with a tooltip saying the service gave no value; links are http(s) only; contract is copyable', async ({ page, harness, consoleErrors }) => {
  await page.goto(`${harness.url}#/chains`)
  const card = page.getByTestId('chain-card').first()
  await expect(card).toBeVisible()
  for (const field of ['id', 'chain', 'chainId', 'chainName', 'contract', 'rpc', 'gasLimit', 'chainImg', 'scanUrl', 'volume', 'tokenAddress', 'decimal', 'liquidity']) {
    await expect(card.locator(`dd[data-field="${field}"]`)).toHaveCount(1)
  }
  // The nullable fields are null in the demo data and say so, distinctly.
  const volume = card.locator('dd[data-field="volume"] [data-null="true"]')
  await expect(volume).toHaveText('—')
  await expect(volume).toHaveAttribute('title', 'not given by the service (null)')
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
