// Leaving a view and coming back finds it as it was — Transfers' address, loaded rows, filters, sort
// and scroll position; Tokens' search; Activity's filter; Charts' range — per profile, for the session.
import { test, expect } from './fixtures'
import { demoSample, expectLoadedAll, expectViewShown } from './demo'

test('Transfers keeps address, loaded rows, filters, sort and scroll when the user goes elsewhere and back', async ({ page, harness, consoleErrors }) => {
  const sample = await demoSample(harness)
  const heavy = sample.addresses[0]!
  const ipc: string[] = []
  // every call the page makes: on its own request before the page's socket is open, on the socket after
  page.on('request', (r) => {
    const m = /\/__harness\/ipc\/([^?]+)/.exec(r.url())
    if (m) ipc.push(decodeURIComponent(m[1] as string))
  })
  page.on('websocket', (ws) =>
    ws.on('framesent', ({ payload }) => {
      const m = /"channel":"([^"]+)"/.exec(String(payload))
      if (m) ipc.push(m[1] as string)
    })
  )
  await page.goto(`${harness.url}#/transfers?address=${heavy.address}&chainId=${heavy.chainId}`)
  await page.getByTestId('load-all').click()
  await expectLoadedAll(page, heavy.count)

  // sort oldest first, filter to the token most rows have, scroll down
  const table = page.getByTestId('transfers-table')
  await table.getByRole('button', { name: /Time/ }).click()
  await table.getByRole('button', { name: /Time/ }).click()
  await expect(table.getByRole('columnheader', { name: /Time/ })).toHaveAttribute('aria-sort', 'ascending')
  await page.getByTestId('transfers-filter').fill('0x')
  await expectViewShown(page)
  await expect(page.getByTestId('history-summary')).toContainText('transfers match')
  const summary = await page.getByTestId('history-summary').textContent()
  await table.evaluate((el) => (el.scrollTop = 34 * 115))
  await expect(page.locator('[data-testid=transfer-row][data-index="120"]')).toBeVisible()
  // the row's data, not its placeholder while the window is on its way from main
  await expect(page.locator('[data-testid=transfer-row][data-index="120"]')).not.toContainText('Loading row')
  // the transfer's own cells: the On chain cell follows the chain's answer, which may come at any time
  const own = page.locator('[data-testid=transfer-row][data-index="120"] [data-col]:not([data-col=chain])')
  const rowText = await own.allTextContents()

  // away, through the sidebar, and back through the sidebar's bare link
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tokens' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tokens')
  const loadsBefore = ipc.filter((c) => c === 'history:loadAll').length
  expect(loadsBefore).toBe(1) // the load above was seen, whichever way it went
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Transfers' }).click()

  await expect(page).toHaveURL(new RegExp(`address=${heavy.address}&chainId=${heavy.chainId}`))
  await expect(page.getByTestId('history-summary')).toHaveText(summary as string)
  await expect(page.getByTestId('transfers-filter')).toHaveValue('0x')
  await expect(page.getByTestId('transfers-table').getByRole('columnheader', { name: /Time/ })).toHaveAttribute('aria-sort', 'ascending')
  await expect(page.locator('[data-testid=transfer-row][data-index="120"]')).toBeVisible()
  await expect(own).toHaveText(rowText)
  expect(await page.getByTestId('transfers-table').evaluate((el) => el.scrollTop)).toBe(34 * 115)
  // the rows came back from main's dataset, not from loading the history again
  expect(ipc.filter((c) => c === 'history:loadAll').length).toBe(loadsBefore)

  // the browser's Back also comes back to it
  await page.goBack()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tokens')
  await page.goForward()
  await expect(page.getByTestId('transfers-filter')).toHaveValue('0x')

  // another address starts from nothing; "Back to pages" drops rows, filter and scroll together
  const other = sample.addresses[1]!
  await page.getByTestId('address-input').fill(other.address)
  await page.getByTestId('chain-select').selectOption(String(other.chainId))
  await page.getByRole('button', { name: 'Show transfers' }).click()
  await expect(page.getByTestId('history-summary')).toContainText(/Page 1 of/)
  await expect(page.getByTestId('transfers-filter')).toHaveCount(0)
  expect(consoleErrors).toEqual([])
})

