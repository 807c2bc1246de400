// `watch vault --maintainers-check --solvency-check` on the demo network (21 maintainers, one node down, one
// Bsc scanner 45 blocks behind): the events once, their metrics only when asked, nothing said again after a
// restart, and a bad option refused before anything is sent.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { demoChainRpc } from '@shared/demo-network'
import { toErrorData } from '@shared/errors'
import { startSimulator, type Simulator } from '../../support/simulator'
import { runWatchCommand } from '../../../src/cli/watch'
import { simClient, tempDir } from '../main/watch/helpers'

let sim: Simulator
beforeAll(async () => {
  sim = await startSimulator({ seed: 5, transfers: 5, rotateEveryMs: null })
})
afterAll(async () => {
  await sim.close()
})

type Sink = { write(t: string): void; text: string }
function io(dir: string): { stdout: Sink; stderr: Sink; env: Record<string, string> } {
  const mk = (): Sink => {
    const w = { text: '', write: (t: string) => void (w.text += t) }
    return w
  }
  return { stdout: mk(), stderr: mk(), env: { BRIDGESCOPE_DATA_DIR: dir } }
}

const metricsUrl = (stderr: string): string | undefined => /metrics at (\S+)/.exec(stderr)?.[1]
async function scrape(out: { stderr: Sink }): Promise<string> {
  const url = metricsUrl(out.stderr.text)
  if (!url) throw new Error('not serving yet')
  return (await fetch(url, { signal: AbortSignal.timeout(10_000) })).text()
}
const roundAt = (text: string): string | undefined => /^bridgescope_keepers_last_round_timestamp_seconds (\S+)$/m.exec(text)?.[1]
const kinds = (stdout: string): string[] =>
  stdout
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { kind: string })
    .map((e) => e.kind)
    .filter((k) => k.startsWith('keeper-') || k.startsWith('vault-s'))

/** Runs the watch until `rounds` keepers rounds have ended and `until` holds; what it printed. */
async function watchRounds(
  dir: string,
  args: string[],
  rounds: number,
  until: (out: { stdout: Sink; stderr: Sink }) => void = () => undefined,
  network: Simulator = sim
): Promise<{ stdout: Sink; stderr: Sink; metrics: string; code: number }> {
  const out = io(dir)
  const stop = new AbortController()
  const done = runWatchCommand(['vault', '--json', '--interval', '1', '--metrics', '127.0.0.1:0', ...args], out, {
    client: simClient(network.baseUrl, [network.rpcUrl]),
    signal: stop.signal,
    chainRpc: demoChainRpc(network.baseUrl)
  })
  const seen = new Set<string>()
  let metrics = ''
  await vi.waitFor(
    async () => {
      metrics = await scrape(out)
      const at = roundAt(metrics)
      if (at) seen.add(at)
      expect(seen.size).toBeGreaterThanOrEqual(rounds)
      until(out)
    },
    { timeout: 120_000, interval: 200 }
  )
  stop.abort()
  return { ...out, metrics, code: await done }
}

