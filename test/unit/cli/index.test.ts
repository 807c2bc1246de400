import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { main } from '../../../src/cli'
import { startSimulator, type Simulator } from '../../support/simulator'
import { defaultSettings } from '../../../src/shared/schemas/settings'
import { startPrefixProxy } from '../main/client/helpers'
import type { Transfer } from '../../../src/shared/transfer'

let sim: Simulator
let dataDir: string

beforeAll(async () => {
  sim = await startSimulator({ seed: 21, transfers: 1500, rotateEveryMs: null })
})
afterAll(async () => sim.close())
afterEach(() => {
  sim.clearFaults()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

interface Run {
  code: number
  out: string
  err: string
}

/** Runs the CLI in-process with captured output; settings come from a fresh, empty data folder. */
async function cli(args: string[], env: Record<string, string> = {}): Promise<Run> {
  dataDir = mkdtempSync(join(tmpdir(), 'bridgescope-cli-'))
  let out = ''
  let err = ''
  const code = await main(args, {
    stdout: { write: (s: string) => (out += s) },
    stderr: { write: (s: string) => (err += s) },
    env: { BRIDGESCOPE_DATA_DIR: dataDir, ...env }
  })
  return { code, out, err }
}

const urls = (): string[] => ['--base-url', sim.baseUrl, '--rpc-url', sim.rpcUrl]

describe('cli: success (exit 0)', () => {
  it('chains', async () => {
    const r = await cli(['chains', ...urls()])
    expect(r.code).toBe(0)
    expect(r.out).toMatch(/^CHAIN ID\s+NAME/)
    expect(r.err).toBe('')
  })

  it('tokens --chain-id, and --json', async () => {
    const chainId = sim.sample().addresses[0]!.chainId
    const r = await cli(['tokens', '--chain-id', String(chainId), ...urls(), '--json'])
    expect(r.code).toBe(0)
    const list = JSON.parse(r.out) as Record<string, unknown[]>
    expect(Object.keys(list)).toEqual([String(chainId)])
  })

  it('transfer: 10^22+1 survives to the formatted text and to --json', async () => {
    const hash = sim.sample().txHashes[0]!
    const human = await cli(['transfer', hash, ...urls()])
    expect(human.code).toBe(0)
    expect(human.out).toContain('10,000.000000000000000001')
    // the state and type read as in the app: the label, its number after it
    expect(human.out).toMatch(/^State\s+(Pending|Complete|Processing) \(\d+\)$/m)
    expect(human.out).toMatch(/^Type\s+Type \d+$/m)
    const json = await cli(['transfer', hash, ...urls(), '--json'])
    expect(json.code).toBe(0)
    // our model, versioned: the exact value in token units beside the digits the service sent
    const parsed = JSON.parse(json.out) as { format: string; version: number; transfer: Transfer }
    expect(parsed).toMatchObject({ format: 'bridgescope.transfer', version: 1 })
    expect(parsed.transfer.sent).toMatchObject({ value: '10000.000000000000000001', unit: 'smallest', token: { decimals: 18 } })
    expect(parsed.transfer.sent.wire).toMatch(/^10000000000000000000001(\.0+)?$/)
    expect(parsed.transfer.legs.source.chainName).toEqual(expect.any(String))
  })

  it('history page, --json, and --all', async () => {
    const { address, chainId, count } = sim.sample().addresses[0]!
    const page = await cli(['history', '--address', address, '--chain-id', String(chainId), '--page-size', '5', ...urls()])
    expect(page.code).toBe(0)
    expect(page.out).toContain(`(total ${count})`)
    expect(page.out.split('\n').length).toBe(5 + 4)
    const json = await cli(['history', '--address', address, '--chain-id', String(chainId), ...urls(), '--json'])
    const data = JSON.parse(json.out) as { format: string; total: number; transfers: Transfer[] }
    expect(data.format).toBe('bridgescope.transfers')
    expect(data.total).toBe(count)
    expect(data.transfers[0]!.sent.value).toMatch(/^\d+(\.\d+)?$/)
    expect(data.transfers[0]!.stable?.symbol).toBe('USDT')
    const all = await cli(['history', '--address', address, '--chain-id', String(chainId), '--all', ...urls(), '--json'])
    expect((JSON.parse(all.out) as { transfers: unknown[] }).transfers.length).toBe(count)
  })

  it('the named amount appears in history --json exactly', async () => {
    const hash = sim.sample().txHashes[0]!
    const { transfer: detail } = JSON.parse((await cli(['transfer', hash, ...urls(), '--json'])).out) as { transfer: Transfer }
    const from = detail.sender as string
    const chain = String(detail.legs.source.chainId)
    const r = await cli(['history', '--address', from, '--chain-id', chain, '--all', ...urls(), '--json'])
    expect(r.out).toMatch(/"value": "10000\.000000000000000001"/)
    expect(r.out).toMatch(/"wire": "10000000000000000000001(\.0+)?"/)
    const human = await cli(['history', '--address', from, '--chain-id', chain, '--all', ...urls()])
    expect(human.out).toContain('10,000.000000000000000001')
  })

  it('vault latest and by epoch', async () => {
    const latest = await cli(['vault', ...urls()])
    expect(latest.code).toBe(0)
    expect(latest.out).toContain('Vault (latest)')
    const epoch = sim.sample().epochs[0]!
    const json = await cli(['vault', String(epoch), ...urls(), '--json'])
    expect(json.code).toBe(0)
    expect((JSON.parse(json.out) as { query: string }).query).toBe('0x' + epoch.toString(16))
  })

  it('an undecodable field: the record is printed, stderr names it', async () => {
    const { address, chainId } = sim.sample().addresses[0]!
    const proxy = await startPrefixProxy(sim.baseUrl, '/p', (body) => body.replace(/"tokenObject":"(?:[^"\\]|\\.)*"/, '"tokenObject":"{broken"'))
    try {
      const r = await cli(['history', '--address', address, '--chain-id', String(chainId), '--page-size', '3', '--base-url', proxy.url])
      expect(r.code).toBe(0)
      expect(r.err).toMatch(/warning: record id \d+ \(0x[0-9a-f]+\): field tokenObject could not be decoded/)
      expect(r.out).toContain('(raw)')
    } finally {
      await proxy.close()
    }
  })

  it('a command given the endpoint it uses starts no simulator; one missing an endpoint names what the simulator stands in for', async () => {
    const chainsOnly = await cli(['chains', '--base-url', sim.baseUrl])
    expect(chainsOnly.code).toBe(0)
    expect(chainsOnly.err).not.toContain('simulator')
    const vaultOnly = await cli(['vault', 'latest', '--rpc-url', sim.rpcUrl])
    expect(vaultOnly.code).toBe(0)
    expect(vaultOnly.err).not.toContain('simulator')
    const noNode = await cli(['vault', 'latest', '--base-url', sim.baseUrl])
    expect(noNode.err).toMatch(/stands in for the node \(no --rpc-url\)/)
    expect(noNode.err).not.toMatch(/query service/)
  })

  it('no settings → the demo simulator, said on stderr', async () => {
    const r = await cli(['chains'])
    expect(r.code).toBe(0)
    expect(r.err).toMatch(/simulator at http:\/\/127\.0\.0\.1:\d+/)
  })

  it('a custom active profile is used; env overrides it', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'bridgescope-cli-'))
    const settings = defaultSettings()
    settings.profiles.push({ id: 'mine', name: 'Mine', kind: 'custom', baseUrl: sim.baseUrl, rpcUrls: [sim.rpcUrl], timeoutMs: 5000, maxPageSize: 50 })
    settings.activeProfileId = 'mine'
    writeFileSync(join(dataDir, 'settings.json'), JSON.stringify(settings))
    let out = ''
    let err = ''
    const io = { stdout: { write: (s: string) => (out += s) }, stderr: { write: (s: string) => (err += s) } }
    const before = sim.stats().requests.queryChainList
    expect(await main(['chains'], { ...io, env: { BRIDGESCOPE_DATA_DIR: dataDir } })).toBe(0)
    expect(err).toBe('')
    expect(sim.stats().requests.queryChainList).toBe(before + 1)
    const code = await main(['chains'], { ...io, env: { BRIDGESCOPE_DATA_DIR: dataDir, BRIDGESCOPE_BASE_URL: 'http://127.0.0.1:1' } })
    expect(code).toBe(1)
    expect(out).toContain('CHAIN ID')
  })
})

