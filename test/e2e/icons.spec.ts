// Icons cannot knock on local services (a hostile icon URL may point at one on 127.0.0.1). The page asks only its own origin for icons (main fetches
// them, https or the demo simulator only, and caches them); the renderer makes no outside request at all.
import { test, expect } from './fixtures'

test('the renderer requests nothing outside the harness origin, and icons still show', async ({ page, harness, consoleErrors }) => {
  const origin = new URL(harness.url).origin
  const requests: string[] = []
  page.on('request', (r) => requests.push(r.url()))
  const icons: { url: string; status: number; type: string | undefined }[] = []
  page.on('response', (r) => {
    if (new URL(r.url()).pathname === '/__icon') icons.push({ url: r.url(), status: r.status(), type: r.headers()['content-type'] })
  })
  await page.goto(harness.url)
  const nav = page.getByRole('navigation', { name: 'Main' })
  for (const name of ['Tokens', 'Chains', 'Transfers', 'Overview']) {
    await nav.getByRole('link', { name, exact: true }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
  }
  await nav.getByRole('link', { name: 'Tokens', exact: true }).click()
  const icon = page.locator('main img[src^="/__icon?src="]').first()
  await expect(icon).toBeVisible()
  await expect.poll(() => icon.evaluate((img) => (img as unknown as { complete: boolean; naturalWidth: number }).complete && (img as unknown as { naturalWidth: number }).naturalWidth > 0)).toBe(true)
  expect(icons.length).toBeGreaterThan(0)
  // the demo network's own SVG badges (and PNGs from https hosts), all through the same-origin route
  expect(icons.every((i) => i.status === 200 && /^image\/(png|svg\+xml)$/.test(i.type ?? ''))).toBe(true)
  const outside = requests.filter((u) => !u.startsWith('data:') && new URL(u).origin !== origin)
  expect(outside).toEqual([])
  // No CSP violation (img-src 'self') and no failed load on the way.
  expect(consoleErrors).toEqual([])
})

test('the icon route refuses loopback services and other http origins, even when asked directly', async ({ harness, request }) => {
  for (const src of ['http://127.0.0.1:9/secret.png', 'http://localhost:631/printers', 'http://evil.example/x.png', 'file:///etc/passwd', 'https://user:pw@files.example/x.png']) {
    const res = await request.get(new URL(`/__icon?src=${encodeURIComponent(src)}`, harness.url).href)
    expect([src, res.status()]).toEqual([src, 403])
  }
})
