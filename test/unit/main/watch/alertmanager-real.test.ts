// Against the real thing, over nodes that do not move in step: Debian's Prometheus scrapes the built CLI's
// watcher (`out/node/cli.js watch vault`) over a node that lags a rotation and one that made it, with the
// shipped rules (only `for:` shortened), and sends its alerts to Debian's Alertmanager, which posts them to a
// webhook receiver on 127.0.0.1. BridgescopeNodeBehind reaches the receiver for the lagging node; the lagging
// node failing and coming back behind fires no BridgescopeVaultRotated.
// The keepers' rules (docs/prometheus/bridgescope-keepers.rules.yml) the same way, over a keeper network of
// real parts (anvil as the relay chain and a router's chain, 21 health servers as health.go answers): a
// maintainer that goes silent mid-run, a scanner that falls behind, slash points that rise and a vault whose
// books outgrow its router each reach the receiver as their alert, and the watch says each once.
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer as createHttpServer, type Server } from 'node:http'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { startSimulator, type Simulator } from '../../../support/simulator'
import { labelUrl } from '../../../../src/cli/metrics'
import { tempDir } from './helpers'
import { BSC, EPOCH, ROUTER_FUNDS, startKeeperNetwork, type KeeperNetwork } from '../../../support/keepers-network'

const PROM = '/usr/bin/prometheus'
const AM = '/usr/bin/prometheus-alertmanager'
const CLI = 'out/node/cli.js'
const missing = !existsSync(PROM)
  ? `${PROM} is not installed (apt-get install prometheus)`
  : !existsSync(AM)
    ? `${AM} is not installed (apt-get install prometheus-alertmanager)`
    : !existsSync(CLI)
      ? `${CLI} is not built (node scripts/ensure-build.js)`
      : null
if (missing) console.log(`skipped: ${missing}`)

async function freePort(): Promise<number> {
  const s = createServer()
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()))
  const addr = s.address()
  await new Promise<void>((r) => s.close(() => r()))
  return typeof addr === 'object' && addr ? addr.port : 0
}

const children: ChildProcess[] = []
const sims: Simulator[] = []
const servers: Server[] = []
const networks: KeeperNetwork[] = []
afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM')
  for (const n of networks) await n.stop()
  for (const s of sims) await s.close()
  for (const s of servers) s.close()
})

interface Posted {
  alerts: { status: string; labels: Record<string, string> }[]
}

async function query(base: string, q: string): Promise<{ metric: Record<string, string>; value: [number, string] }[]> {
  const res = await fetch(`${base}/api/v1/query?query=${encodeURIComponent(q)}`, { signal: AbortSignal.timeout(10_000) })
  const body = (await res.json()) as { data: { result: { metric: Record<string, string>; value: [number, string] }[] } }
  return body.data.result
}

/**
 * A webhook receiver, Debian's Alertmanager posting to it and Debian's Prometheus scraping the watch's metrics
 * every second with `rules` (`for:` shortened) and alerting through it: Prometheus's API base and what was posted.
 */
async function alerting(dir: string, metricsPort: number, rules: string, groupBy: string): Promise<{ base: string; posted: Posted[] }> {
  const posted: Posted[] = []
  const receiver = createHttpServer((req, res) => {
    let text = ''
    req.on('data', (c: Buffer) => (text += c.toString()))
    req.on('end', () => {
      posted.push(JSON.parse(text) as Posted)
      res.writeHead(200).end()
    })
  })
  servers.push(receiver)
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()))
  const receiverPort = (receiver.address() as { port: number }).port
  const amPort = await freePort()
  writeFileSync(
    join(dir, 'alertmanager.yml'),
    `route:\n  receiver: hook\n  group_by: [alertname, ${groupBy}]\n  group_wait: 1s\n  group_interval: 1s\n  repeat_interval: 1h\nreceivers:\n  - name: hook\n    webhook_configs:\n      - url: http://127.0.0.1:${receiverPort}/alerts\n        send_resolved: false\n`
  )
  const am = spawn(AM, [`--config.file=${join(dir, 'alertmanager.yml')}`, `--storage.path=${join(dir, 'am')}`, `--web.listen-address=127.0.0.1:${amPort}`, '--cluster.listen-address='], { stdio: 'ignore' })
  children.push(am)
  writeFileSync(join(dir, 'rules.yml'), readFileSync(rules, 'utf8').replace(/for: \d+m/g, 'for: 1s'))
  writeFileSync(
    join(dir, 'prometheus.yml'),
    `global:\n  scrape_interval: 1s\n  evaluation_interval: 1s\nalerting:\n  alertmanagers:\n    - static_configs:\n        - targets: ['127.0.0.1:${amPort}']\nrule_files:\n  - ${join(dir, 'rules.yml')}\nscrape_configs:\n  - job_name: bridgescope\n    static_configs:\n      - targets: ['127.0.0.1:${metricsPort}']\n`
  )
  const promPort = await freePort()
  const prom = spawn(PROM, [`--config.file=${join(dir, 'prometheus.yml')}`, `--storage.tsdb.path=${join(dir, 'tsdb')}`, `--web.listen-address=127.0.0.1:${promPort}`], { stdio: 'ignore' })
  children.push(prom)
  return { base: `http://127.0.0.1:${promPort}`, posted }
}

