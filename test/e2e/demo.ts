// Helpers for the dashboard e2e specs: what the demo network offers (/__sim/sample) and its fault switch.
import { expect, type Page } from '@playwright/test'
import type { Harness } from '../support/harness'

export interface Sample {
  baseUrl: string
  addresses: { address: string; chainId: number; count: number }[]
  txHashes: string[]
}

export async function demoSample(harness: Harness): Promise<Sample> {
  const { baseUrl } = await harness.context.endpoints.demoUrls()
  const body = (await (await fetch(new URL('/__sim/sample', baseUrl))).json()) as Omit<Sample, 'baseUrl'>
  return { baseUrl, ...body }
}

export async function setFault(baseUrl: string, op: string, spec: Record<string, unknown> | null): Promise<void> {
  const res = await fetch(new URL('/__sim/faults', baseUrl), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ op, spec })
  })
  if (!res.ok) throw new Error(`fault switch: ${res.status} ${await res.text()}`)
}

/**
 * The number in a "N transfers" or "N of M transfers loaded" text. The demo network moves: its busiest address
 * gains a transfer with every request for its history, so a count read before is a lower bound, not the count.
 */
export function countIn(text: string | null, which: 'first' | 'last' = 'first'): number {
  const numbers = [...(text ?? '').matchAll(/(\d[\d,]*)/g)].map((m) => Number(m[1]!.replace(/,/g, '')))
  return (which === 'first' ? numbers[0] : numbers.at(-1)) ?? NaN
}

/**
 * Waits until a loaded history shows every row loaded: "N of N transfers loaded" with N at least `atLeast`
 * (the count a sample saw before; the busiest address gains transfers as it is read).
 */
export async function expectLoadedAll(page: Page, atLeast: number): Promise<number> {
  // "Reload all" keeps the last load's rows and summary on screen (its Cancel beside them) until it is done: a
  // summary read meanwhile is the last load's
  await expect(page.getByTestId('cancel-load')).toHaveCount(0)
  const summary = page.getByTestId('history-summary')
  let loaded = 0
  await expect
    .poll(async () => {
      const m = /^([\d,]+) of ([\d,]+) transfers loaded$/.exec(((await summary.textContent()) ?? '').trim())
      if (!m || m[1] !== m[2]) return -1
      loaded = Number(m[1]!.replace(/,/g, ''))
      return loaded
    })
    .toBeGreaterThanOrEqual(atLeast)
  return loaded
}

/**
 * After a sort or filter change, the view's own rows and count are shown: main's answer to it has arrived (the
 * summary stops saying it is busy). Until then the summary and the rows are the view before the change's.
 */
export async function expectViewShown(page: Page): Promise<void> {
  await expect(page.getByTestId('history-summary')).not.toHaveAttribute('aria-busy', 'true')
}

/**
 * After the transfers table is scrolled: the rows in its view are drawn. The browser takes a scroll at its next
 * frame, and the rows of a place not held come from main after that; until then the rows in the DOM are those of
 * the place before (above or below the view now) or placeholders ("Loading row…"). Drawn: the view is covered,
 * from the header down to its bottom (or the list's last row), by rows that each have their transfer.
 */
export async function expectRowsDrawn(page: Page): Promise<void> {
  const grid = page.getByTestId('transfers-table')
  await expect
    .poll(() =>
      grid.evaluate((g) => {
        const top = g.querySelector('.head')!.getBoundingClientRect().bottom
        const bottom = g.getBoundingClientRect().top + g.clientHeight
        const last = Number(g.getAttribute('aria-rowcount')) - 2
        const rows = [...g.querySelectorAll('[data-testid=transfer-row]')]
          .map((r) => ({ box: r.getBoundingClientRect(), index: Number(r.getAttribute('data-index')), drawn: r.querySelector('button[data-copy]') !== null }))
          .filter(({ box }) => box.bottom > top + 1 && box.top < bottom - 1)
          .sort((a, b) => a.box.top - b.box.top)
        if (rows.length === 0 || rows.some((r) => !r.drawn)) return false
        let reach = top
        for (const r of rows) {
          if (r.box.top > reach + 1) return false
          reach = r.box.bottom
        }
        return reach >= bottom - 1 || rows[rows.length - 1]!.index === last
      })
    )
    .toBe(true)
}
