// The app stays usable while the service hangs, and a failure shows as an error the user can retry.
import type { Page } from '@playwright/test'
import { test, expect } from './fixtures'

const VIEWS = ['Overview', 'Transfers', 'Transfer', 'Tokens', 'Chains', 'Vault', 'Charts', 'Settings']

type Api = Record<string, (input?: unknown) => Promise<unknown>>

const control = (baseUrl: string, route: string, body?: unknown): Promise<Response> =>
  fetch(`${baseUrl}/__sim/${route}`, body === undefined ? { method: route === 'stats' ? 'GET' : 'POST' } : { method: 'POST', body: JSON.stringify(body) })

/** Starts chains:list in the page and keeps its outcome, without waiting for it. */
async function startHeldCall(page: Page): Promise<void> {
  await page.evaluate(() => {
    const g = globalThis as unknown as { bridgescope: Api; hung: Promise<unknown>; settled?: boolean }
    g.hung = (g.bridgescope.chainsList?.({ prefer: 'network' }) ?? Promise.resolve()).then(
      (r) => {
        g.settled = true
        return { settled: 'resolved', r }
      },
      (e: unknown) => {
        g.settled = true
        return { settled: 'rejected', message: (e as Error).message }
      }
    )
  })
}

test('navigation and other calls keep working while a service request is held pending; released, it answers', async ({ page, harness, consoleErrors }) => {
  const demo = await harness.context.endpoints.demoUrls()
  // Every operation of the demo network is held until this test releases it, and the profile's timeout is
  // far beyond the test's: the request stays pending for exactly as long as the test says, however slow
  // the machine is.
  expect((await control(demo.baseUrl, 'faults', { op: '*', spec: { hang: true } })).ok).toBe(true)
  const saved = harness.context.settings.saveProfile({ name: 'Hanging', baseUrl: demo.baseUrl, rpcUrls: [demo.rpcUrl], timeoutMs: 120_000 })
  harness.context.settings.activate(saved.profiles.find((p) => p.name === 'Hanging')?.id ?? '')

  await page.goto(harness.url)
  await expect(page.getByTestId('profile-name')).toContainText('Hanging')
  await startHeldCall(page)
  const held = async (): Promise<number> => ((await (await control(demo.baseUrl, 'stats')).json()) as { held: number }).held
  // the call has reached the service and is held there
  await expect.poll(held).toBeGreaterThan(0)
  const nav = page.getByRole('navigation', { name: 'Main' })
  for (const name of VIEWS) {
    await nav.getByRole('link', { name, exact: true }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
  }
  // Calls that need no network answer at once meanwhile.
  const settings = await page.evaluate(() => (globalThis as unknown as { bridgescope: Api }).bridgescope.settingsGet?.())
  expect(settings).toMatchObject({ ok: true, value: { activeProfileId: expect.any(String) } })
  expect(await page.evaluate(() => (globalThis as unknown as { settled?: boolean }).settled)).toBeUndefined()

  // Released, the held request gets the service's answer.
  await control(demo.baseUrl, 'clear')
  const released = (await (await control(demo.baseUrl, 'release')).json()) as { released: number }
  expect(released.released).toBeGreaterThan(0)
  const outcome = await page.evaluate(() => (globalThis as unknown as { hung: Promise<unknown> }).hung)
  expect(outcome).toMatchObject({ settled: 'resolved', r: { ok: true, value: { source: 'network', data: expect.any(Array) } } })
  expect(consoleErrors).toEqual([])
})

test('a request the service never answers ends in a typed timeout that names the operation', async ({ page, harness, consoleErrors }) => {
  const demo = await harness.context.endpoints.demoUrls()
  expect((await control(demo.baseUrl, 'faults', { op: 'queryChainList', spec: { hang: true } })).ok).toBe(true)
  const saved = harness.context.settings.saveProfile({ name: 'Hanging', baseUrl: demo.baseUrl, rpcUrls: [demo.rpcUrl], timeoutMs: 1000 })
  harness.context.settings.activate(saved.profiles.find((p) => p.name === 'Hanging')?.id ?? '')
  await page.goto(harness.url)
  await expect(page.getByTestId('profile-name')).toContainText('Hanging')
  await startHeldCall(page)
  // What is checked is what the caller gets, not how long it took.
  const outcome = await page.evaluate(() => (globalThis as unknown as { hung: Promise<unknown> }).hung)
  expect(outcome).toMatchObject({ settled: 'resolved', r: { ok: false, error: { kind: 'timeout', operation: 'queryChainList' } } })
  expect(consoleErrors).toEqual([])
})

test('when the main process does not answer, the app says so with Retry, and Retry recovers', async ({ page, harness }) => {
  // Hold app:info for 1.5 s and then fail it, as a wedged or crashed main process would: on its own HTTP
  // request (a call made before the page's socket is open) the request is reset; on the socket, the socket
  // drops, which fails the calls it carried (the bridge reconnects by itself).
  let fail = true
  await page.route(/__harness\/ipc\/app(%3A|:)info$/, async (route) => {
    if (!fail) return route.continue()
    await new Promise((r) => setTimeout(r, 1500))
    await route.abort('connectionreset')
  })
  await page.routeWebSocket(/__harness\/socket(\?[^/]*)?$/, (ws) => {
    const server = ws.connectToServer()
    ws.onMessage((message) => {
      if (fail && typeof message === 'string' && message.includes('"channel":"app:info"')) {
        setTimeout(() => void ws.close({ code: 1011, reason: 'main process gone' }), 1500)
        return
      }
      server.send(message)
    })
  })
  await page.goto(harness.url)
  // Still navigable while app:info is pending.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Chains', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Chains')
  const banner = page.getByRole('alert').filter({ hasText: "Could not reach the app's main process" })
  await expect(banner).toBeVisible()
  fail = false
  await banner.getByRole('button', { name: 'Retry' }).click()
  await expect(banner).toBeHidden()
  await expect(page.getByTestId('demo-banner')).toContainText('Demo network')
})

test('a call whose socket drops gets a network error at once, and the next call goes over a new socket', async ({ page, harness }) => {
  let drop = false
  let sockets = 0
  let carried = 0
  await page.routeWebSocket(/__harness\/socket(\?[^/]*)?$/, (ws) => {
    sockets++
    const server = ws.connectToServer()
    ws.onMessage((message) => {
      carried++
      if (drop && typeof message === 'string' && message.includes('"channel":"app:info"')) {
        drop = false
        void ws.close({ code: 1011, reason: 'main process gone' })
        return
      }
      server.send(message)
    })
  })
  await page.goto(harness.url)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  type Bridge = { bridgescope: { appInfo: () => Promise<{ ok: boolean }> } }
  // until the page's socket carries calls (the bridge uses HTTP only before it is open)
  await expect
    .poll(async () => {
      await page.evaluate(() => (globalThis as unknown as Bridge).bridgescope.appInfo())
      return carried
    })
    .toBeGreaterThan(0)
  expect(sockets).toBe(1)
  drop = true
  const dropped = await page.evaluate(() => (globalThis as unknown as Bridge).bridgescope.appInfo())
  expect(dropped).toMatchObject({ ok: false, error: { kind: 'network', message: expect.stringContaining('the connection closed before the answer came (main process gone)') } })
  await expect.poll(() => sockets).toBe(2)
  await expect
    .poll(() => page.evaluate(() => (globalThis as unknown as Bridge).bridgescope.appInfo().then((r) => r.ok)))
    .toBe(true)
})
