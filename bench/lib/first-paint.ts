// First paints of a new page and their reference: navigation start → the frame that paints the first row the
// page is waited for by, reported on the page's console by a probe installed before any of the page's
// scripts. The reference is the least a page built as the app's costs in this browser at this moment: a
// minimal Svelte page (bench/reference) whose module script asks this process for the same number of rows over
// the loopback and draws them, measured by the same probe in the same browser context, interleaved run by run
// with the app's page. It was a static page without script until a busy machine showed that one barely slows
// (128 ms busy, 131 ms quiet, while the app's first paint moved 1.5 ×): the app's first paint is mostly
// script and a round trip, and so is this reference.
import { join } from 'node:path'
import type { BrowserContext, Page } from 'playwright-core'
import { referenceRows } from '../reference/row'
import { startPageServer } from './page-server'
import { alternating, leastOfGroups } from './stats'

/**
 * Runs before the page's scripts: the first element matching `selector` inserted, then the frame that paints
 * it, told on the console with how many such elements that frame shows. Not read with waitForFunction: that
 * injects Playwright's own script into the page (16-20 ms of parsing on its main thread in a trace) as soon as
 * the load event has fired, which the app's start-up reaches before its first row — the measurement would
 * count Playwright's start-up, not the app's.
 */
export function paintProbe(marker: string, selector: string): string {
  return `(() => {
  let inserted = false;
  const obs = new MutationObserver(() => {
    if (inserted || !document.querySelector(${JSON.stringify(selector)})) return;
    inserted = true;
    obs.disconnect();
    requestAnimationFrame(() => console.debug(${JSON.stringify(marker)} + performance.now() + ' ' + document.querySelectorAll(${JSON.stringify(selector)}).length));
  });
  obs.observe(document, { childList: true, subtree: true });
})();`
}

export interface Painted {
  /** navigation start → the frame painting the first row, ms */
  ms: number
  /** rows on screen in that frame */
  rows: number
}

/** The painted time and row count the probe reports on the page's console. */
export function paintedOnConsole(page: Page, marker: string, timeoutMs: number): Promise<Painted> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no row painted within ${timeoutMs / 1000} s`)), timeoutMs)
    page.on('console', (m) => {
      const text = m.text()
      if (!text.startsWith(marker)) return
      clearTimeout(timer)
      const [ms, rows] = text.slice(marker.length).split(' ').map(Number)
      resolve({ ms: ms as number, rows: rows as number })
    })
  })
}

/** Opens `url` in a new page of the context and answers its first paint (the probe must be in the context). */
export async function paintOnce(context: BrowserContext, url: string, marker: string): Promise<Painted> {
  const page = await context.newPage()
  try {
    const at = paintedOnConsole(page, marker, 30_000)
    await page.goto(url)
    return await at
  } finally {
    await page.close()
  }
}

export interface ReferenceServer {
  /** the URL of the reference page drawing `rows` rows, each carrying data-testid=`testid` */
  url(rows: number, testid: string): string
  close(): Promise<void>
}

/** Serves the reference page (out/bench-reference, built by scripts/bench.js) and its rows at /rows.json. */
export async function startReferenceServer(root: string): Promise<ReferenceServer> {
  const server = await startPageServer(join(root, 'out', 'bench-reference'), (u) =>
    JSON.stringify(referenceRows(Math.max(1, Math.min(100_000, Number(u.searchParams.get('rows') ?? 1) || 1))))
  )
  return {
    url: (rows, testid) => `${server.origin}/index.html?rows=${rows}&testid=${encodeURIComponent(testid)}`,
    close: () => server.close()
  }
}

/**
 * How many first paints of each page a figure takes: warm-ups unmeasured, then runs, each the least of `tries`
 * interleaved paints a page. Single paints of the minimal page scattered of themselves, whatever their number
 * (130–261 ms in one quiet run, against 501–672 ms for the Tokens view; eleven runs read its spread at 33 % and
 * 37 %, a quick round of seven at 40 % and 74 %): a page start's delays (the new page's renderer, the browser's
 * own tasks) only ever add to a paint, and a few tens of milliseconds of them are most of the minimal page's
 * time. The least of two is each page's paint with fewer of them, and the two pages' tries interleave.
 */
export function paintCounts(ctx: { tiny: boolean; quick: boolean }): { warmup: number; runs: number; tries: number } {
  return { warmup: ctx.tiny ? 1 : 2, runs: ctx.tiny ? 2 : ctx.quick ? 5 : 11, tries: ctx.tiny ? 1 : 2 }
}

/**
 * `runs` first paints of the app's page, each the least of `tries` paints, beside as many of the reference page
 * with as many rows as the app's page showed in its last paint; each pair alternates which goes first, after
 * `warmup` pairs unmeasured.
 */
export async function paintsBesideReference(
  root: string,
  context: BrowserContext,
  appUrl: string,
  marker: string,
  testid: string,
  counts: { warmup: number; runs: number; tries: number }
): Promise<{ app: number[]; reference: number[]; rows: number }> {
  const server = await startReferenceServer(root)
  try {
    let rows = 1
    const measureApp = async (): Promise<number> => {
      const p = await paintOnce(context, appUrl, marker)
      rows = p.rows
      return p.ms
    }
    const measureRef = async (): Promise<number> => (await paintOnce(context, server.url(rows, testid), marker)).ms
    const pairs = leastOfGroups(await alternating(measureApp, measureRef, counts.warmup, counts.runs * counts.tries), counts.tries, (ms) => ms)
    return { app: pairs.map(([a]) => a), reference: pairs.map(([, r]) => r), rows }
  } finally {
    await server.close()
  }
}
