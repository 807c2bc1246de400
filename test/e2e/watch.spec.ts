// The watch through the harness: the same app context and handler table as Electron. The watcher starts with
// the context, a vault rotation on the demo network becomes one `watch:event` push and one activity-log entry,
// and pause / status / re-check answer over the contract's channels.
import { test, expect } from './fixtures'
import { demoSample } from './demo'

type R<T> = { ok: true; value: T } | { ok: false; error: { message: string } }

test('a vault rotation on the demo network is pushed, logged and shown in the status', async ({ page, harness, consoleErrors }) => {
  await page.goto(harness.url)
  await page.evaluate(() => {
    const w = globalThis as unknown as { watchEvents: unknown[]; bridgescope: { on(e: string, cb: (p: unknown) => void): () => void } }
    w.watchEvents = []
    w.bridgescope.on('watch:event', (p) => w.watchEvents.push(p))
  })
  const status = async (): Promise<{ running: boolean; paused: boolean; vault: { epoch: string } | null; nodes: { ok: boolean }[] }> =>
    page.evaluate(async () => {
      const r = (await (globalThis as unknown as { bridgescope: { watchStatus(): Promise<R<unknown>> } }).bridgescope.watchStatus()) as R<never>
      if (!r.ok) throw new Error(r.error.message)
      return r.value
    })
  await expect.poll(async () => (await status()).vault?.epoch ?? null).not.toBeNull()
  const before = await status()
  expect(before.running).toBe(true)
  // the demo's two nodes: the first answers; the second lags rotations and fails now and then
  expect(before.nodes).toHaveLength(2)
  expect(before.nodes[0]).toMatchObject({ ok: true })

  const demo = await harness.context.endpoints.demoUrls()
  const rotated = await fetch(`${demo.baseUrl}/__sim/rotate`, { method: 'POST' })
  expect(rotated.ok).toBe(true)
  const log = await page.evaluate(async () => {
    const api = (globalThis as unknown as { bridgescope: Record<string, (i?: unknown) => Promise<R<unknown>>> }).bridgescope
    await api.watchRecheck!({})
    const r = await api.watchLog!({ limit: 10 })
    return r.ok ? r.value : r.error
  })
  expect(log).toEqual([expect.objectContaining({ kind: 'vault-change', epochBefore: before.vault?.epoch })])
  await expect.poll(() => page.evaluate(() => (globalThis as unknown as { watchEvents: unknown[] }).watchEvents.length)).toBe(1)
  expect((await status()).vault?.epoch).toBe(String(Number(before.vault?.epoch) + 1))

  const paused = await page.evaluate(async () => {
    const api = (globalThis as unknown as { bridgescope: Record<string, (i?: unknown) => Promise<R<{ paused: boolean }>>> }).bridgescope
    const r = await api.watchPause!({ paused: true })
    return r.ok ? r.value.paused : null
  })
  expect(paused).toBe(true)
  expect((await status()).paused).toBe(true)
  expect(consoleErrors).toEqual([])
})

test('"Watch address" says when the address is already watched, and Unwatch removes it', async ({ page, harness }) => {
  const sample = await demoSample(harness)
  const a = sample.addresses[0]!
  await page.goto(`${harness.url}#/transfers?address=${a.address}&chainId=${a.chainId}`)
  await page.getByRole('button', { name: 'Watch address' }).click()
  await expect(page.getByTestId('watching-address')).toHaveText('Watching ✓')
  await expect(page.getByRole('button', { name: 'Watch address' })).toHaveCount(0)
  // coming back later: still shown as watched
  await page.reload()
  await expect(page.getByTestId('watching-address')).toHaveText('Watching ✓')
  await page.getByRole('button', { name: 'Unwatch' }).click()
  await expect(page.getByRole('button', { name: 'Watch address' })).toBeVisible()
  await page.goto(`${harness.url}#/overview`)
  await expect(page.getByText('No watched addresses yet')).toBeVisible()
})

test("the demo's second node lags a rotation: Overview shows it behind with its own epoch, then caught up; the vault never goes back", async ({ page, harness, consoleErrors }) => {
  await page.goto(`${harness.url}#/overview`)
  const rows = page.getByTestId('node-row')
  await expect(rows).toHaveCount(2)
  const api = async <T,>(name: string, input?: unknown): Promise<T> =>
    page.evaluate(
      async ([n, i]) => {
        const r = (await (globalThis as unknown as { bridgescope: Record<string, (x?: unknown) => Promise<R<unknown>>> }).bridgescope[n as string]!(i)) as R<unknown>
        if (!r.ok) throw new Error(r.error.message)
        return r.value
      },
      [name, input] as const
    ) as Promise<T>
  type Status = { vault: { epoch: string } | null; nodes: { url: string; ok: boolean; epoch?: string | null; behind?: boolean }[] }
  await expect.poll(async () => (await api<Status>('watchStatus')).vault?.epoch ?? null).not.toBeNull()
  const before = Number((await api<Status>('watchStatus')).vault!.epoch)

  const demo = await harness.context.endpoints.demoUrls()
  expect((await fetch(`${demo.baseUrl}/__sim/rotate`, { method: 'POST' })).ok).toBe(true)
  type Ev = { kind: string; url?: string; epoch?: string; highest?: string; epochBefore?: string | null; epochAfter?: string | null }
  const kinds = async (): Promise<Ev[]> => (await api<Ev[]>('watchLog', { limit: 50 })).reverse()
  // poll by hand until the lagging node has been behind and has caught up (it lags a few of its polls and
  // fails now and then, so how many re-checks that takes is the network's business)
  let seenBehind = false
  await expect
    .poll(
      async () => {
        await api('watchRecheck', {})
        const log = await kinds()
        if (!seenBehind && log.some((e) => e.kind === 'node-behind')) {
          // while it is behind (no re-check has run since), Overview shows it so, with its own older epoch
          const behind = page.locator('[data-testid=node-row][data-behind=true]')
          await expect(behind).toHaveCount(1)
          await expect(behind.getByTestId('node-epoch')).toHaveText(`${before} of ${before + 1}`)
          seenBehind = true
        }
        return log.map((e) => e.kind).filter((k) => k !== 'node-unreachable' && k !== 'node-recovered')
      },
      { intervals: [200] }
    )
    .toEqual(['vault-change', 'node-behind', 'node-caught-up'])
  expect(seenBehind).toBe(true)
  const log = await kinds()
  const change = log.find((e) => e.kind === 'vault-change')!
  expect([change.epochBefore, change.epochAfter]).toEqual([String(before), String(before + 1)])
  expect(log.find((e) => e.kind === 'node-behind')).toMatchObject({ url: demo.laggingRpcUrl, epoch: String(before), highest: String(before + 1) })
  expect(log.filter((e) => e.kind === 'vault-change')).toHaveLength(1)
  await expect(page.locator('[data-testid=node-row][data-behind=true]')).toHaveCount(0)
  await expect(page.getByTestId('node-epoch')).toHaveText([String(before + 1), String(before + 1)])
  expect(consoleErrors).toEqual([])
})
