import { test, expect } from './fixtures'
import { demoRotate, stubRemoteImages } from './views-b-helpers'

test.beforeEach(async ({ page }) => {
  await stubRemoteImages(page)
})

test('latest epoch, previous/next, hex input, raw tree and a diff that shows the changed public key', async ({ page, harness, consoleErrors }) => {
  await page.goto(`${harness.url}#/vault`)
  const card = page.getByTestId('vault-card')
  await expect(card).toBeVisible()
  const latestText = (await page.getByTestId('vault-epoch').textContent()) ?? ''
  const latest = Number(/\((\d+)\)/.exec(latestText)?.[1])
  expect(latest).toBeGreaterThan(1)
  await expect(card.getByRole('button', { name: /Copy public key/ })).toBeVisible()
  // Addresses link to the chain's explorer when the chain list has one.
  await expect(card.locator('a[href*="/address/0x"]').first()).toBeVisible()
  const latestKey = await page.getByTestId('vault-public-key').textContent()

  await page.getByRole('button', { name: 'Previous epoch' }).click()
  await expect(page.getByTestId('vault-epoch')).toHaveText(`0x${(latest - 1).toString(16)} (${latest - 1})`)
  await expect(page.getByTestId('vault-public-key')).not.toHaveText(latestKey ?? '')
  await page.getByRole('button', { name: 'Next epoch' }).click()
  await expect(page.getByTestId('vault-epoch')).toHaveText(latestText)
  await expect(page.getByRole('button', { name: 'Next epoch' })).toBeDisabled()

  // Decimal or hex input, echoed as canonical hex.
  const epochInput = page.getByLabel('Epoch', { exact: true })
  await epochInput.fill('0X01')
  await expect(page.getByTestId('epoch-canonical')).toContainText('0x1 (1)')
  await epochInput.press('Enter')
  await expect(page.getByTestId('vault-epoch')).toHaveText('0x1 (1)')
  await epochInput.fill('two')
  await expect(page.getByTestId('epoch-canonical')).toContainText('Not an epoch')

  // Raw tree: folded by default when the shape is recognised, keyboard operable.
  const rawToggle = page.getByRole('button', { name: /Raw record/ })
  await rawToggle.focus()
  await page.keyboard.press('Enter')
  const tree = page.getByTestId('json-tree')
  await expect(tree).toContainText('public_key')
  await tree.getByRole('button', { name: 'Expand all' }).click()
  await expect(tree).toContainText('addresses')

  // Diff between two epochs.
  await page.getByLabel('Epoch A').fill(String(latest - 1))
  await page.getByLabel('Epoch B').fill(`0x${latest.toString(16)}`)
  await page.getByRole('button', { name: 'Compare' }).click()
  await expect(page.getByTestId('diff-summary')).toContainText('changed')
  const keyRow = page.getByTestId('diff-entry').filter({ hasText: 'public_key' })
  await expect(keyRow).toHaveCount(1)
  await expect(keyRow).toContainText('changed')
  await expect(keyRow).toContainText(latestKey ?? 'missing')

  await page.screenshot({ path: test.info().outputPath('vault.png'), fullPage: true })
  expect(consoleErrors).toEqual([])
})

test('after the vault rotates, the latest epoch advances', async ({ page, harness }) => {
  await page.goto(`${harness.url}#/vault`)
  await expect(page.getByTestId('vault-card')).toBeVisible()
  const before = (await page.getByTestId('vault-epoch').textContent()) ?? ''
  const rotated = await demoRotate(harness)
  await page.getByRole('button', { name: 'Latest' }).click()
  await expect(page.getByTestId('vault-epoch')).toHaveText(`0x${rotated.epoch.toString(16)} (${rotated.epoch})`)
  expect(before).not.toContain(`(${rotated.epoch})`)
  await expect(page.getByTestId('vault-public-key')).toHaveText(rotated.publicKey)
})

test('an unknown epoch says what failed and offers Retry', async ({ page, harness }) => {
  await page.goto(`${harness.url}#/vault?epoch=0x3e8`)
  const error = page.getByTestId('error-box')
  await expect(error).toContainText('Loading vault epoch 0x3e8 failed')
  await expect(error.getByRole('button', { name: 'Retry' })).toBeVisible()
})
