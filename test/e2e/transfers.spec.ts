import { readFileSync } from 'node:fs'
import { test, expect } from './fixtures'
import { countIn, demoSample, expectLoadedAll, setFault, expectViewShown } from './demo'
import { formatAmount } from '../../src/shared/decimal'

test('a heavy address: page, load all with progress, sort, filter, export, open a transfer', async ({ page, harness, consoleErrors }) => {
  const sample = await demoSample(harness)
  const heavy = sample.addresses[0]!
  await page.goto(`${harness.url}#/transfers`)
  await expect(page.getByText('Enter an address and pick a chain')).toBeVisible()

  // Query through the form, once: the URL keeps address and chain for deep links (a chain list arriving
  // again from the network keeps the choice: query-form.spec.ts).
  await page.getByTestId('address-input').fill(heavy.address)
  await page.getByTestId('chain-select').selectOption(String(heavy.chainId))
  await page.getByRole('button', { name: 'Show transfers' }).click()
  await expect(page).toHaveURL(new RegExp(`address=${heavy.address}&chainId=${heavy.chainId}`))
  // the busiest address gains transfers as it is read: at least as many as the sample saw
  const summary = page.getByTestId('history-summary')
  await expect.poll(async () => countIn(await summary.textContent(), 'last')).toBeGreaterThanOrEqual(heavy.count)
  // 25 rows on the page (the grid counts its header row too); only those in view are in the DOM
  await expect(page.getByTestId('transfers-table')).toHaveAttribute('aria-rowcount', '26')
  await expect(page.getByTestId('transfer-row').first()).toBeVisible()

  // Next page
  await page.getByRole('button', { name: 'Older →' }).click()
  await expect(page.getByTestId('history-summary')).toContainText('Page 2 of')

  // Load all, slowed down so the progress is visible, while the address keeps gaining transfers.
  await setFault(sample.baseUrl, 'queryHistory', { latencyMs: 2000 })
  await page.getByTestId('load-all').click()
  await expect(page.getByTestId('load-progress')).toBeVisible()
  await expect.poll(async () => Number(await page.getByRole('progressbar').getAttribute('aria-valuemax'))).toBeGreaterThanOrEqual(heavy.count)
  // every transfer there when the load began, and those that arrived meanwhile, each once: nothing is missing
  const loaded = await expectLoadedAll(page, heavy.count + 1)
  await setFault(sample.baseUrl, 'queryHistory', null)
  await expect(page.getByTestId('history-arrivals')).toHaveText(/^[\d,]+ transfers? arrived while loading \(included\)$/)
  await expect(page.getByTestId('history-doubt')).toHaveCount(0)
  await page.screenshot({ path: test.info().outputPath('transfers.png') })

  const table = page.getByTestId('transfers-table')
  const firstTime = () => page.getByTestId('transfer-row').first().locator('[data-col=time]').textContent()
  const newest = await firstTime()
  // Sorting: the service's order at first; clicking the time header sorts newest first, again oldest first.
  await expect(table.getByRole('columnheader', { name: /Time/ })).toHaveAttribute('aria-sort', 'none')
  await table.getByRole('button', { name: /Time/ }).click()
  await expect(table.getByRole('columnheader', { name: /Time/ })).toHaveAttribute('aria-sort', 'descending')
  await table.getByRole('button', { name: /Time/ }).click()
  await expect(table.getByRole('columnheader', { name: /Time/ })).toHaveAttribute('aria-sort', 'ascending')
  await expectViewShown(page)
  await expect.poll(firstTime).not.toBe(newest)
  const oldest = await firstTime()
  expect(oldest! < newest!).toBe(true)

  // Filtering by state (in the Filters panel, whose button then counts one): only state 1 rows, fewer of them.
  await page.getByTestId('filters-button').click()
  await page.getByTestId('filter-state').selectOption('1')
  await expect(page.getByTestId('filters-button')).toHaveAccessibleName('Filters (1 active)')
  // Escape closes the panel and gives the button focus back
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('filters-panel')).toBeHidden()
  await expect(page.getByTestId('filters-button')).toBeFocused()
  // The summary says "match" as soon as the filter is set, still over the unfiltered count and rows until main's
  // answer for state 1 arrives: read the count and the rows only once it has
  await expectViewShown(page)
  await expect(summary).toHaveText(/^[\d,]+ of [\d,]+ transfers match$/)
  const matched = Number((await page.getByTestId('history-summary').textContent())!.split(' ')[0]!.replace(/,/g, ''))
  expect(matched).toBeGreaterThan(0)
  expect(matched).toBeLessThan(loaded)
  const states = await page.getByTestId('transfer-row').locator('[data-col=state]').allTextContents()
  expect(states.filter((s) => !s.trim().startsWith('Complete (1)'))).toEqual([])

  // Text filter with an impossible value shows the empty state.
  await page.getByTestId('transfers-filter').fill('zzzz-no-such-thing')
  await expect(page.getByText('No transfers match these filters.')).toBeVisible()
  await page.getByTestId('transfers-filter').fill('')
  await expect(page.getByTestId('transfer-row').first()).toBeVisible()

  // Export: the CSV has one line per matched row plus the header.
  await page.getByTestId('export-button').click()
  const downloading = page.waitForEvent('download')
  await page.getByTestId('export-csv').click()
  const file = await downloading
  const csv = readFileSync((await file.path())!, 'utf8').trim().split('\n')
  expect(csv[0]).toContain('timestamp,hash')
  expect(csv.length - 1).toBe(matched)
  // it says how many were written, that the filters chose them, and where the file went
  await expect(page.getByTestId('export-done')).toContainText(`Saved ${matched.toLocaleString('en-US')} of `)
  await expect(page.getByTestId('export-done')).toContainText('only the rows that match the filters')
  await expect(page.getByTestId('export-done')).toContainText('downloads folder')

  // Keyboard: focus the table, move down, Enter opens that transfer.
  await table.focus()
  await page.keyboard.press('Home')
  await page.keyboard.press('ArrowDown')
  await expect(page.getByTestId('transfer-row').nth(1)).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/#\/transfer\?hash=0x[0-9a-f]{64}/)
  await expect(page.getByTestId('leg').first()).toBeVisible()
  expect(await page.getByTestId('leg').count()).toBeGreaterThanOrEqual(2)
  expect(consoleErrors).toEqual([])
})

