// The peer tables measured as ours is, in the same browser, on the same rows, with the same filter texts:
// rows handed to a new table → the frame that paints its first rows; keydown in the filter → the frame after
// the grid's last DOM change for it (p95 of a pass that types the text and deletes it); display frames while
// scrolled 120 px a frame; the page's JS heap after a forced GC.
import type { BrowserContext, Page } from 'playwright-core'
import { percentile } from './stats'
import type { PeerServer } from './peer-pages'
import { framesSpanned, rendererHeapMb, scrollFrames } from './table-steps'

const KEY_DOWN_MS = 90
const POLL_MS = 30

export interface TableRun {
  firstRows: number[]
  filterP95: number[]
  /** display frames shown per frame drawn, per scroll run */
  shownPerDrawn: number[]
  /** the longest frame of each scroll run, in display frames */
  longest: number[]
  heapMb: number
}

async function typeAndClearPeer(page: Page, text: string): Promise<number[]> {
  await page.getByTestId('peer-filter').click()
  const keys = [...text.split(''), ...text.split('').map(() => 'Backspace')]
  const out: number[] = []
  for (const key of keys) {
    const sent = (await page.evaluate('window.__peer.keys.length')) as number
    await page.keyboard.down(key)
    await new Promise((r) => setTimeout(r, KEY_DOWN_MS))
    const timed = await page.waitForFunction(
      (n: number) =>
        (globalThis as unknown as { __peer: { keys: { painted: number }[] } }).__peer.keys[n]?.painted ??
        false,
      sent,
      { timeout: 120_000, polling: POLL_MS }
    )
    out.push((await timed.jsonValue()) as number)
    await page.keyboard.up(key)
    await page.waitForTimeout(60)
  }
  return out
}

/** Display frames shown per frame drawn (1 = none dropped). */
export function shownPerFrame(spans: readonly number[]): number {
  return spans.length ? spans.reduce((a, b) => a + b, 0) / spans.length : 1
}

export const PEERS = {
  aggrid: { label: 'AG Grid Community', scroller: '.ag-grid-viewport' },
  tanstack: { label: 'TanStack Table + Virtual', scroller: '#grid' }
} as const
export type PeerName = keyof typeof PEERS

export interface OpenPeer {
  name: PeerName
  page: Page
}

/** Opens a peer's page, hands it the rows once and warms it up: a mount, a filter pass, a scroll. */
export async function openPeer(
  context: BrowserContext,
  server: PeerServer,
  name: PeerName,
  warmText: string,
  log: (m: string) => void
): Promise<OpenPeer> {
  const page = await context.newPage()
  try {
    await page.goto(server.url(name))
    const n = (await page.evaluate('window.__peer.ready')) as number
    const cold = (await page.evaluate('window.__peer.mount()')) as number
    log(`${name}: ${n} rows, cold first rows ${cold.toFixed(1)} ms`)
    await typeAndClearPeer(page, warmText)
    // the element scrolled must be the one that scrolls the rows, or the scroll figure would measure nothing
    const scrolls = await page.evaluate(
      `(() => { const el = document.querySelector(${JSON.stringify(PEERS[name].scroller)}); return !!el && el.scrollHeight > 2 * el.clientHeight })()`
    )
    if (!scrolls) throw new Error(`${name}: ${PEERS[name].scroller} does not scroll the rows`)
    await scrollFrames(page, 60, 120, PEERS[name].scroller)
    return { name, page }
  } catch (error) {
    await page.close()
    throw error
  }
}

/** One round of a peer, as ours has in the same round: a new table's first rows, a filter pass, a scroll run. */
export async function peerRound(
  peer: OpenPeer,
  text: string,
  run: TableRun,
  log: (m: string) => void
): Promise<void> {
  const { page, name } = peer
  await page.bringToFront()
  const first = (await page.evaluate('window.__peer.mount()')) as number
  const keys = await typeAndClearPeer(page, text)
  const frames = framesSpanned(await scrollFrames(page, 180, 120, PEERS[name].scroller))
  run.firstRows.push(first)
  run.filterP95.push(percentile(keys, 95))
  run.shownPerDrawn.push(shownPerFrame(frames.spans))
  run.longest.push(Math.max(...frames.spans))
  log(
    `${name}: first rows ${first.toFixed(1)} ms, filter p95 ${percentile(keys, 95).toFixed(1)} ms (keys ${keys.map((k) => k.toFixed(0)).join(' ')}), scroll ${shownPerFrame(frames.spans).toFixed(3)} shown/drawn, longest ${Math.max(...frames.spans)} frames`
  )
}

export async function peerHeapMb(peer: OpenPeer): Promise<number> {
  const cdp = await peer.page.context().newCDPSession(peer.page)
  try {
    return await rendererHeapMb(cdp)
  } finally {
    await cdp.detach()
  }
}

export function emptyRun(): TableRun {
  return { firstRows: [], filterP95: [], shownPerDrawn: [], longest: [], heapMb: NaN }
}
