// The headless watcher's Prometheus sink: several nodes compared, metrics read from the core, clean shutdown,
// no repeated alerts after a restart. Real simulators on 127.0.0.1, an AbortSignal standing in for SIGTERM.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startSimulator, type Simulator } from '../../support/simulator'
import { runWatchCommand } from '../../../src/cli/watch'
import { labelUrl, parseListen, serveMetrics, WatchMetrics } from '../../../src/cli/metrics'
import { simClient, tempDir } from '../main/watch/helpers'

let a: Simulator
let b: Simulator
beforeAll(async () => {
  a = await startSimulator({ seed: 5, transfers: 20, rotateEveryMs: null })
  b = await startSimulator({ seed: 9, transfers: 20, rotateEveryMs: null })
})
afterAll(async () => {
  await a.close()
  await b.close()
})

interface Out {
  write(t: string): void
  text: string
}
function io(dir: string): { stdout: Out; stderr: Out; env: Record<string, string> } {
  const mk = (): Out => {
    const w = { text: '', write: (t: string) => void (w.text += t) }
    return w
  }
  return { stdout: mk(), stderr: mk(), env: { BRIDGESCOPE_DATA_DIR: dir } }
}

async function scrape(url: string): Promise<string> {
  const res = await fetch(`${url}/metrics`, { signal: AbortSignal.timeout(120_000) })
  expect(res.status).toBe(200)
  return res.text()
}

function metricsUrl(stderr: string): string {
  const m = /metrics at (http:\/\/[^\s]+)\/metrics/.exec(stderr)
  if (!m?.[1]) throw new Error(`no metrics URL in: ${stderr}`)
  return m[1]
}

