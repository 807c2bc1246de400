// First paints of a new page and their reference: navigation start → the frame that paints the first row the
// page is waited for by, reported on the page's console by a probe installed before any of the page's
// scripts. The reference is the least a page costs in this browser at this moment: a minimal static page with
// the same number of rows, served from this process over the loopback, measured by the same probe in the
// same browser context, interleaved run by run with the app's page.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { BrowserContext, Page } from 'playwright-core'

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

/** A row of the static page: a few cells of plain text, as a table row of the app carries. */
function staticRow(i: number, testid: string): string {
  return `<div class="r" data-testid="${testid}"><span>${i}</span><span>row ${i}</span><span>0x${(i * 2654435761).toString(16).padStart(8, '0')}</span><span>${(i * 17) % 1000}.00</span></div>`
}

/** The reference page: `rows` rows, no script, no stylesheet but a line of CSS. */
export function staticPage(rows: number, testid: string): string {
  const body = Array.from({ length: rows }, (_, i) => staticRow(i, testid)).join('')
  return `<!doctype html><html><head><meta charset="utf-8"><title>static</title><style>.r{display:flex;gap:8px;font:13px sans-serif;height:24px}</style></head><body>${body}</body></html>`
}

export interface StaticServer {
  /** the URL of a static page of `rows` rows, each carrying data-testid=`testid` */
  url(rows: number, testid: string): string
  close(): Promise<void>
}

export async function startStaticServer(): Promise<StaticServer> {
  const server: Server = createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://127.0.0.1')
    const rows = Math.max(1, Math.min(100_000, Number(u.searchParams.get('rows') ?? 1) || 1))
    const testid = (u.searchParams.get('testid') ?? 'row').replace(/[^\w-]/g, '')
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
    res.end(staticPage(rows, testid))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: (rows, testid) => `http://127.0.0.1:${port}/?rows=${rows}&testid=${encodeURIComponent(testid)}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve()))
  }
}

/**
 * `runs` first paints of the app's page, each beside a first paint of the static page with as many rows as
 * the app's page showed in its last run, alternating which goes first, after `warmup` of each.
 */
export async function paintsBesideStatic(
  context: BrowserContext,
  appUrl: string,
  marker: string,
  testid: string,
  warmup: number,
  runs: number
): Promise<{ app: number[]; reference: number[]; rows: number }> {
  const server = await startStaticServer()
  try {
    let rows = 1
    const app: number[] = []
    const reference: number[] = []
    for (let i = 0; i < warmup + runs; i++) {
      const measureApp = async (): Promise<number> => {
        const p = await paintOnce(context, appUrl, marker)
        rows = p.rows
        return p.ms
      }
      const measureRef = async (): Promise<number> => (await paintOnce(context, server.url(rows, testid), marker)).ms
      let a: number
      let r: number
      if (i % 2 === 0) {
        a = await measureApp()
        r = await measureRef()
      } else {
        r = await measureRef()
        a = await measureApp()
      }
      if (i >= warmup) {
        app.push(a)
        reference.push(r)
      }
    }
    return { app, reference, rows }
  } finally {
    await server.close()
  }
}
