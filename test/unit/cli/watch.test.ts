// `watch vault` / `watch transfer` as the CLI will call them: captured io, a real simulator, an AbortSignal
// standing in for SIGINT.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startSimulator, type Simulator } from '../../support/simulator'
import { runWatchCommand } from '../../../src/cli/watch'
import { simClient, tempDir } from '../main/watch/helpers'

let sim: Simulator
beforeAll(async () => {
  sim = await startSimulator({ seed: 5, transfers: 50, rotateEveryMs: null })
})
afterAll(async () => {
  await sim.close()
})

function io(): { stdout: { write(t: string): void; text: string }; stderr: { write(t: string): void; text: string }; env: Record<string, string> } {
  const mk = (): { write(t: string): void; text: string } => {
    const w = { text: '', write: (t: string) => void (w.text += t) }
    return w
  }
  return { stdout: mk(), stderr: mk(), env: { BRIDGESCOPE_DATA_DIR: tempDir() } }
}

describe('runWatchCommand', () => {
  it('prints one line per vault change until stopped, then exits 0', async () => {
    const out = io()
    const stop = new AbortController()
    const client = simClient(sim.baseUrl, [sim.rpcUrl])
    const first = sim.stats().requests.tss_getVault
    const done = runWatchCommand(['vault', '--interval', '1'], out, { client, signal: stop.signal })
    await vi.waitFor(() => expect(sim.stats().requests.tss_getVault).toBeGreaterThan(first), { timeout: 120_000 })
    const { epoch } = sim.rotateVault()
    await vi.waitFor(() => expect(out.stdout.text).toContain('vault-change'), { timeout: 120_000 })
    stop.abort()
    expect(await done).toBe(0)
    const lines = out.stdout.text.trim().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(new RegExp(`^\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z  vault-change  Vault epoch ${epoch - 1} → ${epoch}: .*key rotated: 0x04.*address changed on \\d+ chains`))
    expect(out.stderr.text).toContain(`watching the vault on ${sim.rpcUrl} every 1 s`)
  })

  it('prints JSON lines with --json', async () => {
    const out = io()
    const stop = new AbortController()
    const done = runWatchCommand(['vault', '--interval=1', '--json'], out, { client: simClient(sim.baseUrl, [sim.rpcUrl]), signal: stop.signal })
    await new Promise((r) => setTimeout(r, 300))
    sim.rotateVault()
    await vi.waitFor(() => expect(out.stdout.text).toContain('\n'), { timeout: 120_000 })
    stop.abort()
    expect(await done).toBe(0)
    const event = JSON.parse(out.stdout.text.trim()) as { kind: string; changes: unknown[]; profileId: string }
    expect(event.kind).toBe('vault-change')
    expect(event.changes.length).toBeGreaterThan(0)
  })

  it('watches one transfer and exits 0 on abort; usage errors exit 2', async () => {
    const out = io()
    const stop = new AbortController()
    const hash = sim.sample().txHashes[0]!
    const done = runWatchCommand(['transfer', hash, '--interval', '1'], out, { client: simClient(sim.baseUrl, [sim.rpcUrl]), signal: stop.signal })
    await vi.waitFor(() => expect(sim.stats().requests.queryBridgeInfo).toBeGreaterThan(0), { timeout: 120_000 })
    stop.abort()
    expect(await done).toBe(0)
    expect(out.stdout.text).toBe('') // a settled transfer: nothing changes
    expect(out.stderr.text).toContain(`watching transfer ${hash.toLowerCase()}`)

    const bad = io()
    expect(await runWatchCommand(['transfer', '0x12'], bad, { client: simClient(sim.baseUrl, [sim.rpcUrl]), signal: stop.signal })).toBe(2)
    expect(bad.stderr.text).toMatch(/txHash: a transaction hash is 0x followed by 64 hex digits/)
    expect(await runWatchCommand(['vault', '--interval', '0'], bad, { client: simClient(sim.baseUrl, [sim.rpcUrl]), signal: stop.signal })).toBe(2)
    expect(await runWatchCommand(['nothing'], bad, { client: simClient(sim.baseUrl, [sim.rpcUrl]), signal: stop.signal })).toBe(2)
  })
})
