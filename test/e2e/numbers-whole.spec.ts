// Every number whole, at every window size people use: at 1024×700, 1280×800 and 1400×900, light and dark,
// every view with numbers (the Transfers table, paged and loaded and scrolled through, Overview, the Transfer
// view's legs, Tokens, Activity, and the rest of the nav) shows each amount whole and each hash shortened in
// the middle only. A screenshot of every view at every size is saved with the test's results.
import type { Page, TestInfo } from '@playwright/test'
import { test, expect, startHarness } from './fixtures'
import { demoSample, expectLoadedAll, expectRowsDrawn } from './demo'
import { walkViews } from './walk'
import { cutNumbers, toolbarRows, type Cut } from './whole-numbers'

const SIZES = [
  { width: 1024, height: 700 },
  { width: 1280, height: 800 },
  { width: 1400, height: 900 }
] as const

type R<T> = { ok: true; value: T } | { ok: false; error: { message: string } }

/** A screenshot named by theme, size and view, in the test's output folder (test-results/…). */
async function shoot(page: Page, info: TestInfo, name: string): Promise<void> {
  await page.screenshot({ path: info.outputPath(`${name}.png`) })
}

/** Every row of the loaded table, a viewport at a time, each checked once its rows are on screen. */
async function scrollThrough(page: Page, found: Cut[], where: string): Promise<void> {
  const grid = page.getByTestId('transfers-table')
  const { scrollHeight, clientHeight } = await grid.evaluate((el) => ({ scrollHeight: el.scrollHeight, clientHeight: el.clientHeight }))
  for (let top = 0; ; top += clientHeight) {
    await grid.evaluate((el, t) => (el.scrollTop = t), top)
    // the rows of this place, not the place before (the scroll is taken at the next frame)
    await expectRowsDrawn(page)
    await expect(grid.getByText(/^Loading row/)).toHaveCount(0)
    for (const c of await cutNumbers(page)) found.push({ ...c, what: `${where} @${top}: ${c.what}` })
    if (top + clientHeight >= scrollHeight) break
  }
  await grid.evaluate((el) => (el.scrollTop = 0))
}

for (const theme of ['light', 'dark'] as const) {
  test(`every amount whole and every hash cut only in the middle, at 1024×700, 1280×800 and 1400×900 in ${theme}`, async ({ browser, dataDir }) => {
    const harness = await startHarness({ dataDir, demo: { transfers: 2000, rotateEveryMs: null, watchOnFirstRun: true } })
    const context = await browser.newContext({ viewport: SIZES[0], colorScheme: theme })
    const page = await context.newPage()
    const consoleErrors: string[] = []
    page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()))
    try {
      const sample = await demoSample(harness)
      const heavy = sample.addresses[0]!
      await page.goto(`${harness.url}#/overview`)
      await page.getByRole('combobox', { name: 'Theme' }).selectOption(theme)

      // Activity with something in it: a vault rotation the watcher reports (its key, shortened, in the text)
      await expect
        .poll(() =>
          page.evaluate(async () => {
            const r = (await (globalThis as unknown as { bridgescope: { watchStatus(): Promise<R<{ vault: unknown }>> } }).bridgescope.watchStatus()) as R<{ vault: unknown }>
            return r.ok ? r.value.vault !== null : false
          })
        )
        .toBe(true)
      expect((await fetch(`${sample.baseUrl}/__sim/rotate`, { method: 'POST' })).ok).toBe(true)
      await page.evaluate(async () => {
        await (globalThis as unknown as { bridgescope: { watchRecheck(i: unknown): Promise<unknown> } }).bridgescope.watchRecheck({})
      })

      const found: Cut[] = []
      const check = async (where: string): Promise<void> => {
        for (const c of await cutNumbers(page)) found.push({ ...c, what: `${where}: ${c.what}` })
      }

      for (const size of SIZES) {
        const at = `${theme} ${size.width}×${size.height}`
        await page.setViewportSize(size)

        // Transfers, a page from the service
        await page.goto(`${harness.url}#/transfers?address=${heavy.address}&chainId=${heavy.chainId}`)
        // the view keeps the history loaded at the size before: back to the service's pages first (read once the
        // view is the transfers' own, not the view before, which the goto may not have left yet)
        const summary = page.getByTestId('history-summary')
        await expect(summary).toHaveText(/Page 1 of|transfers (loaded|match)/)
        if (/transfers (loaded|match)/.test((await summary.textContent()) ?? '')) await page.getByRole('button', { name: 'Back to pages' }).click()
        await expect(summary).toContainText('Page 1 of')
        await expect(page.getByTestId('transfer-row').first()).not.toContainText('Loading row')
        await check(`${at} Transfers (page)`)
        await shoot(page, test.info(), `${theme}-${size.width}x${size.height}-transfers-page`)

        // Transfers, the whole history loaded, scrolled through from the first row to the last
        await page.getByTestId('load-all').click()
        await expectLoadedAll(page, heavy.count)
        await expect(page.getByTestId('transfer-row').first()).not.toContainText('Loading row')
        await shoot(page, test.info(), `${theme}-${size.width}x${size.height}-transfers-loaded`)
        await scrollThrough(page, found, `${at} Transfers (loaded)`)

        // the toolbar: one row of controls at 1400 px, two at 1024 (at 1280 between the two)
        const rows = await toolbarRows(page, 'transfers-toolbar')
        if (size.width === 1400) expect(rows, at).toBe(1)
        else expect(rows, at).toBeLessThanOrEqual(2)

        // where the columns need more than the table has, it scrolls sideways with the time column pinned
        const grid = page.getByTestId('transfers-table')
        const wide = await grid.evaluate((el) => el.scrollWidth > el.clientWidth)
        if (wide) {
          const time = grid.getByTestId('transfer-row').first().locator('[data-col=time]')
          const before = (await time.boundingBox())!
          await grid.evaluate((el) => (el.scrollLeft = el.scrollWidth))
          await expect.poll(async () => (await grid.getByTestId('transfer-row').first().locator('[data-col=hashes]').boundingBox())!.x).toBeLessThan(
            (await grid.boundingBox())!.x + (await grid.boundingBox())!.width
          )
          expect((await time.boundingBox())!.x).toBeCloseTo(before.x, 0)
          await check(`${at} Transfers (scrolled sideways)`)
          await shoot(page, test.info(), `${theme}-${size.width}x${size.height}-transfers-scrolled`)
          await grid.evaluate((el) => (el.scrollLeft = 0))
        }

        // every view of the nav, with its data
        await walkViews(page, async (label) => {
          await check(`${at} ${label}`)
          await shoot(page, test.info(), `${theme}-${size.width}x${size.height}-${label.toLowerCase()}`)
        })

        // the transfer with the longest amounts of the sample, its summary and legs
        await page.goto(`${harness.url}#/transfer?hash=${sample.txHashes[0]}`)
        await expect(page.getByTestId('leg').first()).toBeVisible()
        await check(`${at} Transfer`)

        // Activity shows the rotation, the key shortened in the middle only, whole in its tooltip
        await page.goto(`${harness.url}#/activity`)
        await expect(page.getByTestId('activity-entry').first()).toBeVisible()
        await expect(page.getByTestId('activity-entry').first().locator('[data-hash]').first()).toHaveAttribute('title', /^0x[0-9a-f]{20,}$/)
        await check(`${at} Activity`)
      }
      expect(found).toEqual([])
      expect(consoleErrors).toEqual([])
    } finally {
      await context.close()
      await harness.close()
    }
  })
}
