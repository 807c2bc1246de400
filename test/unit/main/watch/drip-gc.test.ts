// A slow node never stalls the vault watcher, with the garbage collector forced all through: one node that sends its
// headers and then one byte every 200 ms costs each poll one timeout and nothing more. The other node's
// answers keep arriving, and a rotation it shows is announced on the next poll. Before the fix the drip
// outlived the collected AbortController and the first poll never ended (the test ran out of time).
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { afterEach, describe, expect, it } from 'vitest'
import { startSimulator, type Simulator } from '../../../support/simulator'
import { BridgeClient } from '../../../../src/main/client/mcs/client'
import { rig, tempDir } from './helpers'

setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

const sims: Simulator[] = []
let collector: ReturnType<typeof setInterval> | undefined
afterEach(async () => {
  clearInterval(collector)
  await Promise.all(sims.splice(0).map((s) => s.close()))
})

async function sim(): Promise<Simulator> {
  const s = await startSimulator({ seed: 1, transfers: 50, rotateEveryMs: null })
  sims.push(s)
  return s
}

describe('the vault watch never stalls behind a dripping node', () => {
  it('with GC forced, a dripping node times out on every poll while the other node’s rotation is announced on the next one', async () => {
    const good = await sim()
    const slow = await sim()
    slow.setFaults('tss_getVault', { dripMs: 200 })
    const urls = [good.rpcUrl, slow.rpcUrl]
    const client = new BridgeClient({ baseUrl: good.baseUrl, rpcUrls: urls, retries: 0, timeoutMs: 1000 })
    const r = await rig({ dir: tempDir(), client, rpcUrls: urls, settings: (s) => ({ ...s, unreachableAfterFailures: 2 }) })
    collector = setInterval(gc, 50)

    await r.watcher.recheck() // baseline from the good node
    await r.watcher.recheck()
    const { epoch } = good.rotateVault()
    await r.watcher.recheck()

    const kinds = r.events.map((e) => e.kind)
    expect(kinds).toContain('node-unreachable')
    const change = r.events.find((e) => e.kind === 'vault-change')
    expect(change?.kind === 'vault-change' && change.epochAfter).toBe(String(epoch))
    expect(r.watcher.status().vault?.epoch).toBe(String(epoch))
    const down = r.watcher.status().nodes.find((n) => n.url === slow.rpcUrl)
    expect(down?.ok).toBe(false)
    expect(down?.error?.kind).toBe('timeout')
    expect(down?.error?.message).toMatch(/within 1 s/)
    expect(r.watcher.status().nodes.find((n) => n.url === good.rpcUrl)?.ok).toBe(true)
  })
})
