// What a person does with the Transfers table, as the table benches drive it through Chromium: load all,
// type into the filter and delete it again, scroll. Every time is read from the page's own probe
// (table-probe.ts), in performance.now() time, the timeline of event.timeStamp.
import type { CDPSession, Page } from 'playwright-core'
import { median } from './stats'
import type { Probe } from './table-probe'

const LOAD_TIMEOUT = 900_000
const POLL_MS = 30
/** how long a key is held down: a person's key-down to key-up */
const KEY_DOWN_MS = 90

// Page-side code reads the probe through globalThis or as expressions: the Node tsconfig has no DOM types.
export function probe(page: Page): Promise<Probe> {
  return page.evaluate('window.__bench') as Promise<Probe>
}

type Check = { kind: 'loads' | 'keys'; after: number } | { kind: 'painted'; after: number; real: boolean }

/**
 * Waits in the page for the probe to record something. A function, not an expression: waitForFunction
 * evaluates expressions with eval, which the app's CSP refuses. Polled on a timer, not on animation frames:
 * polling on rAF asked the page for a frame 60 times a second while a keystroke was being measured, so the
 * measured work shared the page's thread with frames the app never asked for. (The times themselves are the
 * probe's own, so the poll's period only delays the bench, never a figure.)
 */
function until(page: Page, check: Check, timeout: number): Promise<unknown> {
  return page.waitForFunction(
    (c: Check) => {
      const b = (globalThis as unknown as { __bench: Probe }).__bench
      if (c.kind === 'painted') return b.painted.some((p) => p.started >= c.after && (p.real || !c.real))
      return b[c.kind].length > c.after
    },
    check,
    { timeout, polling: POLL_MS }
  )
}

/** Clicks Load all / Reload all and answers ms from the loadAll answer to the frame painting real rows. */
export async function loadAll(page: Page): Promise<number> {
  const before = (await probe(page)).loads.length
  await page.getByTestId('load-all').click()
  await until(page, { kind: 'loads', after: before }, LOAD_TIMEOUT)
  const at = (await probe(page)).loads[before] as number
  try {
    await until(page, { kind: 'painted', after: at, real: true }, 60_000)
  } catch (error) {
    const seen = await probe(page)
    const summary = await page.getByTestId('history-summary').textContent().catch(() => null)
    throw new Error(`no rows painted after load all (answered at ${at}; rows answers ${JSON.stringify(seen.painted.slice(-3))}; summary "${summary}"): ${(error as Error).message}`)
  }
  const painted = (await probe(page)).painted.find((p) => p.started >= at && p.real)
  if (!painted) throw new Error('no rows were painted after load all')
  return painted.painted - at
}

export interface Keystroke {
  key: string
  /** keydown → the app's update applied to the DOM */
  applied: number
  /** keydown → the animation frame after that (the frame that shows it) */
  painted: number
  /** keydown → the rows request posted; → its answer handed to the app (where the time goes) */
  posted: number
  answered: number
}

/**
 * Types `text` into the filter then deletes it, one key at a time, timing each keystroke.
 *
 * Nothing of the bench's own reaches the page while a keystroke is measured: the key goes down, the bench
 * waits (a timer in this process, no message to the browser) and only then asks the page, once, for that
 * key's times, then lets the key up. Asking at once had the DevTools protocol run a probe read and a poll on
 * the page's main thread in the very milliseconds the answer was due, and a key-up sent straight after the
 * key-down had Chromium bring style and layout up to date in that window too: a person's key is down for
 * ~80–120 ms, and no DevTools protocol is attached to the app.
 */
