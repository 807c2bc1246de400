// `vault maintainers` and `vault solvency` end to end on real parts: anvil as the relay chain, a second
// anvil chain holding the router's ERC-20, 21 health servers; text, --json, and the exit codes a script
// branches on (0 ok, 1 short, 2 bad input, 3 not judged).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { main } from '../../../src/cli'
import { solvencyReportSchema, keepersReportSchema } from '@shared/keepers'
import { BSC, ROUTER_FUNDS, startKeeperNetwork, type KeeperNetwork } from '../../support/keepers-network'

let net: KeeperNetwork
let dataDir: string

beforeAll(async () => {
  net = await startKeeperNetwork()
  dataDir = mkdtempSync(join(tmpdir(), 'bridgescope-keepers-'))
})
afterAll(async () => {
  await net?.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

async function cli(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = ''
  let err = ''
  const contracts = [
    '--maintainers',
    net.relay.maintainers,
    '--tss-manager',
    net.relay.tssManager,
    '--view-controller',
    net.relay.viewController
  ]
  const code = await main(
    [...args, '--rpc-url', net.relay.url, ...contracts, '--health-port', String(net.fleet.port)],
    {
      stdout: { write: (s: string) => (out += s) },
      stderr: { write: (s: string) => (err += s) },
      env: { BRIDGESCOPE_DATA_DIR: dataDir }
    }
  )
  return { code, out, err }
}

const chainRpc = (): string[] => ['--chain-rpc', `${BSC}=${net.bsc.url}`]

describe('vault maintainers', () => {
  it('lists the 21 maintainers with their nodes; a silent node is named with its reason, and the exit is still 0', async () => {
    await net.fleet.nodes[6]!.down()
    try {
      const text = await cli(['vault', 'maintainers'])
      expect(text.code).toBe(0)
      expect(text.out).toMatch(/Epoch\s+7/)
      expect(text.out).toMatch(/TSS\s+completed \(3\)/)
      expect(text.out).toMatch(/active\s+\d+ (s|min \d+ s) ago\s+7\s+0\s+up\s+20\s+Map 1\s+127\.0\.0\.2\n/)
      expect(text.out.split('\n').filter((l) => /^0x[0-9a-fA-F]{40}\s+active/.test(l))).toHaveLength(21)
      expect(text.out).toMatch(/node not reached: .*nothing answers at 127\.0\.0\.8/)
      const json = await cli(['vault', 'maintainers', '--json'])
      const report = keepersReportSchema.parse(JSON.parse(json.out))
      expect(report.maintainers.filter((m) => m.node?.reachable === false).map((m) => m.p2pAddress)).toEqual([
        '127.0.0.8'
      ])
    } finally {
      await net.fleet.nodes[6]!.up()
    }
  })

  it('a contract flag that is not an address is refused naming it (exit 2), nothing sent', async () => {
    let err = ''
    const code = await main(['vault', 'maintainers', '--rpc-url', net.relay.url, '--maintainers', 'nope'], {
      stdout: { write: () => true },
      stderr: { write: (s: string) => (err += s) },
      env: { BRIDGESCOPE_DATA_DIR: dataDir }
    })
    expect(code).toBe(2)
    expect(err).toMatch(/--maintainers takes a 0x address/)
  })

  it('`vault` and `vault <epoch>` are still the vault command', async () => {
    let err = ''
    const code = await main(['vault', 'maintainer'], {
      stdout: { write: () => true },
      stderr: { write: (s: string) => (err += s) },
      env: { BRIDGESCOPE_DATA_DIR: dataDir }
    })
    // "maintainer" is no sub-command: read as the one-word command's epoch, which it is not
    expect(code).toBe(2)
    expect(err).toMatch(/epoch/)
  })
})

describe('vault solvency', () => {
  it('ok: exit 0, the gap and the finalized block said; Bitcoin cannot be checked here', async () => {
    const r = await cli(['vault', 'solvency', ...chainRpc()])
    expect(r.code).toBe(0)
    expect(r.out).toMatch(/Bsc \(56\)\s+0x[0-9a-fA-F]{40}\s+1000000\s+1000000\s+0\s+0\s+0 %\s+ok/)
    expect(r.out).toMatch(/Btc \(1360095883558913\)\s+native\s+2\.5\s+-.*cannot check here/)
    expect(r.out).toMatch(/finalized block \d+ from http:\/\/127\.0\.0\.1/)
    const json = solvencyReportSchema.parse(
      JSON.parse((await cli(['vault', 'solvency', '--json', ...chainRpc()])).out)
    )
    expect(json.vaults[0]!.chains[0]!.scannerLag).toEqual({ blocks: 0, nodes: 21 })
  })

  it('short: exit 1; within a wider --threshold: exit 0', async () => {
    await net.book((ROUTER_FUNDS * 103n) / 100n)
    try {
      const short = await cli(['vault', 'solvency', ...chainRpc()])
      expect(short.code).toBe(1)
      expect(short.out).toMatch(/SHORT \(-2\.9126 %\)/)
      expect((await cli(['vault', 'solvency', ...chainRpc(), '--threshold', '5'])).code).toBe(0)
    } finally {
      await net.book(ROUTER_FUNDS)
    }
  })

  it('while the scanners lag: exit 3 with the lag, even with the books short', async () => {
    const kept = net.fleet.nodes.map((n) => n.state)
    net.fleet.nodes.forEach(
      (n) => (n.state = { ...n.state, scanners: { ...n.state.scanners, Bsc: [600, 540] } })
    )
    await net.book(ROUTER_FUNDS * 2n)
    try {
      const r = await cli(['vault', 'solvency', ...chainRpc()])
      expect(r.code).toBe(3)
      expect(r.out).toMatch(/cannot judge yet \(scanner 60 blocks behind\)/)
      expect((await cli(['vault', 'solvency', ...chainRpc(), '--max-lag', '100'])).code).toBe(1)
    } finally {
      net.fleet.nodes.forEach((n, i) => (n.state = kept[i]!))
      await net.book(ROUTER_FUNDS)
    }
  })

  it('a bad --threshold or --chain-rpc is refused naming it (exit 2)', async () => {
    for (const [args, words] of [
      [['--threshold', '150'], /--threshold/],
      [['--chain-rpc', 'bsc=http://x'], /--chain-rpc takes CHAIN_ID=URL/]
    ] as const) {
      const r = await cli(['vault', 'solvency', ...args])
      expect(r.code).toBe(2)
      expect(r.err).toMatch(words)
    }
  })
})
