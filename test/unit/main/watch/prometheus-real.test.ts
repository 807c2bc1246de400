// Against the real thing: Debian's Prometheus scrapes the built CLI (`out/node/cli.js watch vault`) on two
// simulated nodes, with the shipped rules (only `for:` shortened), and its own HTTP API must show the epoch
// series moving and the "vault rotated" alert firing after a rotation. Everything on 127.0.0.1.
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { startSimulator, type Simulator } from '../../../support/simulator'
import { startTestChain, type TestChain } from '../../../support/anvil'
import { honestTransfer, startChainService, type ChainService } from '../../../support/chain-service'
import { tempDir } from './helpers'

const PROM = '/usr/bin/prometheus'
const CLI = 'out/node/cli.js'
const missing = !existsSync(PROM) ? `${PROM} is not installed (apt-get install prometheus)` : !existsSync(CLI) ? `${CLI} is not built (node scripts/ensure-build.js)` : null
if (missing) console.log(`skipped the real-Prometheus test: ${missing}`)

async function freePort(): Promise<number> {
  const s = createServer()
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()))
  const addr = s.address()
  await new Promise<void>((r) => s.close(() => r()))
  return typeof addr === 'object' && addr ? addr.port : 0
}

const children: ChildProcess[] = []
const sims: Simulator[] = []
const chains: TestChain[] = []
const services: ChainService[] = []
afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM')
  for (const s of sims) await s.close()
  for (const s of services) await s.close()
  for (const c of chains) await c.stop()
})

/** A Prometheus scraping the CLI's metrics port every second with the shipped rules (`for:` shortened); its API's base URL. */
async function prometheus(dir: string, metricsPort: number): Promise<string> {
  const rules = readFileSync('docs/prometheus/bridgescope.rules.yml', 'utf8').replace(/for: \d+m/g, 'for: 1s')
  writeFileSync(join(dir, 'rules.yml'), rules)
  writeFileSync(
    join(dir, 'prometheus.yml'),
    `global:\n  scrape_interval: 1s\n  evaluation_interval: 1s\nrule_files:\n  - ${join(dir, 'rules.yml')}\nscrape_configs:\n  - job_name: bridgescope\n    static_configs:\n      - targets: ['127.0.0.1:${metricsPort}']\n`
  )
  const promPort = await freePort()
  const prom = spawn(PROM, [`--config.file=${join(dir, 'prometheus.yml')}`, `--storage.tsdb.path=${join(dir, 'tsdb')}`, `--web.listen-address=127.0.0.1:${promPort}`], { stdio: 'ignore' })
  children.push(prom)
  return `http://127.0.0.1:${promPort}`
}

async function firing(base: string, name: string): Promise<boolean> {
  const res = await fetch(`${base}/api/v1/alerts`, { signal: AbortSignal.timeout(3000) })
  const body = (await res.json()) as { data: { alerts: { labels: { alertname: string }; state: string }[] } }
  return body.data.alerts.find((x) => x.labels.alertname === name)?.state === 'firing'
}

async function query(base: string, q: string): Promise<{ metric: Record<string, string>; value: [number, string] }[]> {
  const res = await fetch(`${base}/api/v1/query?query=${encodeURIComponent(q)}`, { signal: AbortSignal.timeout(3000) })
  const body = (await res.json()) as { data: { result: { metric: Record<string, string>; value: [number, string] }[] } }
  return body.data.result
}

