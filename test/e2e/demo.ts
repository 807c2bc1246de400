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
