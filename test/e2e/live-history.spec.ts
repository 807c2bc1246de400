// A loaded history stays current with Live on: a transfer that arrives at the head of the address's history
// shows at the top of the table with "1 new since load", and the row the user scrolled to stays where it was.
// The test holds back the newest transfers of an address the demo's own motion leaves still (/__sim/hold) and
// lets one arrive when it says (/__sim/arrive); the refresh runs every liveHistorySec (5 s here), and the test
// waits for what it shows.
import { test, expect } from './fixtures'
import { demoSample } from './demo'

const ROW = 34

async function control(baseUrl: string, route: 'hold' | 'arrive', body: { address: string; chainId: number; count: number }): Promise<unknown> {
  const res = await fetch(new URL(`/__sim/${route}`, baseUrl), { method: 'POST', body: JSON.stringify(body) })
  return res.json()
}

async function arrive(baseUrl: string, address: string, chainId: number): Promise<string> {
  expect(await control(baseUrl, 'arrive', { address, chainId, count: 1 })).toEqual({ ok: true, arrived: 1 })
  // the transfer that arrived: now the newest of the address's history
  const page = await fetch(new URL('/api/queryHistory', baseUrl), { method: 'POST', body: JSON.stringify({ address, chainId, pageNo: 1, pageSize: 1 }) })
  const text = await page.text()
  return /"hash":"(0x[0-9a-f]{64})"/.exec(text)?.[1] as string
}

test('Live keeps a loaded history current: a new transfer shows on top, counted, and the row in view stays put', async ({ page, harness, consoleErrors }) => {
  harness.context.settings.update({ pollIntervals: { liveHistorySec: 5 }, liveMode: { transfers: true } })
  const sample = await demoSample(harness)
  // not the busiest address: the demo moves that one with every request for its history
  const heavy = sample.addresses[1]!
  expect(await control(sample.baseUrl, 'hold', { address: heavy.address, chainId: heavy.chainId, count: 2 })).toEqual({ ok: true, held: 2 })
  const count = heavy.count - 2
  await page.goto(`${harness.url}#/transfers?address=${heavy.address}&chainId=${heavy.chainId}`)
  await page.getByTestId('load-all').click()
  await expect(page.getByTestId('history-summary')).toHaveText(`${count} of ${count} transfers loaded`)
  await expect(page.getByTestId('live-count')).toHaveText('0 new since load')

  // the user scrolls down to row 20 and looks at it
  const table = page.getByTestId('transfers-table')
  await table.evaluate((el, top) => (el.scrollTop = top), ROW * 20)
  const watched = page.locator('[data-testid=transfer-row][data-index="20"]')
  await expect(watched).toContainText(/\d{4}-\d{2}-\d{2}/)
  // the transfer's own cells: the On chain cell follows the chain's answer, which may come at any time
  const own = (row: typeof watched) => row.locator('[data-col]:not([data-col=chain])')
  const watchedText = await own(watched).allTextContents()
  const watchedY = (await watched.boundingBox())?.y

  const first = await arrive(sample.baseUrl, heavy.address, heavy.chainId)
  await expect(page.getByTestId('live-count')).toHaveText('1 new since load')
  await expect(page.getByTestId('history-summary')).toHaveText(`${count + 1} of ${count + 1} transfers loaded`)
  // the same transfer, one row further down the list, at the same place on screen
  const moved = page.locator('[data-testid=transfer-row][data-index="21"]')
  await expect(own(moved)).toHaveText(watchedText)
  expect((await moved.boundingBox())?.y).toBe(watchedY)
  expect(await table.evaluate((el) => el.scrollTop)).toBe(ROW * 21)

  // at the top: the new transfer is the first row
  await table.evaluate((el) => (el.scrollTop = 0))
  const top = page.locator('[data-testid=transfer-row][data-index="0"]')
  await expect(top.locator(`a[title="${first}"]`)).toHaveCount(1)

  // at the very top the view stays there and the next arrival simply shows as the first row
  const second = await arrive(sample.baseUrl, heavy.address, heavy.chainId)
  await expect(page.getByTestId('live-count')).toHaveText('2 new since load')
  await expect(top.locator(`a[title="${second}"]`)).toHaveCount(1)
  await expect(page.locator('[data-testid=transfer-row][data-index="1"]').locator(`a[title="${first}"]`)).toHaveCount(1)
  expect(await table.evaluate((el) => el.scrollTop)).toBe(0)
  expect(consoleErrors).toEqual([])
})
