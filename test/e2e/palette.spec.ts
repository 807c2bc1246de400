import { test, expect } from './fixtures'
import { demoSample } from './demo'

test('Ctrl+K opens the palette: address, hash and view name each go to their view', async ({ page, harness, consoleErrors }) => {
  const sample = await demoSample(harness)
  const heavy = sample.addresses[0]!
  await page.goto(harness.url)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Overview')

  await page.keyboard.press('Control+k')
  const dialog = page.getByRole('dialog', { name: 'Command palette' })
  await expect(dialog).toBeVisible()
  await expect(page.getByTestId('palette-input')).toBeFocused()
  await page.screenshot({ path: test.info().outputPath('palette.png') })
  // focus stays inside
  await page.keyboard.press('Tab')
  await expect(page.getByTestId('palette-input')).toBeFocused()
  // Esc closes
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()

  // a view name
  await page.keyboard.press('Control+k')
  await page.getByTestId('palette-input').fill('vau')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vault')

  // an address: each suggestion names its chain, once per chain, and opens on the chain it names
  await page.keyboard.press('Control+k')
  await page.getByTestId('palette-input').fill(heavy.address)
  const options = dialog.getByRole('option')
  await expect(options.first()).toContainText(' on ')
  const labels = (await options.allTextContents()).map((l) => l.trim())
  expect(labels.every((l) => l.includes(' on '))).toBe(true)
  expect(new Set(labels).size).toBe(labels.length)
  const named = /^Transfers of \S+ on (.+?)(?: \([\d,]+ transfers\))?$/.exec(labels[0]!)![1]!
  await options.filter({ hasText: labels[0]! }).getByRole('button').click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Transfers')
  await expect(page).toHaveURL(new RegExp(`address=${heavy.address}&chainId=\\d+`))
  const openedOn = /chainId=(\d+)/.exec(page.url())![1]!
  await expect(page.getByTestId('chain-select').locator(`option[value="${openedOn}"]`)).toHaveText(new RegExp(`^${named.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`))

  // pick the heavy chain; the palette then reuses it (last used)
  await page.getByTestId('chain-select').selectOption(String(heavy.chainId))
  await page.getByRole('button', { name: 'Show transfers' }).click()
  await expect(page.getByTestId('transfer-row').first()).toBeVisible()
  await page.goto(`${harness.url}#/overview`)
  await page.keyboard.press('Control+k')
  await page.getByTestId('palette-input').fill(heavy.address)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(new RegExp(`chainId=${heavy.chainId}`))

  // a tx hash
  await page.keyboard.press('Control+k')
  await page.getByTestId('palette-input').fill(sample.txHashes[0]!)
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Transfer')
  await expect(page.getByTestId('leg').first()).toBeVisible()
  // "epoch 4" opens the Vault there; "dark" switches the theme
  await page.keyboard.press('Control+k')
  await page.getByTestId('palette-input').fill('epoch 4')
  await expect(options.first()).toHaveText('Vault at epoch 4 (0x4)')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/#\/vault\?epoch=4/)
  await page.keyboard.press('Control+k')
  await page.getByTestId('palette-input').fill('dark')
  await expect(options.first()).toHaveText('Use the dark theme')
  await page.keyboard.press('Enter')
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  expect(harness.context.settings.get().theme).toBe('dark')

  expect(consoleErrors).toEqual([])
})
