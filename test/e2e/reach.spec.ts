// The layout walk's own check (reach.ts), on pages made to fail it: a toolbar panel hung past the window's
// right edge — the Filters panel once opened at x = 1185–1591 in a 1280-px window — is found, where the view's
// pane (main) would only scroll sideways to it because it overflows, which a view is laid out never to need;
// the same panel inside the window, or in a box made to scroll sideways, is not. No app, no harness: the walk
// stays as fast as it was, and this proves what it catches.
import { test, expect } from '@playwright/test'
import { layoutProblems } from './reach'

/** a page shaped like the app's: a sidebar, a pane that scrolls, a toolbar whose panel hangs from a button */
const page = (panel: string, wrap = ''): string => `
<!doctype html><html><head><style>
  html, body { margin: 0; height: 100%; }
  body { display: grid; grid-template-columns: 200px minmax(0, 1fr); }
  main { overflow: auto; padding: 16px 20px; min-width: 0; }
  .popover { position: relative; display: inline-block; }
  .panel { position: absolute; top: calc(100% + 4px); width: 406px; height: 200px; background: #eee; }
  .scroller { overflow-x: auto; width: 600px; }
  .wide { width: 1400px; position: relative; height: 240px; }
</style></head><body>
  <nav>Bridgescope</nav>
  <main><div class="toolbar">${wrap.replace('%', `<div class="popover"><button aria-expanded="true">Filters</button><div class="panel" style="${panel}" role="group" aria-label="Filters">Source chain</div></div>`)}</div></main>
</body></html>`

test.use({ viewport: { width: 1280, height: 800 } })

test('a panel past the window edge is found; inside the window or in a box that scrolls sideways it is not', async ({ page: p }) => {
  // the old overhang: left 1185, right 1591, in a 1280-px window
  await p.setContent(page('left: 965px', '%'))
  const over = await layoutProblems(p)
  expect(over.map((x) => x.what)).toEqual(['div "Filters"'])
  expect(over[0]?.why).toMatch(/outside the window where nothing scrolls to it \(x 1185–1591 of 1280\)/)

  // hung the other way, off the left edge
  await p.setContent(page('left: -400px', '%'))
  expect((await layoutProblems(p)).map((x) => x.what)).toEqual(['div "Filters"'])

  // moved back inside (what the Popover does now): nothing to report
  await p.setContent(page('left: 0', '%'))
  expect(await layoutProblems(p)).toEqual([])

  // past the edge inside a box made to scroll sideways: the user reaches it there
  await p.setContent(page('left: 965px', '<div class="scroller"><div class="wide">%</div></div>'))
  expect(await layoutProblems(p)).toEqual([])
})