describe.skipIf(missing !== null)('a real Prometheus and Alertmanager over a lagging node', () => {
  it('NodeBehind reaches the webhook receiver for the lagging node; its failure and return fire no VaultRotated', async () => {
    // Same seed, same vault; the second node has rotated once, the first has not yet.
    const lagging = await startSimulator({ seed: 5, transfers: 5, rotateEveryMs: null })
    const current = await startSimulator({ seed: 5, transfers: 5, rotateEveryMs: null })
    sims.push(lagging, current)
    const { epoch } = current.rotateVault()

    const dir = tempDir()
    const metricsPort = await freePort()
    const watch = spawn(
      process.execPath,
      [CLI, 'watch', 'vault', '--base-url', lagging.baseUrl, '--rpc-url', lagging.rpcUrl, '--rpc-url', current.rpcUrl, '--interval', '1', '--metrics', `127.0.0.1:${metricsPort}`],
      { env: { ...process.env, BRIDGESCOPE_DATA_DIR: dir }, stdio: ['ignore', 'pipe', 'pipe'] }
    )
    children.push(watch)
    let stdout = ''
    let stderr = ''
    watch.stdout?.on('data', (c: Buffer) => (stdout += c.toString()))
    watch.stderr?.on('data', (c: Buffer) => (stderr += c.toString()))
    await vi.waitFor(() => expect(stderr).toContain('metrics at'), { timeout: 120_000 })

    const { base, posted } = await alerting(dir, metricsPort, 'docs/prometheus/bridgescope.rules.yml', 'node')
    const laggingLabel = labelUrl(lagging.rpcUrl)

    // each node its own epoch
    await vi.waitFor(
      async () => {
        const r = await query(base, 'bridgescope_vault_epoch')
        const byNode = Object.fromEntries(r.map((x) => [x.metric.node, Number(x.value[1])]))
        expect(byNode).toEqual({ [laggingLabel]: epoch - 1, [labelUrl(current.rpcUrl)]: epoch })
      },
      { timeout: 120_000, interval: 500 }
    )
    const behindAlerts = (): Posted['alerts'] => posted.flatMap((p) => p.alerts).filter((a) => a.labels.alertname === 'BridgescopeNodeBehind')
    await vi.waitFor(() => expect(behindAlerts().map((a) => a.labels.node)).toContain(laggingLabel), { timeout: 120_000, interval: 500 })
    expect(behindAlerts().every((a) => a.labels.node === laggingLabel)).toBe(true)
    // the watcher's own text names the node that is behind
    expect(stdout).toContain(`node-behind`)
    expect(stdout).toContain(`${lagging.rpcUrl} reports epoch ${epoch - 1}`)

    // The lagging node fails, then comes back still behind: seen down, then up again, by Prometheus.
    lagging.setFaults('tss_getVault', { status: 503 })
    const upOf = async (): Promise<string | undefined> => (await query(base, `bridgescope_node_up{node="${laggingLabel}"}`))[0]?.value[1]
    await vi.waitFor(async () => expect(await upOf()).toBe('0'), { timeout: 120_000, interval: 500 })
    lagging.clearFaults()
    await vi.waitFor(async () => expect(await upOf()).toBe('1'), { timeout: 120_000, interval: 500 })
    // a few more evaluations after the return
    const evaluated = async (): Promise<number> => Number((await query(base, 'vector(time())'))[0]?.value[1] ?? 0)
    const returnedAt = await evaluated()
    await vi.waitFor(async () => expect(await evaluated()).toBeGreaterThan(returnedAt + 5), { timeout: 120_000, interval: 500 })
    expect(await query(base, 'max_over_time(ALERTS{alertname="BridgescopeVaultRotated"}[10m])')).toEqual([])
    expect((await query(base, 'bridgescope_vault_changes_total'))[0]?.value[1]).toBe('0')
    expect(posted.flatMap((p) => p.alerts).filter((a) => a.labels.alertname === 'BridgescopeVaultRotated')).toEqual([])
    expect(stdout).not.toContain('vault-change')

    watch.kill('SIGTERM')
    expect(await new Promise<number | null>((r) => watch.once('exit', (c) => r(c)))).toBe(0)
  })

  it("the keepers' rules: a maintainer gone silent mid-run, a lagging scanner, rising slash points and a short vault each reach the receiver, and are said once", async () => {
    const net = await startKeeperNetwork()
    networks.push(net)
    const dir = tempDir()
    const metricsPort = await freePort()
    const watch = spawn(
      process.execPath,
      [
        CLI, 'watch', 'vault', '--json', '--base-url', 'http://127.0.0.1:9', '--rpc-url', net.relay.url, '--interval', '1',
        '--maintainers-check', '--solvency-check', '--maintainers', net.relay.maintainers, '--tss-manager', net.relay.tssManager,
        '--view-controller', net.relay.viewController, '--health-port', String(net.fleet.port), '--chain-rpc', `${BSC}=${net.bsc.url}`,
        '--metrics', `127.0.0.1:${metricsPort}`
      ],
      { env: { ...process.env, BRIDGESCOPE_DATA_DIR: dir }, stdio: ['ignore', 'pipe', 'pipe'] }
    )
    children.push(watch)
    let stdout = ''
    let stderr = ''
    watch.stdout?.on('data', (c: Buffer) => (stdout += c.toString()))
    watch.stderr?.on('data', (c: Buffer) => (stderr += c.toString()))
    await vi.waitFor(() => expect(stderr).toContain('metrics at'), { timeout: 120_000 })
    const { base, posted } = await alerting(dir, metricsPort, 'docs/prometheus/bridgescope-keepers.rules.yml', 'maintainer')
    const alerts = (name: string): Posted['alerts'] => posted.flatMap((p) => p.alerts).filter((a) => a.labels.alertname === name)

    // all well first: 21 nodes up, the vault holds its books, nothing alerts
    await vi.waitFor(
      async () => {
        expect((await query(base, 'bridgescope_keeper_node_up == 1')).length).toBe(21)
        expect((await query(base, 'bridgescope_vault_solvency_verdict{verdict="ok"} == 1')).map((x) => x.metric.chain)).toEqual([String(BSC)])
      },
      { timeout: 120_000, interval: 500 }
    )
    const [silent, slashed, lagging] = [net.maintainers[3]!, net.maintainers[5]!, net.fleet.nodes[7]!]
    // mid-run: one maintainer goes silent (its node down, its last heartbeat 15 minutes old), one scanner falls
    // 100 blocks behind, one maintainer is slashed, and the books say twice what the router holds
    await net.fleet.nodes[3]!.down()
    await net.relay.write('TestMaintainers', 'setMaintainer', [silent, 4, BigInt(Math.floor(Date.now() / 1000) - 900), EPOCH, net.fleet.nodes[3]!.host])
    lagging.state.scanners = { ...lagging.state.scanners, Bsc: [600, 500] }
    await net.relay.write('TestTSSManager', 'setSlashPoint', [EPOCH, slashed, 40n])
    await net.book(ROUTER_FUNDS * 2n)

    const low = (a: string | undefined): string => (a ?? '').toLowerCase()
    await vi.waitFor(
      () => {
        expect(alerts('BridgescopeKeeperHeartbeatStale').map((a) => low(a.labels.maintainer))).toContain(silent)
        expect(alerts('BridgescopeKeeperNodeUnreachable').map((a) => low(a.labels.maintainer))).toContain(silent)
        expect(alerts('BridgescopeKeeperScannerLagging').map((a) => `${low(a.labels.maintainer)} ${a.labels.chain}`)).toContain(`${net.maintainers[7]} Bsc`)
        expect(alerts('BridgescopeKeeperSlashPointsRising').map((a) => low(a.labels.maintainer))).toContain(slashed)
        expect(alerts('BridgescopeVaultShort').map((a) => a.labels.chain)).toContain(String(BSC))
      },
      { timeout: 120_000, interval: 500 }
    )
    // only the maintainers that changed
    expect(new Set(alerts('BridgescopeKeeperNodeUnreachable').map((a) => low(a.labels.maintainer)))).toEqual(new Set([silent]))
    expect(new Set(alerts('BridgescopeKeeperHeartbeatStale').map((a) => low(a.labels.maintainer)))).toEqual(new Set([silent]))

    watch.kill('SIGTERM')
    expect(await new Promise<number | null>((r) => watch.once('exit', (c) => r(c)))).toBe(0)
    // polled every second all along: each change said once
    const kinds = stdout
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { kind: string; maintainer?: string })
      .filter((e) => e.kind.startsWith('keeper-') || e.kind.startsWith('vault-s'))
      .map((e) => `${e.kind} ${low(e.maintainer)}`)
    for (const k of [`keeper-node-down ${silent}`, `keeper-heartbeat-stale ${silent}`, `keeper-scanner-lagging ${net.maintainers[7]}`, `keeper-slash-rising ${slashed}`, 'vault-short '])
      expect(kinds.filter((x) => x === k), k).toHaveLength(1)
  })
})