describe('bridgescope watch: several nodes and Prometheus metrics', () => {
  it('two nodes polled side by side: up, epoch, disagreement in /metrics; /healthz; exit 0 closes the server', async () => {
    const out = io(tempDir())
    const stop = new AbortController()
    const nodes = [a.rpcUrl, b.rpcUrl]
    const done = runWatchCommand(['vault', '--interval', '1', '--metrics', '127.0.0.1:0'], out, { client: simClient(a.baseUrl, nodes), signal: stop.signal })
    await vi.waitFor(() => expect(out.stderr.text).toContain('metrics at'), { timeout: 120_000 })
    const url = metricsUrl(out.stderr.text)
    let text = ''
    await vi.waitFor(
      async () => {
        text = await scrape(url)
        expect(text).toMatch(/bridgescope_nodes_agree 0/)
        expect(text).toContain(`bridgescope_node_request_duration_seconds_count{node="${labelUrl(b.rpcUrl)}"}`)
      },
      { timeout: 120_000, interval: 200 }
    )
    for (const n of nodes) {
      expect(text).toContain(`bridgescope_node_up{node="${labelUrl(n)}"} 1`)
      expect(text).toMatch(new RegExp(`bridgescope_vault_epoch\\{node="${labelUrl(n).replace(/[.\\/]/g, '\\$&')}"\\} \\d+`))
      expect(text).toContain(`bridgescope_node_request_duration_seconds_count{node="${labelUrl(n)}"}`)
    }
    expect(text).toContain('bridgescope_vault_changes_total 0')
    // no watch list, so no transfer poller runs and none of its metrics is registered
    expect(text).not.toContain('bridgescope_stuck_transfers')
    expect(out.stdout.text).toContain('nodes-disagree')
    const health = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(120_000) })
    expect(health.status).toBe(200)
    stop.abort()
    expect(await done).toBe(0)
    await expect(fetch(`${url}/healthz`, { signal: AbortSignal.timeout(120_000) })).rejects.toThrow()
  })

  it('a node that goes down reads 0 in bridgescope_node_up and counts poll errors; the other stays up', async () => {
    const c = await startSimulator({ seed: 5, transfers: 5, rotateEveryMs: null })
    const out = io(tempDir())
    const stop = new AbortController()
    const done = runWatchCommand(['vault', '--interval', '1', '--metrics', '0'], out, { client: simClient(a.baseUrl, [a.rpcUrl, c.rpcUrl]), signal: stop.signal })
    await vi.waitFor(() => expect(out.stderr.text).toContain('metrics at http://127.0.0.1:'), { timeout: 120_000 })
    const url = metricsUrl(out.stderr.text)
    await vi.waitFor(async () => expect(await scrape(url)).toContain(`bridgescope_node_up{node="${labelUrl(c.rpcUrl)}"} 1`), { timeout: 120_000, interval: 200 })
    await c.close()
    let text = ''
    await vi.waitFor(
      async () => {
        text = await scrape(url)
        expect(text).toContain(`bridgescope_node_up{node="${labelUrl(c.rpcUrl)}"} 0`)
        // counted after the poll ends, a moment after the node's status flips
        expect(text).toMatch(new RegExp(`bridgescope_poll_errors_total\\{target="${labelUrl(c.rpcUrl).replace(/[.\\/]/g, '\\$&')}"\\} [1-9]`))
      },
      { timeout: 120_000, interval: 200 }
    )
    expect(text).toContain(`bridgescope_node_up{node="${labelUrl(a.rpcUrl)}"} 1`)
    expect(text).toContain('bridgescope_nodes_agree 1') // same seed: what answers agrees
    stop.abort()
    expect(await done).toBe(0)
  })

  it('a restart on the same data folder repeats no alert; a rotation counts once in bridgescope_vault_changes_total', async () => {
    const dir = tempDir()
    const run = async (during: (url: string, out: ReturnType<typeof io>) => Promise<void>): Promise<string> => {
      const out = io(dir)
      const stop = new AbortController()
      const done = runWatchCommand(['vault', '--interval', '1', '--metrics', '127.0.0.1:0'], out, { client: simClient(a.baseUrl, [a.rpcUrl]), signal: stop.signal })
      await vi.waitFor(() => expect(out.stderr.text).toContain('metrics at'), { timeout: 120_000 })
      const first = a.stats().requests.tss_getVault
      await vi.waitFor(() => expect(a.stats().requests.tss_getVault).toBeGreaterThan(first + 1), { timeout: 120_000 })
      await during(metricsUrl(out.stderr.text), out)
      stop.abort()
      expect(await done).toBe(0)
      return out.stdout.text
    }
    const first = await run(async (url, out) => {
      a.rotateVault()
      await vi.waitFor(() => expect(out.stdout.text).toContain('vault-change'), { timeout: 120_000 })
      await vi.waitFor(async () => expect(await scrape(url)).toContain('bridgescope_vault_changes_total 1'), { timeout: 120_000, interval: 200 })
    })
    expect(first.trim().split('\n')).toHaveLength(1)
    const second = await run(async (url) => {
      expect(await scrape(url)).toContain('bridgescope_vault_changes_total 0')
    })
    expect(second).toBe('')
  })

  it('a watched transfer still pending shows in bridgescope_watched_transfer_pending_seconds{tx}', async () => {
    const pendingHash = `0x${'ab'.repeat(32)}` // unknown to the simulator: never delivered
    const out = io(tempDir())
    const stop = new AbortController()
    const done = runWatchCommand(['transfer', pendingHash, '--interval', '1', '--metrics', '0'], out, { client: simClient(a.baseUrl, [a.rpcUrl]), signal: stop.signal })
    await vi.waitFor(() => expect(out.stderr.text).toContain('metrics at'), { timeout: 120_000 })
    const text = await scrape(metricsUrl(out.stderr.text))
    stop.abort()
    expect(await done).toBe(0)
    expect(text).toMatch(new RegExp(`bridgescope_watched_transfer_pending_seconds\\{tx="${pendingHash}"\\} \\d`))
    expect(text).toContain('bridgescope_stuck_transfers 0')
    // `watch transfer` runs no vault poller: no node series
    expect(text).not.toContain('bridgescope_node_up')
  })

  it('watch vault without targets also watches the transfers in the data folder\'s watch lists', async () => {
    const dir = tempDir()
    const tx = `0x${'cd'.repeat(32)}`
    writeFileSync(join(dir, 'watchlists.json'), JSON.stringify({ transfers: [{ txHash: tx, label: 'mine', addedAt: Date.now() }] }))
    const out = io(dir)
    const stop = new AbortController()
    const done = runWatchCommand(['vault', '--interval', '1', '--metrics', '0'], out, { client: simClient(a.baseUrl, [a.rpcUrl]), signal: stop.signal })
    await vi.waitFor(() => expect(out.stderr.text).toContain('metrics at'), { timeout: 120_000 })
    const text = await scrape(metricsUrl(out.stderr.text))
    stop.abort()
    expect(await done).toBe(0)
    expect(text).toContain(`bridgescope_watched_transfer_pending_seconds{tx="${tx}"}`)
    expect(text).toContain(`bridgescope_node_up{node="${labelUrl(a.rpcUrl)}"}`) // the vault is still watched
  })

  it('labels carry no credentials or query strings; --metrics takes HOST:PORT or a loopback PORT', () => {
    expect(labelUrl('https://user:secret@node.example:8545/rpc?apikey=k#x')).toBe('https://node.example:8545/rpc')
    expect(labelUrl('http://127.0.0.1:9000/')).toBe('http://127.0.0.1:9000')
    expect(parseListen('9464')).toEqual({ host: '127.0.0.1', port: 9464 })
    expect(parseListen('0.0.0.0:9464')).toEqual({ host: '0.0.0.0', port: 9464 })
    expect(parseListen('[::1]:9464')).toEqual({ host: '::1', port: 9464 })
    expect(parseListen('host:99999')).toMatch(/--metrics takes HOST:PORT/)
    expect(parseListen('')).toMatch(/--metrics takes HOST:PORT/)
  })

  it("keeps a scraper's connection open from one scrape to the next, longer than Prometheus keeps it idle", async () => {
    const metrics = new WatchMetrics({ vault: { status: () => ({ running: true, paused: false, profileId: 'cli', lastPollAt: null, nextPollAt: null, nodes: [], vault: null }), nodesAgree: () => null } })
    const served = await serveMetrics(metrics, { host: '127.0.0.1', port: 0 })
    try {
      expect(served.server.keepAliveTimeout).toBeGreaterThan(5 * 60_000)
      const res = await fetch(`${served.url}/metrics`, { signal: AbortSignal.timeout(120_000) })
      await res.text()
      // what the scraper is told: a connection idle for a scrape interval of 15 s, or 60 s, is still there
      expect(Number(/timeout=(\d+)/.exec(res.headers.get('keep-alive') ?? '')?.[1])).toBeGreaterThan(5 * 60)
    } finally {
      await served.close()
    }
  })
})
