// The On chain column at 1280 and 1920 px after Load all, on every dialect the demo speaks: it is drawn (short at
// 1280, where the table scrolls sideways anyway; whole at 1920 where the other columns leave room), no cell of it is cut, and a row's word is the
// word the Transfer view writes for the same transfer — one in flight and one its chain contradicts.
import type { Page } from '@playwright/test'
import { test, expect } from './fixtures'
import { demoSample, expectLoadedAll } from './demo'
import { useDialect } from './dialect-profile'
import { CHAIN_RPC_PREFIX } from '../../src/demo/chain-rpc-path'
import type { Dialect } from '../../src/shared/dialects'
import type { Harness } from '../support/harness'

const DIALECTS: readonly Dialect[] = ['mcs', 'butter', 'mapscan']
const WIDTHS = [1280, 1920] as const

interface CellRead {
  word: string
  outcome: string
  shown: string
  scrollWidth: number
  clientWidth: number
  display: string
}

/** Every On chain cell drawn: its word, what it shows, and whether its text overflows it. */
async function chainCells(page: Page): Promise<CellRead[]> {
  return page.getByTestId('row-chain-check').evaluateAll((cells) =>
    cells.map((c) => {
      const el = c as unknown as { innerText: string; scrollWidth: number; clientWidth: number }
      const view = globalThis as unknown as { getComputedStyle(e: unknown): { display: string } }
      return {
        word: c.getAttribute('data-word') ?? '',
        outcome: c.getAttribute('data-outcome') ?? '',
        shown: el.innerText.trim(),
        scrollWidth: el.scrollWidth,
        clientWidth: el.clientWidth,
        display: view.getComputedStyle(c).display
      }
    })
  )
}

/** Waits until every row in the table's view (not the overscan drawn beyond it) has its chain answer. */
async function answered(page: Page): Promise<void> {
  const grid = page.getByTestId('transfers-table')
  await expect
    .poll(() =>
      grid.evaluate((g) => {
        type Box = { top: number; bottom: number }
        const box = (e: unknown): Box => (e as { getBoundingClientRect(): Box }).getBoundingClientRect()
        const top = box(g.querySelector('.head')).bottom
        const bottom = box(g).top + (g as unknown as { clientHeight: number }).clientHeight
        const inView = [...g.querySelectorAll('[data-testid=transfer-row]')].filter((r) => box(r).bottom > top + 1 && box(r).top < bottom - 1)
        const waiting = inView.filter((r) => r.querySelector('[data-testid=row-chain-check]')?.getAttribute('data-outcome') === 'waiting')
        return inView.length > 5 && waiting.length === 0
      })
    )
    .toBe(true)
}

/** The Transfers table filtered to one transfer; its row's word once checked. */
async function rowWord(page: Page, harness: Harness, hash: string, from: { address: string; chainId: number }): Promise<string> {
  await page.goto(`${harness.url}#/transfers?address=${from.address}&chainId=${from.chainId}`)
  await page.getByTestId('load-all').click()
  await expect(page.getByTestId('history-summary')).toContainText('transfers loaded')
  await page.getByTestId('transfers-filter').fill(hash)
  await expect(page.getByTestId('transfer-row')).toHaveCount(1)
  // This sender's amounts may leave On chain no room at this width (it steps aside then, and its note says to
  // tick it to show it): ticked, as a user who wants it does, so the column is drawn whatever the widths.
  await page.getByTestId('columns-button').click()
  await page.getByTestId('columns-menu').locator('input[data-col=chain]').check()
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('transfers-table').getByRole('columnheader', { name: 'On chain', exact: true })).toBeVisible()
  const cell = page.getByTestId('transfer-row').first().getByTestId('row-chain-check')
  await expect(cell).not.toHaveAttribute('data-outcome', 'waiting')
  return (await cell.getAttribute('data-word')) ?? ''
}

