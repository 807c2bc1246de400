import { test, expect } from './fixtures'
import { demoRotate } from './demo-controls'

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
  // the change in the vault's own terms first: epoch, key rotated, per-chain address old → new
  const lines = page.getByTestId('diff-line')
  await expect(lines.first()).toHaveText(`epoch: ${latest - 1} → ${latest}`)
  await expect(page.locator('[data-what="key"]')).toContainText('key rotated: 0x04')
  await expect(page.locator('[data-what="address-changed"]').first()).toHaveText(/^chain \d+: address 0x[0-9a-f]{8}…[0-9a-f]{6} → 0x[0-9a-f]{8}…[0-9a-f]{6}$/)
  // the JSON-path table is kept, folded, as the raw section
  await expect(page.getByTestId('diff-entry')).toHaveCount(0)
  await page.getByRole('button', { name: /Raw changes by JSON path/ }).click()
  const keyRow = page.getByTestId('diff-entry').filter({ hasText: 'public_key' })
  await expect(keyRow).toHaveCount(1)
  await expect(keyRow).toContainText('changed')
  await expect(keyRow).toContainText(latestKey ?? 'missing')

  await page.screenshot({ path: test.info().outputPath('vault.png'), fullPage: true })
  await page.getByLabel('Theme').selectOption('dark')
  await page.getByTestId('vault-diff').scrollIntoViewIfNeeded()
  await page.screenshot({ path: test.info().outputPath('vault-diff-dark.png') })
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
  const error = page.getByTestId('vault-missing')
  await expect(error).toContainText('Epoch 0x3e8 (1000) not found: the node has no vault record for it.')
  await expect(error.getByRole('button', { name: 'Retry' })).toBeVisible()
})

test('asking for an epoch the node does not have clears the record shown and says "not found"; Next stops at the latest', async ({ page, harness }) => {
  await page.goto(`${harness.url}#/vault`)
  await expect(page.getByTestId('vault-card')).toBeVisible()
  const latestText = (await page.getByTestId('vault-epoch').textContent()) ?? ''
  const latest = Number(/\((\d+)\)/.exec(latestText)?.[1])
  const key = (await page.getByTestId('vault-public-key').textContent()) ?? ''
  const epochInput = page.getByLabel('Epoch', { exact: true })
  for (const [typed, hex] of [
    ['999', '0x3e7'],
    ['0', '0x0']
  ] as const) {
    await epochInput.fill(typed)
    await epochInput.press('Enter')
    await expect(page).toHaveURL(new RegExp(`epoch=${hex}$`))
    await expect(page.getByTestId('vault-missing')).toContainText(`Epoch ${hex} (${typed}) not found`)
    // what must NOT happen: the previous epoch's record under the new name
    await expect(page.getByTestId('vault-card')).toHaveCount(0)
    await expect(page.getByText(key)).toHaveCount(0)
  }
  await expect(page.getByTestId('vault-missing')).not.toContainText('The latest epoch')
  await epochInput.fill('999')
  await epochInput.press('Enter')
  await expect(page.getByTestId('vault-missing')).toContainText(`The latest epoch is ${latest}.`)
  await page.getByRole('button', { name: 'Show latest' }).click()
  await expect(page.getByTestId('vault-public-key')).toHaveText(key)

  // Opened directly on the latest epoch (never through 'latest'): Next is still disabled there.
  await page.goto(`${harness.url}#/vault?epoch=0x${latest.toString(16)}`)
  await expect(page.getByTestId('vault-epoch')).toHaveText(latestText)
  await expect(page.getByRole('button', { name: 'Next epoch' })).toBeDisabled()
  await expect(page.getByRole('button', { name: 'Previous epoch' })).toBeEnabled()
})
