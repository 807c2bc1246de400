// `watch tss` end to end on the demo network, and `watch vault --tss-url` with the TSS loop beside the vault:
// captured io, a real simulator, an AbortSignal standing in for SIGINT.
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { WatchEvent } from '../../../src/shared/watch'
import { startSimulator, type Simulator } from '../../support/simulator'
import { TssWatchState } from '../../../src/main/watch/tss-state'
import { BridgeClient } from '../../../src/main/client/mcs/client'
import { runWatchTssCommand } from '../../../src/cli/watch-tss'
import { runWatchCommand } from '../../../src/cli/watch'
import { tempDir } from '../main/watch/helpers'

describe('watch tss on the demo network', () => {
  let sim: Simulator
  beforeAll(async () => {
    // chain 56's scanner stalls from the start and for a long time
    sim = await startSimulator({ seed: 9, transfers: 400, rotateEveryMs: null, tss: { stallChainId: 56, stallOffsetMs: 0, stallForMs: 3_600_000 } })
  })
  afterAll(() => sim.close())

  it('prints a stall and the stuck orders as JSON lines, keeps state in the data folder, exits 0 when stopped', async () => {
    const dataDir = tempDir()
    let out = ''
    let err = ''
    const stop = new AbortController()
    const done = runWatchTssCommand(
      ['--tss-url', sim.tssUrl, '--chain-id', '56', '--chain-id', '1360095883558914', '--interval', '1', '--stall-after', '2s', '--json'],
      { stdout: { write: (t: string) => void (out += t) }, stderr: { write: (t: string) => void (err += t) }, env: { BRIDGESCOPE_DATA_DIR: dataDir } },
      stop.signal
    )
    await vi.waitFor(() => {
      const kinds = out.trim().split('\n').filter(Boolean).map((l) => (JSON.parse(l) as WatchEvent).kind)
      expect(kinds).toContain('tss-stalled')
      expect(kinds).toContain('tss-order-stuck')
    }, { timeout: 120_000, interval: 200 })
    stop.abort()
    expect(await done).toBe(0)
    expect(err).toContain(`watching the TSS API at ${sim.tssUrl}`)
    const stuck = out.trim().split('\n').map((l) => JSON.parse(l) as WatchEvent).find((e) => e.kind === 'tss-order-stuck')
    expect(stuck).toMatchObject({ chainId: '1360095883558914', route: '1360095883558914-1' })
    const reopened = await TssWatchState.open(join(dataDir, 'watch-cli'))
    expect(reopened.profile('cli').chains['56']?.stalled).toBe(true)
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('watch tss --metrics exports the TSS gauges and nothing of the pollers it does not run (no vault, no watch lists)', async () => {
    const dataDir = tempDir()
    const stop = new AbortController()
    let err = ''
    const done = runWatchTssCommand(
      ['--tss-url', sim.tssUrl, '--chain-id', '56', '--interval', '1', '--metrics', '127.0.0.1:0'],
      { stdout: { write: () => undefined }, stderr: { write: (t: string) => void (err += t) }, env: { BRIDGESCOPE_DATA_DIR: dataDir } },
      stop.signal
    )
    await vi.waitFor(() => expect(err).toMatch(/metrics at (\S+)\/metrics/), { timeout: 120_000 })
    const url = /metrics at (\S+\/metrics)/.exec(err)![1]!
    let text = ''
    await vi.waitFor(async () => {
      text = await (await fetch(url)).text()
      expect(text).toMatch(/bridgescope_tss_scan_height\{chain="56"\} \d+/)
    }, { timeout: 120_000, interval: 250 })
    const families = [...new Set([...text.matchAll(/^# TYPE (\w+)/gm)].map((m) => m[1]))].sort()
    expect(families).toEqual([
      'bridgescope_tss_api_up',
      'bridgescope_tss_oldest_pending_seconds',
      'bridgescope_tss_pending_orders',
      'bridgescope_tss_scan_height',
      'bridgescope_tss_scan_stalled',
      'bridgescope_webhook_failures_total'
    ])
    stop.abort()
    expect(await done).toBe(0)
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('watch vault --tss-url runs the TSS loop beside the vault in the same core: its gauges on the same /metrics', async () => {
    const dataDir = tempDir()
    const stop = new AbortController()
    let err = ''
    const done = runWatchCommand(
      ['vault', '--interval', '1', '--tss-url', sim.tssUrl, '--metrics', '127.0.0.1:0'],
      { stdout: { write: () => undefined }, stderr: { write: (t: string) => void (err += t) }, env: { BRIDGESCOPE_DATA_DIR: dataDir } },
      { client: new BridgeClient({ baseUrl: sim.baseUrl, rpcUrls: [sim.rpcUrl], retries: 0 }), signal: stop.signal }
    )
    await vi.waitFor(() => expect(err).toMatch(/metrics at (\S+)\/metrics/), { timeout: 120_000 })
    const url = /metrics at (\S+\/metrics)/.exec(err)![1]!
    await vi.waitFor(async () => {
      const text = await (await fetch(url)).text()
      expect(text).toMatch(/bridgescope_tss_scan_height\{chain="22776"\} \d+/)
      expect(text).toMatch(/bridgescope_vault_epoch\{node=/)
    }, { timeout: 120_000, interval: 250 })
    stop.abort()
    expect(await done).toBe(0)
    rmSync(dataDir, { recursive: true, force: true })
  })
})
