// The Transfers table's chain-check column: only the rows in view are checked on their chains, once the
// table settles; scrolling back costs nothing; a transfer the demo's chains tell differently reads
// "Disagrees" in its row; with checks off the column says so and nothing is asked; it steps aside only where that
// makes the columns fit, and nothing is asked for it then. Requests are counted
// where main sends them (its fetch), at the demo chains' JSON-RPC.
import type { Page } from '@playwright/test'
import { test as base, expect, iconFetch, startHarness } from './fixtures'
import { demoSample, expectRowsDrawn, expectViewShown } from './demo'

interface Call {
  method?: string
  params?: unknown[]
}

interface ChainAsks {
  /** every eth_getTransactionReceipt main sent a demo chain, by hash (lower case) */
  receipts: string[]
}

const test = base.extend<{ asks: ChainAsks }>({
  // eslint-disable-next-line no-empty-pattern
  asks: async ({}, use) => use({ receipts: [] }),
  harness: async ({ dataDir, asks }, use) => {
    const counting: typeof fetch = async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input))
      if (url.pathname.startsWith('/chain/')) {
        const body = typeof init?.body === 'string' ? init.body : input instanceof Request ? await input.clone().text() : ''
        // a check's reads of one turn go as one JSON-RPC batch: each call in it counts
        const sent = JSON.parse(body || '{}') as Call | Call[]
        for (const call of Array.isArray(sent) ? sent : [sent]) {
          if (call.method === 'eth_getTransactionReceipt') asks.receipts.push(String(call.params?.[0]).toLowerCase())
        }
      }
      return iconFetch(input, init)
    }
    const harness = await startHarness({ dataDir, demo: { transfers: 30_000, rotateEveryMs: null }, fetch: counting })
    await use(harness)
    await harness.close()
  }
})

// wide enough that the column has room for its whole word beside every other (at 1280 px it is short: the last test)
test.use({ viewport: { width: 1920, height: 1000 } })

/** The sent hashes of the rows wholly or partly in the table's view now (not the overscan drawn beyond it). */
async function rowsInView(page: Page): Promise<string[]> {
  return page.getByTestId('transfers-table').evaluate((grid) => {
    const head = grid.querySelector('.head')!.getBoundingClientRect()
    const box = grid.getBoundingClientRect()
    const top = head.bottom
    const bottom = box.top + grid.clientHeight
    return [...grid.querySelectorAll('[data-testid=transfer-row]')]
      .filter((r) => {
        const b = r.getBoundingClientRect()
        return b.bottom > top + 1 && b.top < bottom - 1
      })
      .map((r) => r.querySelector('button[data-copy]')?.getAttribute('data-copy')?.toLowerCase() ?? '')
      .filter((h) => h !== '')
  })
}

/** Scrolls to `top` px and waits until every row in view has its chain answer; returns those rows' hashes. */
async function settleAt(page: Page, top: number): Promise<string[]> {
  await page.getByTestId('transfers-table').evaluate((el, t) => (el.scrollTop = t), top)
  // the rows there, not those of the place before (the scroll is taken at the next frame, their window comes from main)
  await expectRowsDrawn(page)
  const hashes = await rowsInView(page)
  for (const h of hashes) {
    const cell = page.locator(`[data-testid=transfer-row]:has(button[data-copy="${h}" i]) [data-testid=row-chain-check]`).first()
    await expect(cell).not.toHaveAttribute('data-outcome', 'waiting')
  }
  return hashes
}

