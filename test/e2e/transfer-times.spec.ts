// A hash pasted into the Transfer view tells the whole story: when it was sent and updated, how long it has
// waited and whether it is stuck, found wherever the service allows, each time with the source that gave it.
import type { Page } from '@playwright/test'
import type { TableRow } from '../../src/shared/table-row'
import type { Harness } from '../support/harness'
import { test, expect } from './fixtures'
import { demoSample, setFault } from './demo'

/** An old transfer still in flight on the busiest address, past the sender's latest page of `pageSize`. */
async function oldStuck(harness: Harness, pageSize: number): Promise<TableRow> {
  const { address, chainId } = (await demoSample(harness)).addresses[0]!
  for (let pageNo = 2; ; pageNo++) {
    const page = await harness.context.handlers['history:page']({ address, chainId, pageNo, pageSize, prefer: 'network' }, { emit: () => undefined })
    const found = page.data.list.find((r) => r.state.number === 0 && !r.legs.destination.hash)
    if (found) return found
    if (page.data.list.length < pageSize) throw new Error('the demo has no transfer in flight past its first page')
  }
}

/** a model time (ISO 8601, UTC) as the Transfer view writes it, before its " UTC" */
const utc = (iso: string | null): string => (iso ?? '').slice(0, 19).replace('T', ' ')

async function find(page: Page, url: string, hash: string): Promise<void> {
  await page.goto(`${url}#/transfer`)
  await page.getByTestId('tx-input').fill(hash)
  await page.getByRole('button', { name: 'Find' }).click()
  await expect(page.getByTestId('leg').first()).toContainText('Source')
}

test('a pasted hash past the sender’s latest 100 gives its sent time from the history, how long it has waited and its stuck mark', async ({ page, harness, consoleErrors }) => {
  const stuck = await oldStuck(harness, 100)
  await find(page, harness.url, stuck.hash)

  await expect(page.getByTestId('sent-at')).toHaveText(`${utc(stuck.times.sent)} UTC`)
  // which source gave it: the sender's history at the service, past its first page
  await expect(page.getByTestId('sent-source')).toHaveText(/^from the sender's history at the service \(page ([2-9]|\d\d+), 100 a page\)$/)
  await expect(page.getByTestId('pending-for')).toHaveText(/pending for \d+ d/)
  await expect(page.getByTestId('stuck-mark')).toBeVisible()
  await expect(page.getByTestId('times-unknown')).toHaveCount(0)
  await page.screenshot({ path: test.info().outputPath('pasted-stuck-hash.png') })

  // what must not change: a delivered transfer on the first page still gives both times and a duration
  const { address, chainId } = (await demoSample(harness)).addresses[0]!
  const first = await harness.context.handlers['history:page']({ address, chainId, pageNo: 1, pageSize: 100, prefer: 'network' }, { emit: () => undefined })
  const done = first.data.list.find((r) => r.state.number === 1 && r.legs.destination.hash)!
  await find(page, harness.url, done.hash)
  await expect(page.getByTestId('sent-at')).toHaveText(`${utc(done.times.sent)} UTC`)
  await expect(page.getByTestId('updated-at')).toHaveText(`${utc(done.times.updated)} UTC`)
  await expect(page.getByTestId('sent-source')).toContainText("the sender's history")
  await expect(page.getByTestId('duration')).toHaveText(/^\d+ (s|min|h|d)\b/)
  await expect(page.getByTestId('stuck-mark')).toHaveCount(0)
  expect(consoleErrors).toEqual([])
})

test('with the sender’s history down, the source leg’s own block on its chain gives the sent time, said so, and the stuck mark', async ({ page, harness, consoleErrors }) => {
  // read at another page size than the view's, so no page the view would read is in the cache
  const stuck = await oldStuck(harness, 50)
  const { baseUrl } = await demoSample(harness)
  await setFault(baseUrl, 'queryHistory', { status: 503 })
  await find(page, harness.url, stuck.hash)

  // the chain's block at the height the service names: within one block of the service's own time
  await expect(page.getByTestId('sent-source')).toHaveText(/^from the source transaction's block \d+ on .+ \(\d+\), asked of the service's RPC http:\/\/127\.0\.0\.1:\d+\//)
  const shown = Date.parse(((await page.getByTestId('sent-at').textContent()) ?? '').replace(' UTC', 'Z').replace(' ', 'T'))
  const service = Date.parse(`${stuck.times.sent}`)
  // (a block holds the moments up to its own time; the demo's slowest chain makes one every 12 s)
  expect(Math.abs(shown - service)).toBeLessThanOrEqual(12_000)
  await expect(page.getByTestId('stuck-mark')).toBeVisible()
  // why the service's history gave nothing, and that the last update is not known
  await expect(page.getByTestId('updated-at')).toHaveText('not known')
  await expect(page.getByTestId('times-notes')).toContainText("the sender's history could not be read")
  await page.screenshot({ path: test.info().outputPath('pasted-hash-chain-time.png') })

  // with chain checks off their RPCs are asked nothing, and the view says which places it asked
  const saved = harness.context.settings.saveProfile({ name: 'Checks off', baseUrl, rpcUrls: [], chainCheck: { enabled: false, rpc: {} } })
  harness.context.settings.activate(saved.profiles.find((p) => p.name === 'Checks off')!.id)
  await page.reload()
  await expect(page.getByTestId('times-unknown')).toContainText('chain checks are off for this profile')
  await expect(page.getByTestId('times-unknown')).toContainText("the sender's history could not be read")
  await expect(page.getByTestId('stuck-mark')).toHaveCount(0)
  await setFault(baseUrl, 'queryHistory', null)
  expect(consoleErrors).toEqual([])
})
