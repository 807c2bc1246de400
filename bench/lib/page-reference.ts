// References measured inside the very page under test, so the load on the machine at that moment falls on the
// figure and its reference alike: a static block of rows painted (the least a first paint of those rows costs),
// a key handler that asks main the cheapest question over the app's bridge and then changes one text node (the
// least a keystroke costs where the rows live in main: the browser's input pipeline and one round trip to main
// right now; without the question it barely felt two busy loops, 5.8 → 5.5 ms, where the table's keystroke
// moved 43 → 54 ms), and a plain virtual list of static rows scrolled as the table is. The kit is added to the
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
  const row = (i) => '<div style="display:flex;gap:8px;height:24px"><span>' + i + '</span><span>row ' + i + '</span><span>0x' + (i * 2654435761).toString(16) + '</span><span>' + ((i * 17) % 1000) + '.00</span></div>';
  const keys = [];
  let count = 0;
  input.addEventListener('keydown', (e) => {
    const t = e.timeStamp;
    const apply = () => {
      let applied = NaN;
      const obs = new MutationObserver(() => { if (Number.isNaN(applied)) applied = performance.now(); });
      obs.observe(out, { childList: true, characterData: true, subtree: true });
      out.textContent = e.key + ' ' + (++count);
      requestAnimationFrame(() => {
        obs.disconnect();
        keys.push({ t, applied: (Number.isNaN(applied) ? performance.now() : applied) - t, painted: performance.now() - t });
      });
    };
    // asking main first: the least a keystroke costs where the rows live in main (the app's bridge, the
    // cheapest question it answers)
    if (window.__ref.ask) window.bridgescope.appInfo().then(apply, apply);
    else apply();
  });
  window.__ref = {
    keys,
    ask: false,
    show() { box.style.display = 'block'; },
    hide() { box.style.display = 'none'; rows.innerHTML = ''; },
    /** start → the frame that paints n static rows (the rows replaced, as a table's first rows are) */
    paintRows(n) {
      return new Promise((resolve) => {
        const t0 = performance.now();
        let html = '';
        for (let i = 0; i < n; i++) html += row(i);
        rows.innerHTML = html;
        requestAnimationFrame(() => resolve(performance.now() - t0));
      });
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

async function nextFrame(page: Page): Promise<void> {
  await page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))')
}

/** The static reference for a first paint of `rows` rows in this page: start → the frame that paints them. */
export async function referencePaint(page: Page, rows: number): Promise<number> {
  await page.evaluate('window.__ref.show()')
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
 * asked for a key's times once, after it). Answers each key's times. With `askMain`, each key first asks main
 * the cheapest question the app's bridge answers (app:info) and changes the text node when it is answered.
 */
export async function trivialKeys(page: Page, count: number, askMain = false): Promise<TrivialKey[]> {
  await page.evaluate(`window.__ref.show(); window.__ref.ask = ${askMain}`)
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
