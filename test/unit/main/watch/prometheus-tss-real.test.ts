// Against the real thing: Debian's Prometheus scrapes the built CLI (`out/node/cli.js watch tss`) on the demo
// network, evaluates the shipped TSS rules (docs/prometheus/bridgescope-tss.rules.yml, only `for:` shortened)
// and hands the alerts to Debian's Alertmanager, which posts them to a webhook receiver of ours. A stalled
// scanner (the demo's chain 56, stalled from the start) and an old pending order (the demo's Bitcoin-like
// chain holds one 9 h old) must each arrive there as a firing alert. Everything on 127.0.0.1.
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer as createHttpServer, type Server } from 'node:http'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { startSimulator, type Simulator } from '../../../support/simulator'
import { tempDir } from './helpers'

const PROM = '/usr/bin/prometheus'
const AM = '/usr/bin/prometheus-alertmanager'
const CLI = 'out/node/cli.js'
const missing = !existsSync(PROM) ? `${PROM} is not installed (apt-get install prometheus)` : !existsSync(AM) ? `${AM} is not installed (apt-get install prometheus-alertmanager)` : !existsSync(CLI) ? `${CLI} is not built` : null
if (missing) console.log(`skipped: ${missing}`)

async function freePort(): Promise<number> {
  const s = createServer()
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()))
  const addr = s.address()
  await new Promise<void>((r) => s.close(() => r()))
  return typeof addr === 'object' && addr ? addr.port : 0
}

interface AmAlert {
  status: string
  labels: Record<string, string>
}

const children: ChildProcess[] = []
const closers: (() => Promise<void>)[] = []
afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM')
  for (const close of closers) await close()
})

describe.skipIf(missing !== null)('a real Prometheus and Alertmanager on a real bridgescope watch tss', () => {
  it('a stalled scanner and an old pending order each reach a webhook receiver as firing alerts', async () => {
    const sim: Simulator = await startSimulator({ seed: 4, transfers: 300, rotateEveryMs: null, tss: { stallChainId: 56, stallOffsetMs: 0, stallForMs: 3_600_000 } })
    closers.push(() => sim.close())

    // the webhook receiver: every alert Alertmanager posts, as it posts it
    const received: AmAlert[] = []
    const receiver: Server = createHttpServer((req, res) => {
      let body = ''
      req.on('data', (c: Buffer) => (body += c.toString()))
      req.on('end', () => {
        received.push(...(JSON.parse(body) as { alerts: AmAlert[] }).alerts)
        res.writeHead(200).end()
      })
    })
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()))
    closers.push(() => new Promise<void>((r) => receiver.close(() => r())))
    const receiverPort = (receiver.address() as { port: number }).port

    const dir = tempDir()
    const metricsPort = await freePort()
    const watch = spawn(
      process.execPath,
      [CLI, 'watch', 'tss', '--tss-url', sim.tssUrl, '--chain-id', '56', '--chain-id', '1360095883558914', '--chain-id', '137', '--interval', '1', '--stall-after', '6s', '--metrics', `127.0.0.1:${metricsPort}`],
      { env: { ...process.env, BRIDGESCOPE_DATA_DIR: dir }, stdio: ['ignore', 'pipe', 'pipe'] }
    )
    children.push(watch)
    let stderr = ''
    watch.stderr?.on('data', (c: Buffer) => (stderr += c.toString()))
    await vi.waitFor(() => expect(stderr).toContain('metrics at'), { timeout: 120_000 })

    const amPort = await freePort()
    writeFileSync(
      join(dir, 'alertmanager.yml'),
      `route:\n  receiver: hook\n  group_by: [alertname, chain]\n  group_wait: 1s\n  group_interval: 1s\n  repeat_interval: 1h\nreceivers:\n  - name: hook\n    webhook_configs:\n      - url: http://127.0.0.1:${receiverPort}/alerts\n`
    )
    const am = spawn(AM, [`--config.file=${join(dir, 'alertmanager.yml')}`, `--storage.path=${join(dir, 'am')}`, `--web.listen-address=127.0.0.1:${amPort}`, '--cluster.listen-address='], { stdio: 'ignore' })
    children.push(am)

    const rules = readFileSync('docs/prometheus/bridgescope-tss.rules.yml', 'utf8').replace(/for: \d+m/g, 'for: 1s')
    writeFileSync(join(dir, 'rules.yml'), rules)
    writeFileSync(
      join(dir, 'prometheus.yml'),
      `global:\n  scrape_interval: 1s\n  evaluation_interval: 1s\nrule_files:\n  - ${join(dir, 'rules.yml')}\nalerting:\n  alertmanagers:\n    - static_configs:\n        - targets: ['127.0.0.1:${amPort}']\nscrape_configs:\n  - job_name: bridgescope\n    static_configs:\n      - targets: ['127.0.0.1:${metricsPort}']\n`
    )
    const promPort = await freePort()
    const prom = spawn(PROM, [`--config.file=${join(dir, 'prometheus.yml')}`, `--storage.tsdb.path=${join(dir, 'tsdb')}`, `--web.listen-address=127.0.0.1:${promPort}`], { stdio: 'ignore' })
    children.push(prom)

    await vi.waitFor(
      () => {
        const firing = received.filter((a) => a.status === 'firing')
        const chainsOf = (name: string): string[] => firing.filter((a) => a.labels.alertname === name).map((a) => a.labels.chain ?? '')
        expect(chainsOf('BridgescopeTssScannerStalled')).toContain('56')
        expect(chainsOf('BridgescopeTssPendingOld')).toContain('1360095883558914')
      },
      { timeout: 120_000, interval: 500 }
    )
    // a scanner that keeps moving (Polygon: 2 s blocks) raised neither
    expect(received.filter((a) => a.labels.chain === '137')).toEqual([])
    watch.kill('SIGTERM')
    expect(await new Promise<number | null>((r) => watch.once('exit', (c) => r(c)))).toBe(0)
  })
})