test('the kept state is per profile: another profile shows its own, switching back restores the first', async ({ page, harness, consoleErrors }) => {
  const sample = await demoSample(harness)
  const heavy = sample.addresses[0]!
  const { baseUrl, rpcUrl } = await harness.context.endpoints.demoUrls()
  await page.goto(`${harness.url}#/transfers?address=${heavy.address}&chainId=${heavy.chainId}`)
  await page.getByTestId('load-all').click()
  await expectLoadedAll(page, heavy.count)
  await page.getByTestId('transfers-filter').fill('0x1')

  const nav = page.getByRole('navigation', { name: 'Main' })
  await nav.getByRole('link', { name: 'Tokens' }).click()
  await page.getByLabel('Search tokens').fill('USD')
  await expect(page.getByLabel('Search tokens')).toHaveValue('USD')

  // a second profile on the same service
  await nav.getByRole('link', { name: 'Settings' }).click()
  await page.getByRole('button', { name: 'Add profile' }).click()
  const form = page.getByRole('form', { name: 'New profile' })
  await form.getByLabel('Name').fill('Second')
  await form.getByLabel('Query service URL').fill(baseUrl)
  await form.getByLabel(/RPC node URLs/).fill(rpcUrl)
  await form.getByRole('button', { name: 'Save profile' }).click()
  const second = page.getByTestId('profile-row').filter({ hasText: 'Second' })
  await second.getByRole('button', { name: 'Activate' }).click()
  await expect(page.getByTestId('profile-name')).toContainText('Second')

  await nav.getByRole('link', { name: 'Transfers' }).click()
  await expect(page.getByText('Enter an address and pick a chain')).toBeVisible()
  await nav.getByRole('link', { name: 'Tokens' }).click()
  await expect(page.getByLabel('Search tokens')).toHaveValue('')

  // back to the demo profile: its views are as it left them
  await nav.getByRole('link', { name: 'Settings' }).click()
  await page.getByTestId('profile-row').filter({ hasText: 'Demo network' }).getByRole('button', { name: 'Activate' }).click()
  await expect(page.getByTestId('profile-name')).toContainText('Demo network')
  await nav.getByRole('link', { name: 'Tokens' }).click()
  await expect(page.getByLabel('Search tokens')).toHaveValue('USD')
  await nav.getByRole('link', { name: 'Transfers' }).click()
  await expect(page.getByTestId('transfers-filter')).toHaveValue('0x1')
  await expect(page.getByTestId('history-summary')).toContainText(/of [\d,]+ transfers match/)
  expect(consoleErrors).toEqual([])
})

test('Activity keeps its filter and Charts its range across views', async ({ page, harness, consoleErrors }) => {
  await page.goto(`${harness.url}#/activity`)
  await page.getByTestId('activity-text').fill('epoch')
  const nav = page.getByRole('navigation', { name: 'Main' })
  await nav.getByRole('link', { name: 'Charts' }).click()
  await page.getByRole('group', { name: 'Range' }).getByRole('button').last().click()
  const picked = await page.getByRole('group', { name: 'Range' }).getByRole('button').last().textContent()
  await nav.getByRole('link', { name: 'Activity' }).click()
  await expect(page.getByTestId('activity-text')).toHaveValue('epoch')
  await nav.getByRole('link', { name: 'Charts' }).click()
  await expect(page.getByRole('group', { name: 'Range' }).getByRole('button', { name: picked as string, exact: true })).toHaveAttribute('aria-pressed', 'true')
  expect(consoleErrors).toEqual([])
})

test('a kept view whose rows main has since let go says so and offers Load all again', async ({ page, harness, consoleErrors }) => {
  const sample = await demoSample(harness)
  const [heavy, ...others] = sample.addresses
  const { baseUrl, rpcUrl } = await harness.context.endpoints.demoUrls()
  await page.goto(`${harness.url}#/transfers?address=${heavy!.address}&chainId=${heavy!.chainId}`)
  await page.getByTestId('load-all').click()
  await expectLoadedAll(page, heavy!.count)

  const nav = page.getByRole('navigation', { name: 'Main' })
  await nav.getByRole('link', { name: 'Settings' }).click()
  await page.getByRole('button', { name: 'Add profile' }).click()
  const form = page.getByRole('form', { name: 'New profile' })
  await form.getByLabel('Name').fill('Second')
  await form.getByLabel('Query service URL').fill(baseUrl)
  await form.getByLabel(/RPC node URLs/).fill(rpcUrl)
  await form.getByRole('button', { name: 'Save profile' }).click()
  await page.getByTestId('profile-row').filter({ hasText: 'Second' }).getByRole('button', { name: 'Activate' }).click()
  await expect(page.getByTestId('profile-name')).toContainText('Second')
  // main holds the last few loads: four more push the demo profile's out
  await nav.getByRole('link', { name: 'Transfers' }).click()
  for (const a of others.slice(0, 4)) {
    // through the form: a page load would start a new session, with nothing kept
    await page.getByTestId('address-input').fill(a.address)
    await page.getByTestId('chain-select').selectOption(String(a.chainId))
    await page.getByRole('button', { name: 'Show transfers' }).click()
    // the view is on this address (it takes the route at the hashchange, after the click): until then Load all is
    // the last address's Reload all, and its summary already says all were loaded
    await expect(page.getByTestId('history-subject')).toHaveAttribute('title', a.address)
    await page.getByTestId('load-all').click()
    await expectLoadedAll(page, a.count)
  }
  await nav.getByRole('link', { name: 'Settings' }).click()
  await page.getByTestId('profile-row').filter({ hasText: 'Demo network' }).getByRole('button', { name: 'Activate' }).click()
  await expect(page.getByTestId('profile-name')).toContainText('Demo network')
  await nav.getByRole('link', { name: 'Transfers' }).click()
  await expect(page.getByText('no longer held in memory').first()).toBeVisible()
  await page.getByTestId('load-all').click()
  await expectLoadedAll(page, heavy!.count)
  expect(consoleErrors).toEqual([])
})
