// What both peer pages share: the rows (the same transfers our table loads, served by the bench over the
// loopback as columns), the filter box, and a probe timing what the bench times in our table: rows handed to
// the table → the frame that paints its first rows, and keydown in the filter → the frame after the grid's last
// DOM change for that key. Bench-only: these pages and their libraries never reach the app.

/** One transfer as the peer tables show it: the columns our table shows, and the texts our filter searches. */
export interface PeerRow {
  time: string
  route: string
  token: string
  amount: string
  state: number
  hash: string
  transferinHash: string
  from: string
  to: string
}

/** The columns the bench serves (addresses and chains as indexes into their lists: most rows share a few). */
interface Columns {
  n: number
  time: string[]
  chains: string[]
  fromChain: number[]
  toChain: number[]
  symbols: string[]
  token: number[]
  amount: string[]
  state: number[]
  hash: string[]
  transferinHash: string[]
  addresses: string[]
  from: number[]
  to: number[]
}

export async function loadRows(): Promise<PeerRow[]> {
  const c = (await (await fetch('/rows.json')).json()) as Columns
  const rows: PeerRow[] = new Array(c.n)
  for (let i = 0; i < c.n; i++) {
    rows[i] = {
      time: c.time[i] as string,
      route: `${c.chains[c.fromChain[i] as number]} → ${c.chains[c.toChain[i] as number]}`,
      token: c.symbols[c.token[i] as number] as string,
      amount: c.amount[i] as string,
      state: c.state[i] as number,
      hash: c.hash[i] as string,
      transferinHash: c.transferinHash[i] as string,
      from: c.addresses[c.from[i] as number] as string,
      to: c.addresses[c.to[i] as number] as string
    }
  }
  return rows
}

export const SEARCHED: readonly (keyof PeerRow)[] = ['hash', 'transferinHash', 'from', 'to', 'token']

interface KeyTime {
  t: number
  painted: number
}

/**
 * Waits for the grid's DOM changes after `since` to stop and answers the start of the first animation frame
 * after the last one (the frame that shows them). A grid may render on a later frame than the one after the
 * event (AG Grid renders rows in animation frames), so this follows frames until two pass with no change.
 */
function paintedAfterChanges(root: Element, since: number): Promise<number> {
  return new Promise((resolve) => {
    let last = NaN
    const obs = new MutationObserver(() => {
      last = performance.now()
    })
    obs.observe(root, { subtree: true, childList: true, characterData: true, attributes: true })
    let quiet = 0
    let painted = NaN
    const tick = (): void => {
      const now = performance.now()
      if (!Number.isNaN(last) && Number.isNaN(painted) && now > last) painted = now
      if (!Number.isNaN(painted) && now - last > 0) quiet += 1
      if (!Number.isNaN(last) && last > painted) {
        painted = NaN
        quiet = 0
      }
      if (quiet >= 2 || now - since > 30_000) {
        obs.disconnect()
        resolve(Number.isNaN(painted) ? now : painted)
        return
      }
      requestAnimationFrame(tick)
    }
    requestAnimationFrame(tick)
  })
}

export interface Peer {
  /** hands the rows to a new table and resolves once it painted rows: ms from handing them over */
  mount(rows: PeerRow[]): Promise<number>
  /** the table's DOM root, watched for changes */
  root(): Element
  /** rows on screen now */
  rowsOnScreen(): number
  /** filters by the text, as the filter box's input event does */
  filter(text: string): void
  destroy(): void
}

/** The page's side of the bench: window.__peer, read by bench/peers.ts through the DevTools protocol. */
export function expose(peer: Peer): void {
  const keys: KeyTime[] = []
  let rows: PeerRow[] = []
  const input = document.querySelector<HTMLInputElement>('[data-testid="peer-filter"]')
  if (!input) throw new Error('no filter box')
  input.addEventListener('input', () => peer.filter(input.value))
  input.addEventListener(
    'keydown',
    (e) => {
      const t = e.timeStamp
      void paintedAfterChanges(peer.root(), t).then((painted) => keys.push({ t, painted: painted - t }))
    },
    true
  )
  const api = {
    keys,
    ready: loadRows().then((r) => {
      rows = r
      return r.length
    }),
    async mount(): Promise<number> {
      peer.destroy()
      input.value = ''
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))
      return peer.mount(rows)
    },
    rowsOnScreen: () => peer.rowsOnScreen()
  }
  Object.defineProperty(window, '__peer', { value: api })
}

/** Resolves at the start of the first frame after `check` holds, polled each frame; ms since `t0`. */
export function paintedWhen(check: () => boolean, t0: number): Promise<number> {
  return new Promise((resolve) => {
    const tick = (): void => {
      if (check()) requestAnimationFrame(() => resolve(performance.now() - t0))
      else requestAnimationFrame(tick)
    }
    tick()
  })
}