for (const dialect of DIALECTS) {
  test(`On chain is drawn whole at 1280 and 1920 px after Load all, and a row says what its Transfer view says, speaking ${dialect}`, async ({ page, harness, consoleErrors }) => {
    const sample = (await demoSample(harness)) as Awaited<ReturnType<typeof demoSample>> & { disagreeing: { hash: string; lie: string }[] }
    const details = await Promise.all(
      [...sample.txHashes, ...sample.disagreeing.map((d) => d.hash)].map(async (txHash) => (await harness.context.handlers['transfer:get']({ txHash, prefer: 'network' }, { emit: () => undefined })).data)
    )
    // one in flight and one whose source its chain reverted, as our service tells them (every dialect tells the same transfers)
    const pending = details.find((d) => d.state === 0)!
    const reverted = details.find((d) => d.fromHash === sample.disagreeing.find((x) => x.lie === 'reverted')?.hash)!
    expect(pending).toBeDefined()
    expect(reverted).toBeDefined()
    // Bridge Scan names no chain list, so no RPC: its profile has the user's own, the demo chains' (as a user adds them)
    const origin = new URL(sample.baseUrl).origin
    const chainIds = new Set(details.flatMap((d) => [d.fromChainId, d.toChainId, d.relayerChainId].filter((id): id is number => typeof id === 'number' && id > 0)))
    const rpc = Object.fromEntries([...chainIds].map((id) => [String(id), `${origin}${CHAIN_RPC_PREFIX}${id}`]))
    await useDialect(page, harness, dialect, dialect === 'mapscan' ? rpc : {})

    const heavy = sample.addresses[0]!
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 })
      await page.goto(`${harness.url}#/transfers?address=${heavy.address}&chainId=${heavy.chainId}`)
      await page.getByTestId('load-all').click()
      await expectLoadedAll(page, heavy.count)
      await answered(page)
      const grid = page.getByTestId('transfers-table')
      const steps = ((await grid.getAttribute('data-steps')) ?? '').split(' ')
      expect(steps, `${dialect} at ${width}`).not.toContain('chain-aside')
      // at 1280 the short word, where every other column has given way already; at 1920 the whole word where
      // the service's own texts leave room (Bridge Scan's "not provided by this service" in six columns does not)
      const short = steps.includes('chain-short')
      if (width === 1280 || dialect !== 'mapscan') expect(short, `${dialect} at ${width}`).toBe(width === 1280)
      const cells = await chainCells(page)
      expect(cells.length).toBeGreaterThan(5)
      for (const c of cells) {
        expect(c.display, `${dialect} at ${width}: ${c.word}`).not.toBe('none')
        expect(c.scrollWidth, `${dialect} at ${width}: “${c.shown}” cut`).toBeLessThanOrEqual(c.clientWidth)
        if (c.word !== '') expect(c.shown.length).toBeGreaterThan(1)
        if (c.word !== '' && !short) expect(c.shown).toContain(c.word)
      }
      await page.screenshot({ path: test.info().outputPath(`chain-word-${dialect}-${width}.png`) })
    }

    // the row's word is the Transfer view's, for a transfer in flight and one its chain contradicts
    await page.setViewportSize({ width: 1280, height: 800 })
    for (const d of [pending, reverted]) {
      const word = await rowWord(page, harness, d.fromHash, { address: d.from, chainId: d.fromChainId })
      await page.getByTestId('transfer-row').first().click()
      const said = page.getByTestId('check-word')
      await expect(said).toBeVisible()
      await expect(said).toHaveAttribute('data-word', word)
      if (d === pending) expect(word).toMatch(/^Awaits (src|relay|dest)$/)
      else expect(word).toBe('Reverted')
      test.info().annotations.push({ type: 'measured', description: `${dialect}: ${d.fromHash.slice(0, 10)}… reads “${word}” in its row and its view` })
    }
    await page.screenshot({ path: test.info().outputPath(`chain-word-${dialect}-view.png`) })
    expect(consoleErrors).toEqual([])
  })
}
