// References measured inside the very page under test, so the load on the machine at that moment falls on the
// figure and its reference alike: the loaded history's first rows asked of main and set as a copy of the
// table's own elements for them, captured once (the least a first paint of those rows costs where they live
// in main, without the app's code), a key handler that asks main for the rows in view and draws them (the
// least a keystroke costs there), and a plain virtual list of static rows scrolled as the table is. Cheaper references did not carry the load: with two busy loops on both cores, static rows
// set in the page went 15.2 → 12.2 ms and a handler that asked main app:info 26.5 → 26.4 ms (a handler that
// only changed a text node, 5.8 → 5.5 ms), where the table's first rows went 80.7 → 124.6 ms and its
// keystroke 42.4 → 55.1 ms: waiting and a little work, which a busy core barely stretches. Rows asked of main
// and drawn plain (five text cells a row) did not carry it either: 23.1 → 20.0 ms where the table's first rows
// went 86.4 → 111.4, for the table mounts ~40 elements a row with its grid's styles. Nor, yet, does the copy
// of the table: 46.4 → 33.8 ms where the table went 101.8 → 164.7 (docs/performance.md, after midnight): its
// one round trip and one frame are a few milliseconds of work, where the table's first rows take several
// tasks and frames, each of which waits on a busy machine. The kit is added to the
// page's DOM through the DevTools protocol (the app's CSP refuses inline scripts, not evaluation) and is hidden
// while the app is measured, so it costs the app's own frames nothing.
import type { Page } from 'playwright-core'
import { percentile } from './stats'
import { scrollFrames } from './table-steps'

const KEY_DOWN_MS = 90
const POLL_MS = 30

