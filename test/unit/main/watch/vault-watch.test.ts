// The vault watch against the simulator: one event per change with the right diff, node health without
// repeats, nothing announced twice across a restart, and two nodes that disagree.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startSimulator, type Simulator } from '../../../support/simulator'
import { BridgeClient } from '../../../../src/main/client/mcs/client'
import { rig, simClient, tempDir } from './helpers'

let sims: Simulator[] = []
beforeEach(() => {
  sims = []
})
afterEach(async () => {
  await Promise.all(sims.map((s) => s.close()))
})

async function sim(seed = 1, vaultShape: 'array' | 'unknown' = 'array'): Promise<Simulator> {
  const s = await startSimulator({ seed, transfers: 50, rotateEveryMs: null, vaultShape })
  sims.push(s)
  return s
}

describe('vault watch', () => {
  it('raises exactly one event per rotation, with the changed fields, a notification and a log entry', async () => {
    const s = await sim()
    const dir = tempDir()
    const r = await rig({ dir, client: simClient(s.baseUrl, [s.rpcUrl]), rpcUrls: [s.rpcUrl] })
    await r.watcher.recheck() // baseline
    await r.watcher.recheck()
    expect(r.events).toEqual([])
    const { epoch } = s.rotateVault()
    await r.watcher.recheck()
    await r.watcher.recheck()
    expect(r.events).toHaveLength(1)
    const e = r.events[0]!
    expect(e.kind).toBe('vault-change')
    if (e.kind !== 'vault-change') return
    expect(e.epochBefore).toBe(String(epoch - 1))
    expect(e.epochAfter).toBe(String(epoch))
    // The simulator answers an array of one record: paths are the raw table's own ($[0].…).
    expect(e.changes).toContainEqual({ path: '$[0].epoch', kind: 'changed', before: epoch - 1, after: epoch })
    expect(e.changes.some((c) => c.path === '$[0].public_key' && c.kind === 'changed')).toBe(true)
    expect(e.changes.some((c) => c.path.startsWith('$[0].addresses[') && c.kind === 'changed')).toBe(true)
    // the alert says it in the vault's terms (the same words as Vault → Compare)
    expect(e.body).toMatch(new RegExp(`^epoch: ${epoch - 1} → ${epoch}; key rotated: 0x04`))
    expect(e.title).toBe(`Vault epoch ${epoch - 1} → ${epoch}`)
    expect(r.watcher.status().vault).toEqual({ epoch: String(epoch), status: 'active' })

    expect(r.notifications).toHaveLength(1)
    expect(r.notifications[0]?.title).toBe(e.title)
    r.notifications[0]?.onClick()
    expect(r.opened).toEqual([`#/vault?diff=${encodeURIComponent(e.id)}`])
    expect(r.log.read({ limit: 10 })).toEqual([e])
    expect(r.log.read({ limit: 10, id: e.id })).toEqual([e])
  })

  it('diffs an unrecognised result shape structurally', async () => {
    const s = await sim(1, 'unknown')
    const r = await rig({ dir: tempDir(), client: simClient(s.baseUrl, [s.rpcUrl]), rpcUrls: [s.rpcUrl] })
    await r.watcher.recheck()
    const { epoch } = s.rotateVault()
    await r.watcher.recheck()
    expect(r.events).toHaveLength(1)
    const e = r.events[0]!
    if (e.kind !== 'vault-change') throw new Error(e.kind)
    expect(e.epochAfter).toBeNull()
    expect(e.changes).toContainEqual({ path: '$.vault.epoch', kind: 'changed', before: epoch - 1, after: epoch })
    expect(e.changes.some((c) => c.path === '$.meta.epochs')).toBe(true)
  })

  it('says "unreachable" once after N failed polls and "recovered" once when the node answers', async () => {
    const s = await sim()
    const r = await rig({ dir: tempDir(), client: simClient(s.baseUrl, [s.rpcUrl]), rpcUrls: [s.rpcUrl] })
    await r.watcher.recheck()
    s.setFaults('tss_getVault', { status: 503 })
    for (let i = 0; i < 2; i++) await r.watcher.recheck()
    expect(r.events).toEqual([])
    expect(r.watcher.status().nodes[0]).toMatchObject({ ok: false, error: { kind: 'http' } })
    for (let i = 0; i < 4; i++) await r.watcher.recheck()
    expect(r.events.map((e) => e.kind)).toEqual(['node-unreachable'])
    s.setFaults('tss_getVault', null)
    for (let i = 0; i < 3; i++) await r.watcher.recheck()
    expect(r.events.map((e) => e.kind)).toEqual(['node-unreachable', 'node-recovered'])
    expect(r.watcher.status().nodes[0]).toMatchObject({ ok: true })
    // a node that fails is a health matter, never a vault change
    expect(r.events.some((e) => e.kind === 'vault-change')).toBe(false)
  })

  it('announces nothing twice after a restart on the same data dir', async () => {
    const s = await sim()
    const dir = tempDir()
    const client = simClient(s.baseUrl, [s.rpcUrl])
    const first = await rig({ dir, client, rpcUrls: [s.rpcUrl] })
    await first.watcher.recheck()
    s.rotateVault()
    s.setFaults('tss_getVault', { status: 503 })
    await first.watcher.recheck()
    await first.watcher.recheck()
    await first.watcher.recheck()
    s.setFaults('tss_getVault', null)
    await first.watcher.recheck()
    expect(first.events.map((e) => e.kind)).toEqual(['node-unreachable', 'node-recovered', 'vault-change'])
    await first.watcher.stop()

    const second = await rig({ dir, client, rpcUrls: [s.rpcUrl] })
    await second.watcher.recheck()
    await second.watcher.recheck()
    expect(second.events).toEqual([])
    expect(second.notifications).toEqual([])
    expect(second.log.read({ limit: 10 }).map((e) => e.kind)).toEqual(['vault-change', 'node-recovered', 'node-unreachable'])
    // and a change that happens while it runs is still seen
    s.rotateVault()
    await second.watcher.recheck()
    expect(second.events.map((e) => e.kind)).toEqual(['vault-change'])
  })

  it('reports nodes that disagree on the same epoch once, with the fields and nodes, and their latency', async () => {
    const a = await sim(1)
    const b = await sim(2)
    const urls = [a.rpcUrl, b.rpcUrl]
    const r = await rig({ dir: tempDir(), client: simClient(a.baseUrl, urls), rpcUrls: urls })
    await r.watcher.recheck()
    await r.watcher.recheck()
    expect(r.events).toHaveLength(1)
    const e = r.events[0]!
    if (e.kind !== 'nodes-disagree') throw new Error(e.kind)
    expect(e.fields).toEqual(expect.arrayContaining(['addresses', 'public_key']))
    expect(e.fields).not.toContain('epoch')
    expect(e.nodes).toEqual([a.rpcUrl, b.rpcUrl])
    const status = r.watcher.status()
    expect(status.nodes.map((n) => n.url)).toEqual(urls)
    for (const n of status.nodes) {
      expect(n.ok).toBe(true)
      expect(n.latencyMs).toBeGreaterThanOrEqual(0)
      expect(n.lastAnswerAt).toBeGreaterThan(0)
    }
    // one node rotating ahead of the other: the vault is the highest epoch (one change), the other node is
    // behind (after a few answers below it), and the two are not said to disagree across epochs
    const { epoch } = b.rotateVault()
    for (let i = 0; i < 3; i++) await r.watcher.recheck()
    expect(r.events.slice(1).map((x) => x.kind)).toEqual(['vault-change', 'node-behind'])
    const change = r.events[1]!
    if (change.kind !== 'vault-change') throw new Error(change.kind)
    expect(change.epochAfter).toBe(String(epoch))
    const behind = r.events[2]!
    if (behind.kind !== 'node-behind') throw new Error(behind.kind)
    expect(behind).toMatchObject({ url: a.rpcUrl, epoch: String(epoch - 1), highest: String(epoch), ahead: [`${b.rpcUrl} (epoch ${epoch})`] })
    expect(r.watcher.status().nodes.map((n) => [n.epoch, n.behind])).toEqual([
      [String(epoch - 1), true],
      [String(epoch), false]
    ])
    r.events.splice(0, 1)
    // the second node failing is a health event, not a vault change nor a disagreement
    b.setFaults('tss_getVault', { status: 503 })
    for (let i = 0; i < 3; i++) await r.watcher.recheck()
    expect(r.events.slice(2).map((x) => x.kind)).toEqual(['node-unreachable'])
    // and while the node ahead is down, the vault stays at its epoch: the lagging node is no vault change
    expect(r.watcher.status().vault?.epoch).toBe(String(epoch))
  })

  it('one node that starts a reply and then drips never stalls the watch: the other node is polled, the slow one times out', async () => {
    const good = await sim(1)
    const slow = await sim(1)
    slow.setFaults('tss_getVault', { dripMs: 200 })
    const urls = [good.rpcUrl, slow.rpcUrl]
    // 10 s a request: the healthy node answers well within it however busy the machine is; the dripping one
    // would take minutes to finish its body
    const client = new BridgeClient({ baseUrl: good.baseUrl, rpcUrls: urls, retries: 0, timeoutMs: 10_000 })
    const r = await rig({ dir: tempDir(), client, rpcUrls: urls, settings: (s) => ({ ...s, unreachableAfterFailures: 2 }) })
    const started = Date.now()
    for (let i = 0; i < 2; i++) await r.watcher.recheck()
    // A backstop only (three times the limit a poll). The timeout itself is proven by the error the slow
    // node is left with below.
    expect(Date.now() - started).toBeLessThan(2 * 3 * 10_000)
    const status = r.watcher.status()
    expect(status.nodes.find((n) => n.url === good.rpcUrl)?.ok).toBe(true)
    const down = status.nodes.find((n) => n.url === slow.rpcUrl)
    expect(down?.ok).toBe(false)
    expect(down?.error?.kind).toBe('timeout')
    expect(r.events.map((e) => e.kind)).toEqual(['node-unreachable'])
  })
})
