// Webhook URLs kept out of the command line: `--webhook-file PATH` and BRIDGESCOPE_WEBHOOKS read as the
// operator wrote them, a bad line stopping the watch with the line named (never its token) before anything is
// asked, a file anyone may read warned about, and the URLs from every source reaching their receivers.
import { chmodSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { main } from '../../../src/cli'
import { UsageError } from '../../../src/cli/command-line'
import { runWatchCommand } from '../../../src/cli/watch'
import { readWebhookFile, webhookList, webhooksFromEnv, webhookUrls } from '../../../src/cli/webhook-sources'
import { startSimulator, type Simulator } from '../../support/simulator'
import { simClient, tempDir } from '../main/watch/helpers'

const token = fc.stringMatching(/^[A-Za-z0-9_-]{8,40}$/)
const hookUrl = fc.tuple(fc.constantFrom('https://hooks.slack.example/services/', 'http://127.0.0.1:9/hook/', 'https://discord.example/api/webhooks/1/'), token).map(([a, b]) => a + b)

function writer(): { write(t: string): void; text: string } {
  const w = { text: '', write: (t: string) => void (w.text += t) }
  return w
}

function fileOf(text: string, mode = 0o600): string {
  const path = join(tempDir(), 'webhooks')
  writeFileSync(path, text)
  chmodSync(path, mode)
  return path
}

describe('a list of webhook URLs', () => {
  it('is read as written: one URL a line, blank lines, # comments and spaces around a URL skipped', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(hookUrl, fc.constantFrom('', ' ', '\t'), fc.constantFrom('', '\n', '\n# comment\n', '\n   \n'))), (entries) => {
        const text = entries.map(([url, pad, after]) => `${pad}${url}${pad}${after}`).join('\n')
        expect(webhookList(text, 'f')).toEqual(entries.map(([url]) => url))
      })
    )
  })

  it('names the first bad line, and never repeats its token', () => {
    fc.assert(
      fc.property(fc.array(hookUrl, { maxLength: 5 }), token, fc.constantFrom('ftp://hooks.example/', 'https://user:pw@hooks.example/', 'hooks.example/'), (good, secret, bad) => {
        const text = [...good, `${bad}${secret}`, 'https://after.example/x'].join('\n')
        let error: unknown
        try {
          webhookList(text, '--webhook-file /x')
        } catch (e) {
          error = e
        }
        expect(error).toBeInstanceOf(UsageError)
        expect((error as Error).message).toContain(`--webhook-file /x line ${good.length + 1} takes an http(s) URL`)
        expect((error as Error).message).not.toContain(secret)
      })
    )
  })

  it('comes from BRIDGESCOPE_WEBHOOKS separated by spaces or newlines, and from every source once', () => {
    expect(webhooksFromEnv({})).toEqual([])
    expect(webhooksFromEnv({ BRIDGESCOPE_WEBHOOKS: '  ' })).toEqual([])
    expect(webhooksFromEnv({ BRIDGESCOPE_WEBHOOKS: 'https://a.example/1 https://b.example/2\nhttps://c.example/3' })).toEqual(['https://a.example/1', 'https://b.example/2', 'https://c.example/3'])
    expect(() => webhooksFromEnv({ BRIDGESCOPE_WEBHOOKS: 'https://a.example/1 javascript:alert(1)' })).toThrow(/BRIDGESCOPE_WEBHOOKS entry 2 takes an http\(s\) URL/)
    const warned: string[] = []
    const file = { path: '/f', urls: ['https://b.example/2', 'https://c.example/3'], worldReadable: false }
    expect(webhookUrls({ webhook: ['https://a.example/1', 'https://b.example/2'], 'webhook-file': file }, { BRIDGESCOPE_WEBHOOKS: 'https://c.example/3 https://d.example/4' }, (t) => warned.push(t))).toEqual([
      'https://a.example/1',
      'https://b.example/2',
      'https://c.example/3',
      'https://d.example/4'
    ])
    expect(warned).toEqual([])
  })

  it('from a file: read at once, a missing file named, one anyone may read warned about', () => {
    expect(readWebhookFile(fileOf('https://a.example/1\n', 0o600))).toMatchObject({ urls: ['https://a.example/1'], worldReadable: false })
    const open = readWebhookFile(fileOf('https://a.example/1\n', 0o644))
    expect(open.worldReadable).toBe(true)
    const warned: string[] = []
    webhookUrls({ 'webhook-file': open }, {}, (t) => warned.push(t))
    expect(warned.join('')).toMatch(/readable by every user of this machine.*chmod 600/)
    expect(() => readWebhookFile(join(tempDir(), 'none'))).toThrow(/--webhook-file .*none: cannot read it \(ENOENT\)/)
    expect(() => readWebhookFile('')).toThrow(/--webhook-file needs a path/)
  })
})

