// 12.8: secrets stay secret. One redaction (src/shared/redact.ts) for every place a URL is logged or shown
// outside Settings, and credentials in URLs refused where URLs come in.
import { readFileSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { main } from '../../../src/main/cli'
import { startSimulator, type Simulator } from '../../../src/main/sim'
import { hasCredentials, redactDeep, redactUrls } from '../../../src/shared/redact'
import { profileSchema } from '../../../src/shared/schemas/settings'
import { rig, simClient, tempDir } from '../main/watch/helpers'

const SECRET = 'S3cr3tK3y'

describe('12.8 redactUrls', () => {
  it('12.8 strips userinfo, query string and fragment, keeps scheme, host, port and path', () => {
    expect(redactUrls(`https://me:${SECRET}@rpc.example:8443/v1/node?apikey=${SECRET}&x=1#frag`)).toBe('https://…@rpc.example:8443/v1/node?…#…')
    expect(redactUrls(`node http://127.0.0.1:8545 failed 3 polls`)).toBe('node http://127.0.0.1:8545 failed 3 polls')
    expect(redactUrls(`{"url":"https://a.example/x?k=${SECRET}","n":1}`)).toBe('{"url":"https://a.example/x?…","n":1}')
    expect(redactUrls('https://a.example/ differs from https://b.example/rpc?token=t, in epoch')).toBe('https://a.example/ differs from https://b.example/rpc?…, in epoch')
  })

  it('12.8 property: no query value or password survives, and text without URLs is untouched', () => {
    const token = fc.stringMatching(/^[A-Za-z0-9]{12,24}$/)
    fc.assert(
      fc.property(token, token, fc.constantFrom('https', 'http'), fc.domain(), (pw, key, scheme, host) => {
        const text = `error at ${scheme}://user:${pw}@${host}/path?api_key=${key} now`
        const out = redactUrls(text)
        expect(out).not.toContain(pw)
        expect(out).not.toContain(key)
        expect(out).toContain(host)
        expect(redactUrls(JSON.stringify({ text }))).not.toContain(key)
      })
    )
    fc.assert(
      fc.property(fc.string().filter((s) => !/https?:\/\//i.test(s)), (s) => {
        expect(redactUrls(s)).toBe(s)
      })
    )
  })

  it('12.8 redactDeep reaches every string of an event and leaves other values alone', () => {
    const e = { url: `https://x.example/?k=${SECRET}`, nodes: [`http://127.0.0.1:1/?k=${SECRET}`], failures: 3, error: { message: `GET https://x.example/?k=${SECRET}` }, none: null }
    const out = redactDeep(e)
    expect(JSON.stringify(out)).not.toContain(SECRET)
    expect(out.failures).toBe(3)
    expect(out.none).toBeNull()
  })
})

describe('12.8 credentials in URLs are refused where URLs come in', () => {
  it('12.8 a profile with user:pass@ is refused with a message that names the problem', () => {
    const base = { id: 'p', name: 'P', kind: 'custom' as const, rpcUrls: [] }
    const bad = profileSchema.safeParse({ ...base, baseUrl: `https://me:${SECRET}@bridge.example` })
    expect(bad.success).toBe(false)
    expect(bad.error?.issues[0]?.message).toMatch(/user:password@/)
    expect(profileSchema.safeParse({ ...base, baseUrl: 'https://bridge.example', rpcUrls: [`https://me@rpc.example`] }).success).toBe(false)
    // What must not change: query strings (API keys) are still accepted in Settings.
    expect(profileSchema.safeParse({ ...base, baseUrl: `https://bridge.example/?apikey=${SECRET}`, rpcUrls: ['https://rpc.example/v1'] }).success).toBe(true)
    expect(hasCredentials('https://bridge.example/')).toBe(false)
  })

  async function cli(args: string[], env: Record<string, string> = {}): Promise<{ code: number; out: string; err: string }> {
    let out = ''
    let err = ''
    const code = await main(args, {
      stdout: { write: (s: string) => (out += s) },
      stderr: { write: (s: string) => (err += s) },
      env: { BRIDGESCOPE_DATA_DIR: mkdtempSync(join(tmpdir(), 'bs-redact-cli-')), ...env }
    })
    return { code, out, err }
  }

  it('12.8 the CLI refuses --base-url/--rpc-url and the env vars with credentials, without echoing them', async () => {
    const flag = await cli(['chains', '--base-url', `https://me:${SECRET}@bridge.example`, '--rpc-url', 'https://rpc.example'])
    expect(flag.code).not.toBe(0)
    expect(flag.err).toMatch(/--base-url .*user:password@/)
    expect(flag.err).not.toContain(SECRET)
    const env = await cli(['chains'], { BRIDGESCOPE_BASE_URL: 'https://bridge.example', BRIDGESCOPE_RPC_URL: `https://me:${SECRET}@rpc.example` })
    expect(env.code).not.toBe(0)
    expect(env.err).toMatch(/BRIDGESCOPE_RPC_URL/)
    expect(env.err).not.toContain(SECRET)
  })

  it('12.8 CLI stderr: an error quoting a URL shows it without its query string', async () => {
    const run = await cli(['chains', '--base-url', `http://127.0.0.1:1/?apikey=${SECRET}`, '--rpc-url', `http://127.0.0.1:1/?apikey=${SECRET}`, '--timeout', '2'])
    expect(run.code).not.toBe(0)
    expect(run.err).not.toContain(SECRET)
  })
})

describe('12.8 watch sinks never carry a node URL’s secrets', () => {
  let sim: Simulator
  beforeAll(async () => {
    sim = await startSimulator({ seed: 3, transfers: 50, rotateEveryMs: null })
  })
  afterAll(() => sim.close())

  it('12.8 activity.jsonl, watch:event, watch status and the desktop notification show the URL redacted', async () => {
    const dir = tempDir()
    const rpc = `${sim.rpcUrl}?apikey=${SECRET}`
    const r = await rig({ dir, client: simClient(sim.baseUrl, [rpc]), rpcUrls: [rpc] })
    await r.watcher.recheck()
    sim.setFaults('tss_getVault', { status: 503 })
    for (let i = 0; i < 6; i++) await r.watcher.recheck()
    expect(r.events.map((e) => e.kind)).toEqual(['node-unreachable'])
    const shown = new URL(sim.rpcUrl)
    // watch:event (emit) and in-app listeners
    expect(JSON.stringify(r.events)).not.toContain(SECRET)
    expect(JSON.stringify(r.events)).toContain(`${shown.host}`)
    // desktop notification
    expect(r.notifications).toHaveLength(1)
    expect(`${r.notifications[0]?.title} ${r.notifications[0]?.body}`).not.toContain(SECRET)
    expect(r.notifications[0]?.body).toContain('?…')
    // watch:status
    const status = r.watcher.status()
    expect(JSON.stringify(status)).not.toContain(SECRET)
    expect(status.nodes[0]?.url).toContain(shown.host)
    // the activity log on disk
    await r.watcher.stop()
    const file = readFileSync(join(dir, 'watch', 'activity.jsonl'), 'utf8')
    expect(file).toContain('node-unreachable')
    expect(file).not.toContain(SECRET)
    sim.clearFaults()
  })
})
