// `bridgescope tss …` in-process: against the demo network, against MAP's own example answers (exact numbers
// in --json), where the URL comes from, and the exit codes.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { main } from '../../../src/cli'
import { startSimulator, type Simulator } from '../../support/simulator'
import { defaultSettings } from '../../../src/shared/schemas/settings'

let sim: Simulator
let map: { url: string; close(): Promise<void> }
let dataDir = ''

/** MAP's published example answers, by path (test/fixtures/map). */
async function serveMapExamples(): Promise<{ url: string; close(): Promise<void> }> {
  const files: Record<string, string> = {
    '/cross/chain/height': 'tss-chain-height.json',
    '/cross/order': 'tss-order.json',
    '/cross/tx': 'tss-tx.json',
    '/cross/pending/tx': 'tss-pending-tx.json'
  }
  const server: Server = createServer((req, res) => {
    const file = files[new URL(req.url ?? '/', 'http://x').pathname]
    if (!file) return res.writeHead(404).end()
    res.writeHead(200, { 'content-type': 'application/json' }).end(readFileSync(`test/fixtures/map/${file}`))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve()))
  }
}

beforeAll(async () => {
  sim = await startSimulator({ seed: 5, transfers: 1500, rotateEveryMs: null })
  map = await serveMapExamples()
})
afterAll(async () => {
  await sim.close()
  await map.close()
})
afterEach(() => {
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

async function cli(args: string[], env: Record<string, string> = {}, settings?: unknown): Promise<{ code: number; out: string; err: string }> {
  dataDir = mkdtempSync(join(tmpdir(), 'bridgescope-cli-tss-'))
  if (settings) writeFileSync(join(dataDir, 'settings.json'), JSON.stringify(settings))
  let out = ''
  let err = ''
  const code = await main(args, {
    stdout: { write: (s: string) => (out += s) },
    stderr: { write: (s: string) => (err += s) },
    env: { BRIDGESCOPE_DATA_DIR: dataDir, ...env }
  })
  return { code, out, err }
}

describe('tss against the demo network', () => {
  it('heights follows the chain list: one row per chain with its scan height', async () => {
    const r = await cli(['tss', 'heights', '--tss-url', sim.tssUrl, '--base-url', sim.baseUrl])
    expect(r.code).toBe(0)
    expect(r.out).toMatch(/^CHAIN ID\s+NAME\s+SCAN HEIGHT/)
    expect(r.out).toMatch(/\n\s*22776\s+MAP Relay Chain\s+\d+/)
    expect(r.err).toBe('')
  })

  it('heights --chain-id takes odd ids; --json gives heights as exact JSON numbers', async () => {
    const r = await cli(['tss', 'heights', '--chain-id', '1360095883558914', '--chain-id', '56', '--json', '--tss-url', sim.tssUrl])
    expect(r.code).toBe(0)
    expect(r.out).toMatch(/"height": \d+/)
    const rows = JSON.parse(r.out) as { chainId: string; height: number }[]
    expect(rows.map((x) => x.chainId)).toEqual(['1360095883558914', '56'])
  })

  it('pending lists the chain\'s orders oldest first with their age; tx traces one of them', async () => {
    const r = await cli(['tss', 'pending', '--chain-id', '1360095883558914', '--tss-url', sim.tssUrl])
    expect(r.code).toBe(0)
    expect(r.out).toMatch(/^TX\s+AGE\s+STATUS/)
    expect(r.out).toMatch(/\d+ pending on chain 1360095883558914, oldest /)
    const hash = /\n([0-9a-f]{64})\s/.exec(r.out)?.[1]
    expect(hash).toBeDefined()
    const t = await cli(['tss', 'tx', hash!, '--tss-url', sim.tssUrl])
    expect(t.code).toBe(0)
    expect(t.out).toMatch(/Status\s+Pending \(1/)
    expect(t.out).toContain(`Route   1360095883558914 → 1`)
  })

  it('with no URL anywhere the demo network stands in, and stderr says so', async () => {
    const r = await cli(['tss', 'heights'])
    expect(r.code).toBe(0)
    expect(r.err).toMatch(/built-in simulator .* stands in for the TSS API/)
  })

  it('BRIDGESCOPE_TSS_URL, then the active profile\'s TSS API URL', async () => {
    const env = await cli(['tss', 'pending', '--chain-id', '1360095883558914'], { BRIDGESCOPE_TSS_URL: map.url })
    expect(env.out).toContain('8c2d4520b91d4407c542256d46eace870b012704e10712ad220619af6b195780')
    const s = defaultSettings()
    s.profiles.push({ id: 'mainnet', name: 'Mainnet', kind: 'custom', baseUrl: sim.baseUrl, rpcUrls: [], timeoutMs: 15_000, maxPageSize: 100, tssUrl: map.url })
    s.activeProfileId = 'mainnet'
    const prof = await cli(['tss', 'pending', '--chain-id', '1360095883558914'], {}, s)
    expect(prof.code).toBe(0)
    expect(prof.out).toContain('8c2d4520b91d4407c542256d46eace870b012704e10712ad220619af6b195780')
    expect(prof.err).not.toMatch(/simulator/)
  })
})

describe("tss on MAP's example answers", () => {
  it('order --json prints the record with its integers exact', async () => {
    const r = await cli(['tss', 'order', '0x4acc386427ec855298c70442167cad7c51a614e1d2392c85013761296da490bd', '--json', '--tss-url', map.url])
    expect(r.code).toBe(0)
    expect(r.out).toContain('"chain_and_gas_limit": "142967269125167041077142995715525384507308163214988674526560832"')
    expect(r.out).toContain('"height": 76128655')
    expect(r.out).toContain('"status": 3')
    expect(r.out).toContain('"timestamp": 1768802700')
  })

  it('tx prints the legs with heights, times and the time each took', async () => {
    const r = await cli(['tss', 'tx', '0x3851dfca6deef8095bce53a6b63230359d9dc3a9e944d5827ab36df387b2fea7', '--tss-url', map.url])
    expect(r.code).toBe(0)
    expect(r.out).toMatch(/Status\s+Completed \(3, "completed"\)/)
    expect(r.out).toMatch(/Route\s+22776 → 56/)
    expect(r.out).toMatch(/Destination\s+56\s+76128655\s+2026-01-19 06:04:11 UTC\s+6 s\s+0xa7186bd5/)
    expect(r.out).toMatch(/Recorded on MAP\s+22776\s+22099966\s+\S+ \S+ UTC\s+49 s/)
  })
})

describe('tss exit codes', () => {
  it('2 for bad usage or input, before anything is sent', async () => {
    expect((await cli(['tss', 'order', '0x12', '--tss-url', map.url])).code).toBe(2)
    expect((await cli(['tss', 'pending', '--tss-url', map.url])).code).toBe(2)
    expect((await cli(['tss', 'heights', '--chain-id', 'abc', '--tss-url', map.url])).code).toBe(2)
    expect((await cli(['tss', 'nonsense'])).code).toBe(2)
    const creds = await cli(['tss', 'heights', '--chain-id', '1', '--tss-url', 'https://u:p@tss.example'])
    expect(creds.code).toBe(2)
    expect(creds.err).not.toContain('u:p')
  })

  it('1 when MAP knows no such order, or the API cannot be reached', async () => {
    const unknown = await cli(['tss', 'tx', '0x' + '12'.repeat(32), '--tss-url', sim.tssUrl])
    expect(unknown.code).toBe(1)
    expect(unknown.err).toMatch(/knows no order/)
    const down = await cli(['tss', 'heights', '--chain-id', '1', '--tss-url', 'http://127.0.0.1:9', '--timeout', '2000'])
    expect(down.code).toBe(1)
  })
})