describe('cli: sim', () => {
  it('prints its URLs, serves, and stops on the signal with exit 0', async () => {
    const stop = new AbortController()
    let out = ''
    const running = main(['sim', '--seed', '4', '--transfers', '50'], {
      stdout: { write: (s: string) => (out += s) },
      stderr: { write: () => true },
      env: {},
      signal: stop.signal
    })
    for (let i = 0; i < 100 && !out.includes('RPC URL'); i++) await new Promise((r) => setTimeout(r, 20))
    const base = /base URL: (\S+)/.exec(out)?.[1]
    expect(base).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    const r = await cli(['chains', '--base-url', base!, '--rpc-url', `${base!}/rpc`])
    expect(r.code).toBe(0)
    stop.abort()
    expect(await running).toBe(0)
  })
})

describe('cli: service failures (exit 1)', () => {
  it('api envelope error, message on stderr without a stack', async () => {
    sim.setFaults('queryChainList', { envelope: { code: 503, message: 'maintenance' } })
    const r = await cli(['chains', ...urls()])
    expect(r.code).toBe(1)
    expect(r.err).toBe('bridgescope: queryChainList: the service answered code 503: maintenance\n')
  })
  it('unknown transfer', async () => {
    const r = await cli(['transfer', '0x' + '1'.repeat(64), ...urls()])
    expect(r.code).toBe(1)
    expect(r.err).toContain('404')
  })
  it('HTML page and unreachable node', async () => {
    sim.setFaults('queryTokenList', { html: true })
    expect((await cli(['tokens', ...urls()])).code).toBe(1)
    const r = await cli(['vault', '--base-url', sim.baseUrl, '--rpc-url', 'http://127.0.0.1:1/rpc'])
    expect(r.code).toBe(1)
    expect(r.err).not.toMatch(/\n\s+at /)
  })
  it('rpc error', async () => {
    const r = await cli(['vault', '999999', ...urls()])
    expect(r.code).toBe(1)
    expect(r.err).toContain('epoch not found')
  })
})