export async function typeAndClear(page: Page, text: string): Promise<Keystroke[]> {
  const input = page.getByTestId('transfers-filter')
  await input.click()
  const keys = [...text.split(''), ...text.split('').map(() => 'Backspace')]
  const out: Keystroke[] = []
  for (const key of keys) {
    const sent = (await page.evaluate('window.__bench.keys.length')) as number
    await page.keyboard.down(key)
    await new Promise((r) => setTimeout(r, KEY_DOWN_MS))
    const timed = await page.waitForFunction(
      (n: number) => {
        const b = (globalThis as unknown as { __bench: Probe }).__bench
        const t = b.keys[n]
        if (t === undefined) return false
        const p = b.painted.find((x) => x.started >= t)
        return p ? { t, p } : false
      },
      sent,
      { timeout: 60_000, polling: POLL_MS }
    )
    const { t, p } = (await timed.jsonValue()) as { t: number; p: Probe['painted'][number] }
    await page.keyboard.up(key)
    out.push({ key, applied: p.applied - t, painted: p.painted - t, posted: p.started - t, answered: p.at - t })
    // Let the next key start from a quiet page, as a person typing at ~5 keys/s would.
    await page.waitForTimeout(60)
  }
  return out
}

/**
 * Filter texts for `passes` passes: `length` hex digits from the hashes on screen, each pass starting with a digit
 * no earlier pass started with, so no pass is answered from views an earlier one left cached.
 */
export async function filterTexts(page: Page, passes: number, length: number): Promise<string[]> {
  const hashes = await page.locator('[data-testid="transfer-row"] a[title^="0x"]').evaluateAll((els) => els.map((e) => e.getAttribute('title') ?? ''))
  const out: string[] = []
  const used = new Set<string>()
  for (const h of hashes) {
    for (let o = 2; o + length <= h.length && out.length < passes; o += length) {
      const t = h.slice(o, o + length).toLowerCase()
      if (!used.has(t[0] as string)) {
        used.add(t[0] as string)
        out.push(t)
      }
    }
  }
  if (out.length < passes) throw new Error(`only ${out.length} filter texts with distinct first digits on screen`)
  return out
}

/** rAF intervals (frame timestamps) while scrolling the table (or `selector`'s element) by `step` px each frame for `frames` frames. */
export function scrollFrames(page: Page, frames: number, step: number, selector = '[data-testid="transfers-table"]'): Promise<number[]> {
  return page.evaluate(`new Promise((resolve, reject) => {
    const el = document.querySelector(${JSON.stringify(selector)});
    if (!el) return reject(new Error('no table'));
    const deltas = [];
    let last = -1;
    let n = 0;
    const tick = (ts) => {
      if (last >= 0) deltas.push(ts - last);
      last = ts;
      if (++n > ${frames}) return resolve(deltas);
      const next = el.scrollTop + ${step};
      el.scrollTop = next + el.clientHeight >= el.scrollHeight ? 0 : next;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })`) as Promise<number[]>
}

/**
 * Display frames each rAF interval spans. rAF timestamps are vsync times coarsened to 0.1 ms, so an on-time
 * frame at 60 Hz reads 16.6, 16.7 or 16.8 ms: the median interval is one frame, and each interval is counted
 * in whole frames of it (one dropped frame reads 2).
 */
export function framesSpanned(deltas: readonly number[]): { frame: number; spans: number[] } {
  // at the timestamps' 0.1 ms resolution, so float noise from the subtraction does not count as lateness
  const frame = Math.round(median(deltas) * 10) / 10
  return { frame, spans: deltas.map((d) => Math.max(1, Math.round(d / frame))) }
}

/** Frames the display showed again because the page had no new one ready, as a share of all frames shown. */
export function droppedPct(spans: readonly number[]): number {
  const shown = spans.reduce((a, b) => a + b, 0)
  return shown === 0 ? 0 : (100 * (shown - spans.length)) / shown
}

export async function rendererHeapMb(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage')
  const { usedSize } = await cdp.send('Runtime.getHeapUsage')
  return usedSize / (1024 * 1024)
}

/** min–max of the runs, for a detail line */
export function spread(runs: readonly number[], digits = 1): string {
  return `runs ${Math.min(...runs).toFixed(digits)}–${Math.max(...runs).toFixed(digits)}`
}