describe('the watch commands with webhooks from a file or the environment', () => {
  let sim: Simulator
  let receiver: Server
  let hits: string[]
  let receiverUrl: string
  beforeAll(async () => {
    sim = await startSimulator({ seed: 9, transfers: 10, rotateEveryMs: null })
    hits = []
    receiver = createServer((req, res) => {
      hits.push(req.url ?? '')
      req.resume()
      req.on('end', () => res.writeHead(204).end())
    })
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r))
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    await new Promise((r) => receiver.close(r))
    await sim.close()
  })

  it('a bad line stops every watch before it asks anything, naming the line; nothing is written to stdout', async () => {
    const bad = fileOf(`${receiverUrl}/ok\nhttps://user:pw@hooks.example/secret-token\n`)
    const before = JSON.stringify(sim.stats().requests)
    for (const argv of [
      ['watch', 'vault', '--base-url', sim.baseUrl, '--rpc-url', sim.rpcUrl, '--webhook-file', bad],
      ['watch', 'tss', '--tss-url', sim.baseUrl, '--chain-id', '56', '--webhook-file', bad]
    ]) {
      const out = { stdout: writer(), stderr: writer(), env: { BRIDGESCOPE_DATA_DIR: tempDir() } }
      expect(await main(argv, out)).toBe(2)
      expect(out.stderr.text).toContain(`--webhook-file ${bad} line 2 takes an http(s) URL`)
      expect(out.stderr.text).not.toContain('secret-token')
      expect(out.stdout.text).toBe('')
    }
    for (const argv of [
      ['watch', 'vault', '--base-url', sim.baseUrl, '--rpc-url', sim.rpcUrl],
      ['watch', 'transfer', `0x${'ab'.repeat(32)}`, '--base-url', sim.baseUrl, '--rpc-url', sim.rpcUrl],
      ['watch', 'tss', '--tss-url', sim.baseUrl, '--chain-id', '56']
    ]) {
      const out = { stdout: writer(), stderr: writer(), env: { BRIDGESCOPE_DATA_DIR: tempDir(), BRIDGESCOPE_WEBHOOKS: `${receiverUrl}/ok ftp://hooks.example/secret-token` } }
      expect(await main(argv, out)).toBe(2)
      expect(out.stderr.text).toContain('BRIDGESCOPE_WEBHOOKS entry 2 takes an http(s) URL')
      expect(out.stderr.text).not.toContain('secret-token')
    }
    expect(JSON.stringify(sim.stats().requests)).toBe(before)
    expect(hits).toEqual([])
  })

  it('posts each event to the URLs of --webhook, --webhook-file and BRIDGESCOPE_WEBHOOKS alike', async () => {
    const file = fileOf(`# the on-call channel\n${receiverUrl}/from-file\n`)
    const out = { stdout: writer(), stderr: writer(), env: { BRIDGESCOPE_DATA_DIR: tempDir(), BRIDGESCOPE_WEBHOOKS: `${receiverUrl}/from-env` } }
    const stop = new AbortController()
    const first = sim.stats().requests.tss_getVault
    const done = runWatchCommand(['vault', '--interval', '1', '--webhook', `${receiverUrl}/from-flag`, '--webhook-file', file], out, {
      client: simClient(sim.baseUrl, [sim.rpcUrl]),
      signal: stop.signal
    })
    await vi.waitFor(() => expect(sim.stats().requests.tss_getVault).toBeGreaterThan(first), { timeout: 120_000 })
    sim.rotateVault()
    await vi.waitFor(() => expect([...hits].sort()).toEqual(['/from-env', '/from-file', '/from-flag']), { timeout: 120_000 })
    stop.abort()
    expect(await done).toBe(0)
    expect(out.stderr.text).not.toContain('readable by every user')
  })
})