const KIT = `(() => {
  if (window.__ref) return;
  const box = document.createElement('div');
  box.id = '__bench_ref';
  box.style.cssText = 'position:fixed;right:0;bottom:0;width:420px;height:660px;z-index:2147483647;background:#fff;color:#000;font:13px sans-serif;display:none;overflow:hidden';
  const input = document.createElement('input');
  input.autocomplete = 'off';
  input.spellcheck = false;
  const out = document.createElement('span');
  out.textContent = '-';
  const rows = document.createElement('div');
  const scroller = document.createElement('div');
  scroller.id = '__bench_ref_scroller';
  scroller.style.cssText = 'height:560px;overflow:auto;position:relative';
  // a virtual list as plain as one can be: a spacer as tall as every row, and the rows in view (plus a few)
  // drawn again on each scroll event
  const spacer = document.createElement('div');
  const block = document.createElement('div');
  block.style.cssText = 'position:absolute;left:0;right:0;top:0';
  let total = 0;
  const drawWindow = () => {
    const first = Math.floor(scroller.scrollTop / 24);
    const end = Math.min(total, first + Math.ceil(scroller.clientHeight / 24) + 10);
    let html = '';
    for (let i = first; i < end; i++) html += row(i);
    block.style.transform = 'translateY(' + first * 24 + 'px)';
    block.innerHTML = html;
  };
  scroller.addEventListener('scroll', drawWindow);
  box.append(input, out, rows, scroller);
  document.body.append(box);
  // the table's own first rows as a copy of its DOM (captureTable), laid over the table where it stands, at its
  // size. A clone, not markup: HTML set by innerHTML loses its style attributes under the app's CSP (no
  // 'unsafe-inline' styles), and the table's widths and row positions are inline styles
  const holder = document.createElement('div');
  holder.id = '__bench_ref_table';
  holder.style.cssText = 'position:fixed;z-index:2147483647;display:none;overflow:hidden;background:#fff';
  document.body.append(holder);
  let tableCopy = null;
  const row = (i) => '<div style="display:flex;gap:8px;height:24px"><span>' + i + '</span><span>row ' + i + '</span><span>0x' + (i * 2654435761).toString(16) + '</span><span>' + ((i * 17) % 1000) + '.00</span></div>';
  const esc = (v) => String(v == null ? '' : v).replace(/[&<]/g, (c) => (c === '&' ? '&amp;' : '&lt;'));
  // a row of the loaded history as plainly as it can be drawn: the cells the table shows most of, as text
  const mainRow = (r) => '<div style="display:flex;gap:8px;height:24px;white-space:nowrap"><span>' + esc(r.timestamp) + '</span><span>' + esc(r.hash) + '</span><span>' + esc(r.fromChainObject && r.fromChainObject.chainName) + ' → ' + esc(r.toChainObject && r.toChainObject.chainName) + '</span><span>' + esc(r.amount) + ' ' + esc(r.tokenObject && r.tokenObject.symbol) + '</span><span>' + esc(r.state) + '</span></div>';
  // the first n rows of the loaded history, asked of main over the app's bridge as the table asks them
  // (history:rows, no sort, no filter); the table probe does not time these (__ref.busy)
  const askRows = async (n) => {
    const id = window.__bench && window.__bench.datasetId;
    if (!id) throw new Error('no loaded history to ask rows of: no history:loadAll answer was seen');
    window.__ref.busy = true;
    try {
      const res = await window.bridgescope.historyRows({ datasetId: id, offset: 0, limit: n });
      if (!res.ok) throw new Error('history:rows refused the reference: ' + JSON.stringify(res.error));
      return res.value.rows;
    } finally {
      window.__ref.busy = false;
    }
  };
  const keys = [];
  let count = 0;
  input.addEventListener('keydown', (e) => {
    const t = e.timeStamp;
    const apply = (list) => {
      let applied = NaN;
      const obs = new MutationObserver(() => { applied = performance.now(); });
      obs.observe(box, { childList: true, characterData: true, subtree: true });
      if (list) {
        let html = '';
        for (const r of list) html += mainRow(r);
        rows.innerHTML = html;
      }
      out.textContent = e.key + ' ' + (++count);
      requestAnimationFrame(() => {
        obs.disconnect();
        keys.push({ t, applied: (Number.isNaN(applied) ? performance.now() : applied) - t, painted: performance.now() - t });
      });
    };
    // asking main first: the least a keystroke costs where the rows live in main (the rows in view asked of
    // main and drawn)
    if (window.__ref.ask > 0) askRows(window.__ref.ask).then(apply, () => apply(null));
    else apply(null);
  });
  window.__ref = {
    keys,
    ask: 0,
    busy: false,
    show() { box.style.display = 'block'; },
    /** the first paint's reference shows the holder of the captured table, not the box */
    showPaint() { holder.style.display = 'block'; },
    hide() { box.style.display = 'none'; rows.innerHTML = ''; holder.style.display = 'none'; holder.replaceChildren(); },
    /**
     * Keeps a copy of the Transfers table as it is painted now (its header and the rows in view), without the
     * test ids and element ids the app and its probe look for, and places the holder over the table at its
     * size. Answers how many rows the copy holds.
     */
    captureTable() {
      const table = document.querySelector('[data-testid="transfers-table"]');
      if (!table) throw new Error('no Transfers table on the page to capture');
      const copy = table.cloneNode(true);
      for (const el of [copy, ...copy.querySelectorAll('[data-testid], [id], [aria-activedescendant]')]) {
        el.removeAttribute('data-testid');
        el.removeAttribute('id');
        el.removeAttribute('aria-activedescendant');
      }
      const at = table.getBoundingClientRect();
      holder.style.left = at.left + 'px';
      holder.style.top = at.top + 'px';
      holder.style.width = at.width + 'px';
      holder.style.height = at.height + 'px';
      tableCopy = copy;
      return copy.querySelectorAll('[role="row"][aria-rowindex]').length - 1;
    },
    /**
     * start → the frame that paints the loaded history's first n rows, asked of main: a clone of the captured
     * table set in the page (the elements the table itself painted for these very rows)
     */
    async paintRows(n) {
      if (!tableCopy) throw new Error('no Transfers table captured for the first-paint reference: captureTable first');
      const t0 = performance.now();
      const list = await askRows(n);
      if (list.length === 0) throw new Error('main answered no rows for the reference to paint');
      holder.replaceChildren(tableCopy.cloneNode(true));
      return new Promise((resolve) => requestAnimationFrame(() => resolve(performance.now() - t0)));
    },
    fillScroller(n) {
      total = n;
      spacer.style.height = n * 24 + 'px';
      scroller.scrollTop = 0;
      scroller.replaceChildren(spacer, block);
      drawWindow();
    },
    input,
    scroller
  };
})()`

