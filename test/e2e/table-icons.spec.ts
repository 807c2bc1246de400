// Scrolling the Transfers table draws new rows every frame, each with its two chains' icons. A row's icon is
// answered from memory, not asked for again; an icon that fails to load (its host down, or offline) shows as
// its chain's abbreviation, and new rows do not ask for it again either.
import type { Page } from '@playwright/test'
import { demoSample } from './demo'
import { expect, iconFetch, startHarness, test } from './fixtures'

/** Scrolls the table 120 px a frame for `frames` frames, as a fast flick does. (Page code as text: the e2e tsconfig has no DOM.) */
function flick(page: Page, frames: number): Promise<unknown> {
  return page.evaluate(`new Promise((resolve) => {
    const el = document.querySelector('[data-testid="transfers-table"]');
    let k = 0;
    const tick = () => {
      el.scrollTop += 120;
      if (++k >= ${frames}) resolve(k);
      else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })`)
}

async function loadHeavy(page: Page, url: string, address: string, chainId: number): Promise<void> {
  await page.goto(`${url}#/transfers?address=${address}&chainId=${chainId}&size=100`)
  await expect(page.getByTestId('transfer-row').first()).toBeVisible()
  await page.getByTestId('load-all').click()
  await expect(page.getByTestId('history-summary')).toContainText('transfers loaded')
}

/** the page's icon requests, by address */
function iconRequests(page: Page): Map<string, number> {
  const asked = new Map<string, number>()
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/__icon') asked.set(r.url(), (asked.get(r.url()) ?? 0) + 1)
  })
  return asked
}

test('a fast scroll through a loaded history asks for each chain icon once, and every icon shows', async ({ page, harness, consoleErrors }) => {
  const heavy = (await demoSample(harness)).addresses[0]!
  const asked = iconRequests(page)
  await loadHeavy(page, harness.url, heavy.address, heavy.chainId)
  await flick(page, 240)
  const last = page.locator('[data-testid=transfer-row] .c-time').last()
  await expect(last).toContainText(/\d{4}-\d{2}-\d{2}/)
  const icons = page.locator('[data-testid=transfer-row] .c-route img:not([hidden])')
  expect(await icons.count()).toBeGreaterThan(10)
  await expect
    .poll(() => icons.evaluateAll((imgs) => imgs.every((i) => (i as unknown as { complete: boolean }).complete && (i as unknown as { naturalWidth: number }).naturalWidth > 0)))
    .toBe(true)
  expect(asked.size).toBeGreaterThan(1)
  expect([...asked].filter(([, n]) => n > 1)).toEqual([])
  expect(consoleErrors).toEqual([])
})

test('icons that fail to load show as their chains’ abbreviations, and scrolling does not ask for them again', async ({ page, dataDir }) => {
  // the icon host is down: main's fetch of every icon fails
  const down: typeof fetch = (input, init) =>
    /\/icons\//.test(input instanceof Request ? input.url : String(input)) ? Promise.reject(new TypeError('fetch failed')) : iconFetch(input, init)
  const harness = await startHarness({ dataDir, fetch: down })
  try {
    const heavy = (await demoSample(harness)).addresses[0]!
    const asked = iconRequests(page)
    const failedLoads: string[] = []
    page.on('console', (m) => {
      if (m.type() === 'error') failedLoads.push(m.location().url)
    })
    await loadHeavy(page, harness.url, heavy.address, heavy.chainId)
    await flick(page, 240)
    const rows = page.locator('[data-testid=transfer-row]')
    await expect(rows.locator('.c-time').last()).toContainText(/\d{4}-\d{2}-\d{2}/)
    // every row on screen names its chains by abbreviation, and shows no broken image
    await expect(rows.locator('.c-route img:not([hidden])')).toHaveCount(0)
    const routes = await rows.locator('.c-route').evaluateAll((cells) =>
      cells.map((c) => ({
        abbrs: [...c.querySelectorAll('.abbr:not([hidden])')].map((a) => a.textContent),
        names: [...c.querySelectorAll('.name')].map((n) => (n.textContent ?? '').slice(0, 3))
      }))
    )
    expect(routes.length).toBeGreaterThan(10)
    for (const r of routes) expect(r.abbrs).toEqual(r.names)
    // each icon asked for at most twice (the first rows' images and the kept one may both ask before either
    // has failed), never once per row drawn
    expect(asked.size).toBeGreaterThan(1)
    expect([...asked].filter(([, n]) => n > 2)).toEqual([])
    // the only errors are those failed loads, one per request
    expect(failedLoads.every((u) => new URL(u).pathname === '/__icon')).toBe(true)
    expect(failedLoads.length).toBeLessThanOrEqual([...asked.values()].reduce((a, b) => a + b, 0))
  } finally {
    await harness.close()
  }
})