describe.skipIf(missing !== null)('a real Prometheus scraping a real bridgescope watch', () => {
  it('the epoch series changes and BridgescopeVaultRotated fires after a rotation; node_up per node', async () => {
    const a = await startSimulator({ seed: 5, transfers: 5, rotateEveryMs: null })
    const b = await startSimulator({ seed: 5, transfers: 5, rotateEveryMs: null })
    sims.push(a, b)
    const dir = tempDir()
    const metricsPort = await freePort()
    const watch = spawn(process.execPath, [CLI, 'watch', 'vault', '--base-url', a.baseUrl, '--rpc-url', a.rpcUrl, '--rpc-url', b.rpcUrl, '--interval', '1', '--metrics', `127.0.0.1:${metricsPort}`], {
      env: { ...process.env, BRIDGESCOPE_DATA_DIR: dir },
      stdio: ['ignore', 'pipe', 'pipe']
    })
    children.push(watch)
    let stderr = ''
    watch.stderr?.on('data', (c: Buffer) => (stderr += c.toString()))
    await vi.waitFor(() => expect(stderr).toContain('metrics at'), { timeout: 120_000 })

    const base = await prometheus(dir, metricsPort)

    let before = ''
    await vi.waitFor(
      async () => {
        const r = await query(base, 'bridgescope_vault_epoch')
        expect(r).toHaveLength(2)
        before = r[0]!.value[1]
        const up = await query(base, 'bridgescope_node_up')
        expect(up.map((x) => x.value[1])).toEqual(['1', '1'])
      },
      { timeout: 120_000, interval: 500 }
    )
    a.rotateVault()
    b.rotateVault()
    await vi.waitFor(
      async () => {
        const r = await query(base, 'max(bridgescope_vault_epoch)')
        expect(Number(r[0]?.value[1])).toBe(Number(before) + 1)
      },
      { timeout: 120_000, interval: 500 }
    )
    await vi.waitFor(async () => expect(await firing(base, 'BridgescopeVaultRotated')).toBe(true), { timeout: 120_000, interval: 500 })
    watch.kill('SIGTERM')
    const code = await new Promise<number | null>((r) => watch.once('exit', (c) => r(c)))
    expect(code).toBe(0)
  })

  it('watch transfer --verify on real chains: a record whose amount lies sets the chain gauge, fires its alert, and is announced once', async () => {
    const [a, b] = await Promise.all([startTestChain({ chainId: 31337, decimals: 6 }), startTestChain({ chainId: 31338, decimals: 18 })])
    chains.push(a, b)
    const service = await startChainService([a, b])
    services.push(service)
    // the service says one more wei arrived than the chain's Transfer log shows
    const facts = await honestTransfer(a, b)
    const lying = service.put({ ...facts, receiving: facts.receiving + 1n })
    const dir = tempDir()
    const metricsPort = await freePort()
    const watch = spawn(process.execPath, [CLI, 'watch', 'transfer', lying, '--verify', '--json', '--base-url', service.baseUrl, '--interval', '1', '--metrics', `127.0.0.1:${metricsPort}`], {
      env: { ...process.env, BRIDGESCOPE_DATA_DIR: dir },
      stdio: ['ignore', 'pipe', 'pipe']
    })
    children.push(watch)
    let stderr = ''
    let stdout = ''
    watch.stderr?.on('data', (c: Buffer) => (stderr += c.toString()))
    watch.stdout?.on('data', (c: Buffer) => (stdout += c.toString()))
    await vi.waitFor(() => expect(stderr).toContain('metrics at'), { timeout: 120_000 })
    const base = await prometheus(dir, metricsPort)
    await vi.waitFor(
      async () => {
        const r = await query(base, 'bridgescope_transfer_chain_disagreements')
        expect(Object.fromEntries(r.map((x) => [x.metric.outcome, x.value[1]]))).toEqual({ disagrees: '1', 'not-found': '0', reverted: '0' })
      },
      { timeout: 120_000, interval: 500 }
    )
    await vi.waitFor(async () => expect(await firing(base, 'BridgescopeTransferChainDisagrees')).toBe(true), { timeout: 120_000, interval: 500 })
    watch.kill('SIGTERM')
    expect(await new Promise<number | null>((r) => watch.once('exit', (c) => r(c)))).toBe(0)
    // polled every second all along, announced once
    const events = stdout.split('\n').filter((l) => l.includes('"chain-disagrees"'))
    expect(events).toHaveLength(1)
    expect(events[0]).toContain('amount — service 0.990000000000000001 TUSD, chain 0.99 TUSD')
  })
})