export async function installReference(page: Page): Promise<void> {
  await page.evaluate(KIT)
}

/**
 * Keeps the copy of the Transfers table the first-paint reference sets: the table as it is painted at this
 * moment (its header and the rows in view), the same elements, classes and styles to build, style, lay out
 * and paint as the table's own first rows, without the app's code. Call it with the loaded history's first
 * rows on screen (offset 0, no sort, no filter: what the reference asks of main). Answers how many rows the
 * copy holds.
 */
export async function captureTable(page: Page): Promise<number> {
  return (await page.evaluate('window.__ref.captureTable()')) as number
}

async function nextFrame(page: Page): Promise<void> {
  await page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))')
}

/**
 * The reference for a first paint of `rows` rows in this page: start → the loaded history's first `rows` rows
 * asked of main over the app's bridge → a copy of the table's elements for them set in the page (captureTable
 * first) → the frame that paints them. The least a first paint costs where the rows live
 * in main; static rows set in the page (no round trip) did not feel two busy loops (15.2 → 12.2 ms) while the
 * table's first rows went 80.7 → 124.6 ms.
 */
export async function referencePaint(page: Page, rows: number): Promise<number> {
  await page.evaluate('window.__ref.showPaint()')
  await nextFrame(page)
  const ms = (await page.evaluate(`window.__ref.paintRows(${Math.max(1, rows)})`)) as number
  await page.evaluate('window.__ref.hide()')
  return ms
}

export interface TrivialKey {
  /** keydown → the text node changed */
  applied: number
  /** keydown → the frame after it (the frame that shows it) */
  painted: number
}

/**
 * `count` keystrokes into the trivial handler's input, each held down and read as the table's are (the page is
 * asked for a key's times once, after it). Answers each key's times. With `askRows` > 0, each key first asks
 * main for the loaded history's first `askRows` rows (history:rows, no filter) and draws them as plain rows
 * with its text node when they arrive; with 0, it changes the text node alone (the browser's input pipeline).
 */
export async function trivialKeys(page: Page, count: number, askRows = 0): Promise<TrivialKey[]> {
  await page.evaluate(`window.__ref.show(); window.__ref.ask = ${Math.max(0, Math.floor(askRows))}`)
  await page.locator('#__bench_ref input').click()
  const out: TrivialKey[] = []
  for (let i = 0; i < count; i++) {
    const key = i % 2 === 0 ? String(i % 10) : 'Backspace'
    const sent = (await page.evaluate('window.__ref.keys.length')) as number
    await page.keyboard.down(key)
    await new Promise((r) => setTimeout(r, KEY_DOWN_MS))
    const timed = await page.waitForFunction(
      (n: number) => (globalThis as unknown as { __ref: { keys: TrivialKey[] } }).__ref.keys[n] ?? false,
      sent,
      { timeout: 60_000, polling: POLL_MS }
    )
    out.push((await timed.jsonValue()) as TrivialKey)
    await page.keyboard.up(key)
    await page.waitForTimeout(60)
  }
  await page.evaluate('window.__ref.hide()')
  return out
}

/** p95 of the keys' input-to-paint times */
export function paintedP95(keys: readonly { painted: number }[]): number {
  return percentile(
    keys.map((k) => k.painted),
    95
  )
}

/**
 * rAF intervals while the plain virtual list of static rows is scrolled `step` px a frame for `frames` frames.
 * It holds 100,000 rows, so no run reaches its end: the plain scroller of 400 rows it replaced ran out after
 * 78 of 180 frames, and its frames after that cost nothing; and it draws the rows in view on each scroll, as a
 * virtual table does, where the plain scroller's rows were all drawn once, so a busy machine barely showed.
 */
export async function trivialScroll(page: Page, frames: number, step: number): Promise<number[]> {
  await page.evaluate('window.__ref.show(); window.__ref.fillScroller(100000)')
  await nextFrame(page)
  const deltas = await scrollFrames(page, frames, step, '#__bench_ref_scroller')
  await page.evaluate('window.__ref.scroller.innerHTML = ""; window.__ref.hide()')
  return deltas
}
