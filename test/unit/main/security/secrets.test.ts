// Secrets stay secret: URLs with user:password@ are refused where they are entered (profiles, the
// CLI's flags and environment), and a node URL's query (an API key) and userinfo never reach the activity
// log, watch:status, notifications or the CLI's messages.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { main } from '../../../../src/cli'
import { createAppContext } from '../../../../src/main/app-context'
import { dispatch } from '../../../../src/main/ipc/dispatch'
import { startSimulator, type Simulator } from '../../../support/simulator'
import { redactText, redactUrl } from '../../../../src/shared/redact'
import type { Result } from '../../../../src/shared/errors'
import { rig, simClient, tempDir } from '../watch/helpers'
import { confFactory } from '../faults/rig'
import { testDemo } from '../../../support/demo-plan'

const SECRET = 'sk_live_0123456789'

let sim: Simulator
beforeAll(async () => {
  sim = await startSimulator({ seed: 8, transfers: 100, rotateEveryMs: null })
})
afterAll(async () => sim.close())

describe('redaction', () => {
  it('userinfo, query and fragment are removed; a removed query is marked', () => {
    expect(redactUrl(`https://user:pw@node.example:8545/rpc?apikey=${SECRET}#x`)).toBe('https://node.example:8545/rpc?…')
    expect(redactUrl('https://node.example/rpc')).toBe('https://node.example/rpc')
    expect(redactText(`node https://a:b@n.example/?k=${SECRET} failed; then http://127.0.0.1:9/x?y=1.`)).not.toMatch(new RegExp(`${SECRET}|a:b@|y=1`))
  })
})

describe('credentials in URLs are refused where they are entered', () => {
  it('a profile with user:password@ in its base or RPC URL is refused with a message, and nothing is saved', async () => {
    const ctx = await createAppContext({ demo: testDemo(), dataDir: tempDir(), storeFactory: confFactory, shell: 'harness', version: 't', broadcast: () => undefined, watch: { enabled: false } })
    try {
      for (const input of [
        { name: 'A', baseUrl: 'https://me:pw@bridge.example/', rpcUrls: [] },
        { name: 'B', baseUrl: 'https://bridge.example/', rpcUrls: ['https://key@node.example/'] }
      ]) {
        const r = (await dispatch(ctx.handlers, 'profiles:save', input, { emit: () => undefined })) as Result<unknown>
        expect(r.ok).toBe(false)
        if (!r.ok) {
          expect(r.error.message).toMatch(/user name or password is not supported/)
          expect(r.error.message).not.toMatch(/pw|key@/)
        }
      }
      expect(ctx.settings.get().profiles.map((p) => p.id)).toEqual(['demo'])
    } finally {
      await ctx.dispose()
    }
  })

  it('the CLI refuses them from flags and from the environment (exit 2), without echoing the password', async () => {
    let err = ''
    const io = (env: Record<string, string>) => ({ stdout: { write: () => true }, stderr: { write: (s: string) => (err += s) }, env: { BRIDGESCOPE_DATA_DIR: tempDir(), ...env } })
    const withFlag = sim.baseUrl.replace('http://', 'http://me:hunter2@')
    expect(await main(['chains', '--base-url', withFlag], io({}))).toBe(2)
    expect(await main(['vault', 'latest'], io({ BRIDGESCOPE_RPC_URL: sim.rpcUrl.replace('http://', 'http://me:hunter2@') }))).toBe(2)
    expect(err).toMatch(/user name or password is not supported/)
    expect(err).not.toContain('hunter2')
  })
})

describe('what the watcher shows never carries a node URL secret', () => {
  it('activity log, push events, notifications and watch status: no query, no userinfo', async () => {
    const dir = tempDir()
    const url = `${sim.rpcUrl}?apikey=${SECRET}`
    const r = await rig({ dir, client: simClient(sim.baseUrl, [url]), rpcUrls: [url], settings: (s) => ({ ...s, unreachableAfterFailures: 1 }) })
    sim.setFaults('tss_getVault', { status: 503 })
    try {
      await r.watcher.recheck()
      await r.watcher.recheck()
    } finally {
      sim.clearFaults()
    }
    expect(r.events.map((e) => e.kind)).toContain('node-unreachable')
    await r.watcher.recheck() // recovered
    const shown = JSON.stringify({ events: r.events, notifications: r.notifications.map((n) => [n.title, n.body]), status: r.watcher.status() })
    expect(shown).toContain(`${sim.rpcUrl}?…`)
    expect(shown).not.toContain(SECRET)
    const log = readFileSync(join(dir, 'watch', 'activity.jsonl'), 'utf8')
    expect(log.length).toBeGreaterThan(0)
    expect(log).not.toContain(SECRET)
  })
})