describe('cli: bad usage or input (exit 2, nothing sent)', () => {
  const cases: [string, string[]][] = [
    ['no command', []],
    ['unknown command', ['frobnicate']],
    ['unknown option', ['chains', '--frob']],
    ['option of another command', ['chains', '--all']],
    ['missing address', ['history', '--chain-id', '1']],
    ['bad address', ['history', '--address', '0x12', '--chain-id', '1']],
    ['bad chain id', ['history', '--address', '0x' + 'a'.repeat(40), '--chain-id', 'one']],
    ['page 0', ['history', '--address', '0x' + 'a'.repeat(40), '--chain-id', '1', '--page', '0']],
    ['page too large', ['history', '--address', '0x' + 'a'.repeat(40), '--chain-id', '1', '--page-size', '5000']],
    ['bad hash', ['transfer', '0x12']],
    ['missing hash', ['transfer']],
    ['bad epoch', ['vault', '-5']],
    ['bad timeout', ['chains', '--timeout', 'soon']],
    ['bad base url', ['chains', '--base-url', 'ftp://x', '--rpc-url', 'http://127.0.0.1:1']]
  ]
  it.each(cases)('%s', async (_name, args) => {
    const before = sim.stats().requests
    const r = await cli([...args, ...(args.includes('--base-url') ? [] : urls())])
    expect(r.code).toBe(2)
    expect(r.err).toMatch(/^bridgescope: /)
    expect(sim.stats().requests).toEqual(before)
  })
  it('bad input starts nothing, not even the demo network', async () => {
    for (const args of [['transfer', '0x12'], ['vault', 'soon'], ['history', '--address', 'x', '--chain-id', '1']]) {
      const r = await cli(args)
      expect(r.code).toBe(2)
      expect(r.err).not.toContain('simulator')
    }
  })
  it('--help prints usage, exit 0', async () => {
    const r = await cli(['--help'])
    expect(r.code).toBe(0)
    expect(r.out).toContain('Usage: bridgescope')
  })
})

describe('cli: watch', () => {
  it('watch vault --json prints one JSON line per vault change until stopped, then exits 0', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'bridgescope-cli-'))
    let out = ''
    let err = ''
    const stop = new AbortController()
    const running = main(['watch', 'vault', '--interval', '1', '--json', ...urls()], {
      stdout: { write: (s: string) => (out += s) },
      stderr: { write: (s: string) => (err += s) },
      env: { BRIDGESCOPE_DATA_DIR: dataDir },
      signal: stop.signal
    })
    // the first poll is the baseline; a rotation after it is one change
    await new Promise((r) => setTimeout(r, 1500))
    const rotated = sim.rotateVault()
    const deadline = Date.now() + 8000
    while (!out.includes('vault-change') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100))
    stop.abort()
    expect(await running).toBe(0)
    const lines = out.trim().split('\n').filter(Boolean)
    expect(lines).toHaveLength(1)
    const event = JSON.parse(lines[0] as string) as { kind: string; epochAfter: number | string }
    expect(event.kind).toBe('vault-change')
    expect(String(event.epochAfter)).toContain(String(rotated.epoch))
    expect(err).toContain('watching')
  })

  it('watch with bad usage exits 2', async () => {
    const r = await cli(['watch', 'transfer', '0x12', ...urls()])
    expect(r.code).toBe(2)
    expect(r.err).toMatch(/txHash/)
  })
})