describe('watch vault with the keepers checks', () => {
  it('says the silent maintainer and the lagging scanner once, exports their series, and says nothing again after a restart', async () => {
    const dir = tempDir()
    const first = await watchRounds(dir, ['--maintainers-check'], 4, (out) => {
      expect(kinds(out.stdout.text)).toEqual(expect.arrayContaining(['keeper-heartbeat-stale', 'keeper-node-down', 'keeper-scanner-lagging']))
    })
    expect(first.code).toBe(0)
    const said = kinds(first.stdout.text)
    for (const k of ['keeper-heartbeat-stale', 'keeper-node-down', 'keeper-scanner-lagging']) expect(said.filter((x) => x === k), k).toHaveLength(1)
    expect(first.stdout.text).toContain('"chain":"Bsc","lagBlocks":45')
    expect(first.metrics).toMatch(/^bridgescope_keeper_node_up\{maintainer="0x4[dD]4[dD]\S*05"\} 0$/m)
    expect(first.metrics.match(/^bridgescope_keeper_node_up\{/gm)).toHaveLength(21)
    // when each last sent a heartbeat, not how long ago: the silent one's is more than five minutes old
    const beats = [...first.metrics.matchAll(/^bridgescope_keeper_last_heartbeat_timestamp_seconds\{maintainer="(\S+)"\} (\d+)$/gm)]
    expect(beats).toHaveLength(21)
    const stale = beats.filter(([, , at]) => Date.now() / 1000 - Number(at) > 300).map(([, who]) => who?.toLowerCase())
    expect(stale).toEqual([expect.stringMatching(/05$/)])
    expect(first.metrics).toMatch(/^bridgescope_keeper_scanner_lag_blocks\{maintainer="\S+09",chain="Bsc"\} 45$/m)
    // solvency was not asked: none of its series
    expect(first.metrics).not.toContain('bridgescope_vault_solvency')
    expect(first.stderr.text).toContain('checking the keepers (maintainers)')

    const again = await watchRounds(dir, ['--maintainers-check'], 4)
    expect(again.code).toBe(0)
    expect(kinds(again.stdout.text).filter((k) => k !== 'keeper-slash-rising' && k !== 'keeper-node-up' && k !== 'keeper-heartbeat-resumed')).toEqual([])
  })

  it('--solvency-check alone exports the verdict per chain and token, and no maintainer series', async () => {
    const run = await watchRounds(tempDir(), ['--solvency-check'], 2)
    expect(run.code).toBe(0)
    expect(run.metrics).toMatch(/^bridgescope_vault_solvency_verdict\{vault="0x045c\S*",chain="56",token="0x55d398326f99059ff775485246999027b3197955",verdict="(ok|short)"\} 1$/m)
    expect(run.metrics).toMatch(/^bridgescope_vault_solvency_verdict\{[^}]*chain="1360095883558913"[^}]*verdict="cannot-check-here"\} 1$/m)
    expect(run.metrics).not.toContain('bridgescope_keeper_node_up')
  })

  it('without the flags no keepers series; a bad keepers option is refused before anything is sent', async () => {
    const plain = await watchRounds(tempDir(), [], 0, (out) => expect(metricsUrl(out.stderr.text)).toBeDefined())
    expect(plain.metrics).not.toContain('bridgescope_keeper')
    const before = sim.stats().requests.tss_getVault
    for (const bad of [['--threshold', '120'], ['--health-port', '0'], ['--maintainers', '0x12'], ['--max-lag', '-1'], ['--heartbeat-stale', '10s']]) {
      const out = io(tempDir())
      // a usage error exits 2 here; an input error is thrown for the CLI's main to exit 2 with its message
      const outcome = await runWatchCommand(['vault', '--maintainers-check', ...bad], out, { client: simClient(sim.baseUrl, [sim.rpcUrl]), signal: new AbortController().signal }).then(
        (code) => `exit ${code}`,
        (e: unknown) => `${toErrorData(e).kind}: ${toErrorData(e).message}`
      )
      expect(outcome, bad.join(' ')).toMatch(/^(exit 2|input: --(threshold|health-port|maintainers|max-lag) )/)
    }
    expect(sim.stats().requests.tss_getVault).toBe(before)
  })

  it('on still keepers (the idle measures\' network) both checks find every node up and in step and the vault solvent, and say nothing round after round', async () => {
    const still = await startSimulator({ seed: 5, transfers: 5, rotateEveryMs: null, keepers: 'still' })
    try {
      const run = await watchRounds(tempDir(), ['--maintainers-check', '--solvency-check'], 5, () => undefined, still)
      expect(run.code).toBe(0)
      expect(kinds(run.stdout.text)).toEqual([])
      expect(run.metrics.match(/^bridgescope_keeper_node_up\{[^}]*\} 1$/gm)).toHaveLength(21)
      const lags = [...run.metrics.matchAll(/^bridgescope_keeper_scanner_lag_blocks\{[^}]*\} (\S+)$/gm)].map((m) => Number(m[1]))
      expect(lags).toHaveLength(21 * 3)
      expect(Math.max(...lags)).toBeLessThanOrEqual(1)
      expect(run.metrics).toMatch(/^bridgescope_vault_solvency_verdict\{[^}]*chain="56"[^}]*verdict="ok"\} 1$/m)
    } finally {
      await still.close()
    }
  })
})
