// The Transfers table's columns are the user's: shown or hidden from the Columns menu, kept per profile like
// the rest of the view (across views and addresses), and written to an export only when it asks for the
// visible columns. Type, stepped aside to make room at 1024 px, is one tick away; On chain, short there, stays.
import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { test, expect } from './fixtures'
import { demoSample, expectLoadedAll } from './demo'

async function exportCsvHeader(page: Page): Promise<string> {
  const downloading = page.waitForEvent('download')
  await page.getByTestId('export-csv').click()
  const file = await downloading
  return readFileSync((await file.path())!, 'utf8').split('\n')[0] as string
}

test('columns shown or hidden are kept per profile, and reach the export only as "visible columns"', async ({ page, harness, consoleErrors }) => {
  const sample = await demoSample(harness)
  const [heavy, other] = sample.addresses
  const { baseUrl, rpcUrl } = await harness.context.endpoints.demoUrls()
  await page.setViewportSize({ width: 1024, height: 700 })
  await page.goto(`${harness.url}#/transfers?address=${heavy!.address}&chainId=${heavy!.chainId}`)
  await page.getByTestId('load-all').click()
  await expectLoadedAll(page, heavy!.count)
  const table = page.getByTestId('transfers-table')
  const header = (name: string) => table.getByRole('columnheader', { name, exact: true })

  // at 1024 px Type has stepped aside for the amounts and On chain shows its short word (the table scrolls
  // sideways anyway: setting it aside would not spare that); the menu says so, and one tick brings Type back
  const columns = page.getByTestId('columns-button')
  await expect(columns).toHaveAccessibleName('Columns (1 hidden)')
  await expect(header('Type')).toBeHidden()
  await expect(header('On chain')).toBeAttached()
  await expect(header('On chain')).not.toHaveCSS('display', 'none')
  await columns.click()
  const menu = page.getByTestId('columns-menu')
  const asideNote = (col: string) => menu.locator('li', { has: page.locator(`input[data-col=${col}]`) }).getByTestId('stepped-aside')
  await expect(asideNote('type')).toContainText('stepped aside to fit the window')
  await expect(asideNote('chain')).toHaveCount(0)
  await expect(menu.getByTestId('fit-note')).toContainText('On chain shows its short word, Type steps aside')
  await expect(menu.getByRole('checkbox', { name: 'Time (UTC)' })).toBeDisabled()
  await menu.getByRole('checkbox', { name: 'Type' }).check()
  await expect(header('Type')).toBeVisible()
  await expect(asideNote('type')).toHaveCount(0)
  // and one the user hides is gone from every row
  await menu.getByRole('checkbox', { name: 'Stable value' }).uncheck()
  await expect(header('Stable value')).toBeHidden()
  await expect(table.getByTestId('transfer-row').first().locator('[data-col=stable]')).toBeHidden()
  // Stable value hidden by the user; On chain still drawn, short
  await expect(columns).toHaveAccessibleName('Columns (1 hidden)')
  await columns.click()

  // the export writes every field, unless asked for the visible columns: then those columns' fields only
  await page.getByTestId('export-button').click()
  const whole = await exportCsvHeader(page)
  expect(whole.startsWith('timestamp,hash,')).toBe(true)
  expect(whole).toContain('stableValue')
  await page.getByTestId('export-visible').check()
  await expect(page.getByTestId('export-columns')).toHaveText(
    'Columns: Time (UTC), Route, Token, Amount, Received, State, Type, Duration, Hashes (sent / received).'
  )
  expect(await exportCsvHeader(page)).toBe(
    'timestamp,fromChainId,fromChain,toChainId,toChain,token,tokenAddress,amountWire,amount,amountDecimals,receivedWire,received,receivedToken,receivedTokenAddress,receivedDecimals,state,outcome,type,durationSeconds,hash,transferinHash'
  )
  await page.keyboard.press('Escape')

  // kept while the user looks elsewhere, and for another address
  const nav = page.getByRole('navigation', { name: 'Main' })
  await nav.getByRole('link', { name: 'Tokens' }).click()
  await nav.getByRole('link', { name: 'Transfers' }).click()
  await expect(page.getByTestId('transfer-row').first()).toBeVisible()
  await expect(header('Stable value')).toBeHidden()
  await expect(header('Type')).toBeVisible()
  await page.getByTestId('address-input').fill(other!.address)
  await page.getByTestId('chain-select').selectOption(String(other!.chainId))
  await page.getByRole('button', { name: 'Show transfers' }).click()
  await expect(page.getByTestId('history-summary')).toContainText('Page 1 of')
  await expect(header('Stable value')).toBeHidden()

  // another profile has its own columns: the defaults
  await nav.getByRole('link', { name: 'Settings' }).click()
  await page.getByRole('button', { name: 'Add profile' }).click()
  const form = page.getByRole('form', { name: 'New profile' })
  await form.getByLabel('Name').fill('Second')
  await form.getByLabel('Query service URL').fill(baseUrl)
  await form.getByLabel(/RPC node URLs/).fill(rpcUrl)
  await form.getByRole('button', { name: 'Save profile' }).click()
  await page.getByTestId('profile-row').filter({ hasText: 'Second' }).getByRole('button', { name: 'Activate' }).click()
  await expect(page.getByTestId('profile-name')).toContainText('Second')
  await page.goto(`${harness.url}#/transfers?address=${heavy!.address}&chainId=${heavy!.chainId}`)
  await expect(page.getByTestId('transfer-row').first()).toBeVisible()
  await expect(header('Stable value')).toBeVisible()

  // back on the demo profile, its choice is as it was left; "Show the default columns" undoes it
  await nav.getByRole('link', { name: 'Settings' }).click()
  await page.getByTestId('profile-row').filter({ hasText: 'Demo network' }).getByRole('button', { name: 'Activate' }).click()
  await expect(page.getByTestId('profile-name')).toContainText('Demo network')
  await nav.getByRole('link', { name: 'Transfers' }).click()
  await expect(page.getByTestId('transfer-row').first()).toBeVisible()
  await expect(header('Stable value')).toBeHidden()
  await columns.click()
  await page.getByRole('button', { name: 'Show the default columns' }).click()
  await expect(header('Stable value')).toBeVisible()
  expect(consoleErrors).toEqual([])
})