test('only the rows in view are checked on their chains; scrolling back asks nothing again', async ({ page, harness, asks, consoleErrors }) => {
  const sample = await demoSample(harness)
  const heavy = sample.addresses[0]!
  expect(heavy.count).toBeGreaterThan(2000)
  await page.goto(`${harness.url}#/transfers?address=${heavy.address}&chainId=${heavy.chainId}&size=100`)
  await page.getByTestId('load-all').click()
  await expect(page.getByTestId('history-summary')).toContainText('transfers loaded')
  // its first rows drawn: "0 of N transfers loaded" is said (busy) while they are on their way
  await expectViewShown(page)
  const total = await page.getByTestId('transfer-row').count()
  expect(total).toBeLessThan(60)

  const inView = new Set<string>()
  const add = (hs: string[]): void => hs.forEach((h) => inView.add(h))
  const first = await settleAt(page, 0)
  expect(first.length).toBeGreaterThan(5)
  add(first)
  // a fling through the history: every position passed is recorded as in view (whether or not the table
  // settled there), and the last one is waited for
  const height = await page.getByTestId('transfers-table').evaluate((el) => el.scrollHeight)
  for (const f of [0.1, 0.2, 0.35, 0.5, 0.65]) {
    await page.getByTestId('transfers-table').evaluate((el, t) => (el.scrollTop = t), Math.floor(height * f))
    await expectRowsDrawn(page)
    add(await rowsInView(page))
  }
  add(await settleAt(page, Math.floor(height * 0.8)))

  const sources = new Set(asks.receipts)
  const askedRows = [...sources].filter((h) => inView.has(h))
  // the rows checked are rows that were in view, and the first and last screens were all checked
  for (const h of first) expect(sources.has(h), h).toBe(true)
  expect(askedRows.length).toBeLessThanOrEqual(inView.size)
  // every receipt asked is a row in view's own hash or one of its other legs: never a row out of view
  const loadedRows = await page.getByTestId('transfer-row').count()
  expect(loadedRows).toBeLessThan(60)
  // at most three legs per row in view: a few dozen receipts for thousands of rows
  expect(asks.receipts.length).toBeLessThanOrEqual(3 * inView.size)
  expect(inView.size).toBeLessThan(heavy.count / 10)
  test.info().annotations.push({ type: 'measured', description: `${heavy.count} rows loaded, ${inView.size} were in view, ${sources.size} receipts asked` })

  // back to the top: its answers are still there and no receipt is asked again
  const before = asks.receipts.length
  await page.getByTestId('transfers-table').evaluate((el) => (el.scrollTop = 0))
  for (const h of first) {
    const cell = page.locator(`[data-testid=transfer-row]:has(button[data-copy="${h}" i]) [data-testid=row-chain-check]`).first()
    await expect(cell).not.toHaveAttribute('data-outcome', 'waiting')
  }
  // a fresh screen settles (its answers arrive) after the top was shown again: the top asked nothing meanwhile
  add(await settleAt(page, Math.floor(height * 0.45)))
  const again = asks.receipts.slice(before)
  for (const h of first) expect(again, `asked again for ${h}`).not.toContain(h)
  // each hash asked once in all (the answers are kept for the list's life)
  const counts = new Map<string, number>()
  for (const h of asks.receipts) counts.set(h, (counts.get(h) ?? 0) + 1)
  expect([...counts.values()].every((n) => n === 1)).toBe(true)
  expect(consoleErrors).toEqual([])
})

test('a transfer the demo chains tell differently reads “Disagrees” in its row; checks off ask nothing', async ({ page, harness, asks }) => {
  const sample = (await demoSample(harness)) as Awaited<ReturnType<typeof demoSample>> & { disagreeing: { hash: string; lie: string }[] }
  const paidLess = sample.disagreeing.find((d) => d.lie === 'paid-less')!
  expect(paidLess).toBeDefined()
  const d = (await harness.context.handlers['transfer:get']({ txHash: paidLess.hash, prefer: 'network' }, { emit: () => undefined })).data
  await page.goto(`${harness.url}#/transfers?address=${d.from}&chainId=${d.fromChainId}`)
  await page.getByTestId('load-all').click()
  await expect(page.getByTestId('history-summary')).toContainText('transfers loaded')
  // its first rows drawn: "0 of N transfers loaded" is said (busy) while they are on their way
  await expectViewShown(page)
  // the filter answers at once; the check follows once the one row stays in view
  await page.getByTestId('transfers-filter').fill(d.fromHash)
  await expect(page.getByTestId('transfer-row')).toHaveCount(1)
  const cell = page.getByTestId('transfer-row').first().getByTestId('row-chain-check')
  await expect(cell).toHaveAttribute('data-outcome', 'disagrees')
  await expect(cell).toHaveAttribute('data-word', 'Disagrees')
  await expect(cell).toHaveText('Disagrees', { useInnerText: true })
  await expect(cell).toHaveAttribute('title', /^Disagrees. Destination: Disagrees: amount — service /)
  await page.screenshot({ path: test.info().outputPath('chain-column-disagrees.png') })

  // a profile of the same service with checks off: the column says so and no chain is asked
  const { baseUrl } = sample
  await page.evaluate(async (baseUrl) => {
    const api = (globalThis as unknown as { bridgescope: Record<string, (i: unknown) => Promise<{ value?: { profiles: { id: string; name: string }[] } }>> }).bridgescope
    const saved = await api.profilesSave!({ name: 'Checks off', baseUrl, rpcUrls: [], chainCheck: { enabled: false, rpc: {} } })
    await api.profilesActivate!({ id: saved.value?.profiles.find((p) => p.name === 'Checks off')?.id })
  }, baseUrl)
  await page.reload()
  const before = asks.receipts.length
  await page.goto(`${harness.url}#/transfers?address=${d.from}&chainId=${d.fromChainId}`)
  await expect(page.getByTestId('transfer-row').first()).toBeVisible()
  await expect(page.getByTestId('row-chain-check').first()).toHaveAttribute('data-word', 'Checks off')
  await expect(page.getByTestId('row-chain-check').first()).toHaveAttribute('data-outcome', 'off')
  // the page's rows have been in view all along: had anything been asked it would be counted by now
  await page.getByTestId('load-all').click()
  await expect(page.getByTestId('history-summary')).toContainText('transfers loaded')
  // its first rows drawn: "0 of N transfers loaded" is said (busy) while they are on their way
  await expectViewShown(page)
  await expect(page.getByTestId('row-chain-check').first()).toHaveAttribute('data-word', 'Checks off')
  expect(asks.receipts.length).toBe(before)
})

