// Find what you are looking for in a loaded history: the State filter offers every state the whole history holds
// (not only the first rows'), the quick filter finds a chain by its name and a state by its word, "stuck" finds the
// rows the table marks stuck, and Duration sorts.
import { test, expect } from './fixtures'
import { demoSample, expectLoadedAll, expectViewShown } from './demo'

test('after Load all, every state is offered, a chain name and a state word find their rows, "stuck" finds the stuck ones, Duration sorts', async ({ page, harness, consoleErrors }) => {
  const sample = await demoSample(harness)
  const heavy = sample.addresses[0]!
  await page.goto(`${harness.url}#/transfers?address=${heavy.address}&chainId=${heavy.chainId}&size=25`)
  await page.getByTestId('load-all').click()
  const loaded = await expectLoadedAll(page, heavy.count)
  const summary = page.getByTestId('history-summary')
  // the count once main has counted every row that passes (it says "N+ of … (counting…)" until then)
  const matched = async (): Promise<number> => {
    const m = /^([\d,]+) of [\d,]+ transfers match$/.exec(((await summary.textContent()) ?? '').trim())
    return m ? Number(m[1]!.replace(/,/g, '')) : -1
  }

  const table = page.getByTestId('transfers-table')
  const firstState = async (): Promise<number> => Number(/\((\d+)\)/.exec((await page.getByTestId('transfer-row').first().locator('[data-col=state]').getAttribute('title')) ?? '')?.[1] ?? NaN)
  // the history's lowest and highest states, wherever their rows sit: sorted by State, each way
  await table.getByRole('button', { name: /State/ }).click()
  await expect(table.getByRole('columnheader', { name: /State/ })).toHaveAttribute('aria-sort', 'descending')
  await expectViewShown(page)
  await expect.poll(firstState).not.toBeNaN()
  const highest = await firstState()
  await table.getByRole('button', { name: /State/ }).click()
  await expect(table.getByRole('columnheader', { name: /State/ })).toHaveAttribute('aria-sort', 'ascending')
  await expectViewShown(page)
  expect(await firstState()).toBeLessThan(highest)
  const lowest = await firstState()

  await page.getByTestId('filters-button').click()
  const offered = page.getByTestId('filter-state').locator('option')
  const values = async (): Promise<number[]> => (await offered.evaluateAll((os) => os.map((o) => (o as unknown as { value: string }).value))).filter((v) => v !== '').map(Number)
  await expect.poll(values).toContain(lowest)
  expect(await values()).toContain(highest)
  // each in the words the table writes it, and each held by some row of the history
  for (const text of await offered.allTextContents()) expect(text).toMatch(/^(Any state|.+ \(\d+\))$/)
  for (const v of await values()) {
    await page.getByTestId('filter-state').selectOption(String(v))
    await expectViewShown(page)
    await expect.poll(matched).toBeGreaterThan(0)
  }
  await page.getByTestId('filter-state').selectOption('')
  await page.keyboard.press('Escape')

  // a state word: every row it finds says it
  await page.getByTestId('transfers-filter').fill('pending')
  await expectViewShown(page)
  await expect.poll(matched).toBeGreaterThan(0)
  for (const s of await page.getByTestId('transfer-row').locator('[data-col=state]').allTextContents()) expect(s).toContain('Pending')
  // a chain's name: every row it finds goes from or to it
  const route = ((await page.getByTestId('transfer-row').first().locator('[data-col=route]').getAttribute('title')) ?? '').split(' → ')[1]!
  await page.getByTestId('transfers-filter').fill(route.toLowerCase())
  // the rows must be the chain's, not the state word's still on screen until main answers
  await expectViewShown(page)
  await expect.poll(matched).toBeGreaterThan(0)
  for (const r of await page.getByTestId('transfer-row').locator('[data-col=route]').evaluateAll((cs) => cs.map((c) => c.getAttribute('title') ?? ''))) expect(r).toContain(route)

  // "stuck": the rows the table marks stuck, each with its mark
  await page.getByTestId('transfers-filter').fill('stuck')
  await expectViewShown(page)
  await expect.poll(matched).toBeGreaterThan(0)
  expect(await matched()).toBeLessThan(loaded)
  const marks = page.getByTestId('transfer-row').locator('.stuck')
  expect(await marks.count()).toBeGreaterThan(0)
  for (const visible of await marks.evaluateAll((ms) => ms.map((m) => !(m as unknown as { hidden: boolean }).hidden))) expect(visible).toBe(true)
  await page.getByTestId('transfers-filter').fill('')
  await expect(summary).toHaveText(/^[\d,]+ of [\d,]+ transfers loaded$/)

  // Duration sorts: longest first, then shortest first
  await table.getByRole('button', { name: /Duration/ }).click()
  await expect(table.getByRole('columnheader', { name: /Duration/ })).toHaveAttribute('aria-sort', 'descending')
  await table.getByRole('button', { name: /Duration/ }).click()
  await expect(table.getByRole('columnheader', { name: /Duration/ })).toHaveAttribute('aria-sort', 'ascending')
  expect(consoleErrors).toEqual([])
})