test('a row click opens the transfer; the virtual table keeps the DOM small', async ({ page, harness, consoleErrors }) => {
  const sample = await demoSample(harness)
  const heavy = sample.addresses[0]!
  await page.goto(`${harness.url}#/transfers?address=${heavy.address}&chainId=${heavy.chainId}&size=100`)
  await expect(page.getByTestId('transfer-row').first()).toBeVisible()
  await page.getByTestId('load-all').click()
  // the loaded table's rows, not the moment its dataset is known and its rows are still on their way (no rows drawn)
  await expectLoadedAll(page, heavy.count)
  const rendered = await page.getByTestId('transfer-row').count()
  expect(rendered).toBeLessThan(60)
  // scroll to the end: the last row is there, rows are fetched in windows
  await page.getByTestId('transfers-table').evaluate((el) => (el.scrollTop = el.scrollHeight))
  await expect(page.locator(`[data-testid=transfer-row][data-index="${heavy.count - 1}"]`)).toContainText(/\d{4}-\d{2}-\d{2}/)
  // a new filter is a new list: the table starts again at its first match, and the scroll position is kept
  // for the next one only from there
  const bottom = await page.getByTestId('transfers-table').evaluate((el) => el.scrollTop)
  expect(bottom).toBeGreaterThan(0)
  await page.getByTestId('transfers-filter').fill('0')
  await expect(page.locator('[data-testid=transfer-row][data-index="0"]')).toContainText(/\d{4}-\d{2}-\d{2}/)
  expect(await page.getByTestId('transfers-table').evaluate((el) => el.scrollTop)).toBe(0)
  await page.getByTestId('transfers-filter').fill('')
  // the unfiltered list's own height to scroll through, not the filtered one's still shown until main answers
  await expectViewShown(page)
  await page.getByTestId('transfers-table').evaluate((el) => (el.scrollTop = el.scrollHeight))
  await expect(page.locator(`[data-testid=transfer-row][data-index="${heavy.count - 1}"]`)).toContainText(/\d{4}-\d{2}-\d{2}/)
  await page.locator('[data-testid=transfer-row][data-index]').last().locator('[data-col=token]').click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Transfer')
  await expect(page.getByTestId('leg').first()).toBeVisible()
  expect(consoleErrors).toEqual([])
})

test('offline: a cached page shows the cache banner; no cache shows an error with Retry', async ({ page, harness, consoleErrors }) => {
  const sample = await demoSample(harness)
  const [a, b] = sample.addresses
  await page.goto(`${harness.url}#/transfers?address=${a!.address}&chainId=${a!.chainId}`)
  await expect(page.getByTestId('transfer-row').first()).toBeVisible()

  await setFault(sample.baseUrl, '*', { status: 503 })
  await page.reload()
  await expect(page.getByTestId('cache-banner')).toContainText('Showing cached')
  await expect(page.getByTestId('transfer-row').first()).toBeVisible()

  await page.goto(`${harness.url}#/transfers?address=${b!.address}&chainId=${b!.chainId}`)
  const box = page.getByTestId('error-box')
  await expect(box).toContainText('failed')
  await setFault(sample.baseUrl, '*', null)
  await box.getByRole('button', { name: 'Retry' }).click()
  await expect(page.getByTestId('transfer-row').first()).toBeVisible()
  expect(consoleErrors).toEqual([])
})

test('the Received column shows what arrived in the destination token, on 6 → 18 and 18 → 6 routes', async ({ page, harness, consoleErrors }) => {
  const sample = await demoSample(harness)
  const seen: string[] = []
  for (const txHash of sample.txHashes) {
    const r = await harness.context.handlers['transfer:get']({ txHash, prefer: 'network' }, { emit: () => undefined })
    const d = r.data
    if (d.state !== 1 || d.fromDecimal === d.receiveDecimal) continue
    const route = `${d.fromDecimal} → ${d.receiveDecimal}`
    if (seen.includes(route)) continue
    seen.push(route)
    await page.goto(`${harness.url}#/transfers?address=${d.from}&chainId=${d.fromChainId}`)
    await page.getByTestId('load-all').click()
    await page.getByTestId('transfers-filter').fill(d.fromHash)
    await expect(page.getByTestId('transfer-row')).toHaveCount(1)
    const row = page.getByTestId('transfer-row').first()
    // Amount in the source token's decimals, Received in the destination token's: the same order of magnitude
    await expect(row.locator('[data-col=amount]')).toHaveText(formatAmount(d.sending, d.fromDecimal))
    await expect(row.locator('[data-col=received]')).toHaveText(formatAmount(d.receiving, d.receiveDecimal))
  }
  expect(seen.sort()).toEqual(['18 → 6', '6 → 18'])
  expect(consoleErrors).toEqual([])
})