test('at 1280 px after Load all the column is short, not aside; it steps aside only where that makes the columns fit, and nothing is asked for it there', async ({ page, harness, asks }) => {
  await page.setViewportSize({ width: 1280, height: 820 })
  const heavy = (await demoSample(harness)).addresses[0]!
  await page.goto(`${harness.url}#/transfers?address=${heavy.address}&chainId=${heavy.chainId}&size=100`)
  await page.getByTestId('load-all').click()
  await expect(page.getByTestId('history-summary')).toContainText('transfers loaded')
  // its first rows drawn: "0 of N transfers loaded" is said (busy) while they are on their way
  await expectViewShown(page)
  const grid = page.getByTestId('transfers-table')
  await expect(grid).toHaveAttribute('data-steps', /chain-short/)
  await expect(grid).not.toHaveAttribute('data-steps', /chain-aside/)
  const first = await settleAt(page, 0)
  expect(first.length).toBeGreaterThan(5)

  // a window where the columns fit only without it: the table's columns as drawn, less On chain, plus a pixel
  const room = await grid.evaluate((g) => {
    const chain = g.querySelector('[data-testid=row-chain-check]') as unknown as { getBoundingClientRect(): { width: number } }
    return { total: g.scrollWidth, available: g.clientWidth, chain: chain.getBoundingClientRect().width }
  })
  expect(room.total).toBeGreaterThan(room.available)
  await page.setViewportSize({ width: 1280 + Math.ceil(room.total - room.chain - room.available) + 1, height: 820 })
  await expect(grid).toHaveAttribute('data-steps', /chain-aside/)
  await expect(page.getByTestId('row-chain-check').first()).toBeHidden()
  await page.getByTestId('columns-button').click()
  const menu = page.getByTestId('columns-menu')
  await expect(menu.locator('li', { has: page.locator('input[data-col=chain]') }).getByTestId('stepped-aside')).toBeVisible()
  await expect(menu.getByTestId('fit-note')).toContainText('On chain steps aside')
  await page.keyboard.press('Escape')
  // rows never in view before, brought into view while the column is aside: nothing is asked of their chains
  const height = await grid.evaluate((el) => el.scrollHeight)
  await grid.evaluate((el, t) => (el.scrollTop = t), Math.floor(height * 0.6))
  await expectRowsDrawn(page)
  const later = await rowsInView(page)
  expect(later.filter((h) => first.includes(h))).toEqual([])
  await page.getByTestId('columns-button').click()
  expect(asks.receipts.filter((h) => later.includes(h))).toEqual([])
  // shown again from the menu, its rows in view are checked
  await menu.locator('input[data-col=chain]').check()
  await page.keyboard.press('Escape')
  await settleAt(page, Math.floor(height * 0.6))
  expect(asks.receipts.filter((h) => later.includes(h)).length).toBeGreaterThan(0)
})
