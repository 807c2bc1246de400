// Webhook URLs are secrets: the secrets file holds them encrypted when the box has a keychain, as text
// (0600) when it has none; settings and exports never hold them; an import never wipes one.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { AppContext } from '../../../../src/main/app-context'
import { createAppContext } from '../../../../src/main/app-context'
import { dispatch } from '../../../../src/main/ipc/dispatch'
import { noSecretBox, SecretStore, type SecretBox } from '../../../../src/main/store/secret-box'
import type { Channel, ChannelInput, ChannelResult } from '../../../../src/shared/contract'
import type { Result } from '../../../../src/shared/errors'
import { defaultSettings } from '../../../../src/shared/schemas/settings'
import { confFactory, tempDir } from '../faults/rig'
import { testSecretBox } from './test-secret-box'
import { testDemo } from '../../../support/demo-plan'

const TOKEN = 'xoxb0123456789abcdefSECRET'
const SLACK = `https://hooks.slack.com/services/T0001/B0002/${TOKEN}`
const DISCORD = `https://discord.com/api/webhooks/123456789012345678/${TOKEN}-d`

const open: AppContext[] = []
afterEach(async () => {
  while (open.length) await open.pop()?.dispose()
})

async function context(dataDir: string, secretBox: SecretBox): Promise<AppContext> {
  const ctx = await createAppContext({ demo: testDemo(),
    dataDir,
    storeFactory: confFactory,
    shell: 'harness',
    version: 't',
    broadcast: () => undefined,
    watch: { enabled: false },
    secretBox
  })
  open.push(ctx)
  return ctx
}
async function ask<C extends Channel>(
  ctx: AppContext,
  channel: C,
  input?: ChannelInput<C>
): Promise<Result<ChannelResult<C>>> {
  return (await dispatch(ctx.handlers, channel, input, { emit: () => undefined })) as Result<ChannelResult<C>>
}
async function must<C extends Channel>(
  ctx: AppContext,
  channel: C,
  input?: ChannelInput<C>
): Promise<ChannelResult<C>> {
  const r = await ask(ctx, channel, input)
  if (!r.ok) throw new Error(`${channel}: ${r.error.message}`)
  return r.value
}
/** Everything in the data folder but the secrets file, as one text. */
function allButSecrets(dir: string): string {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((f) => f.isFile() && f.name !== 'secrets.json')
    .map((f) => readFileSync(join(f.parentPath, f.name), 'utf8'))
    .join('\n')
}

describe('SecretStore', () => {
  it('round trip through a box with a keychain: the file holds ciphertext only, mode 0600', async () => {
    const dir = tempDir()
    const store = new SecretStore(dir, testSecretBox())
    expect(await store.set('a', SLACK)).toBe('encrypted')
    expect(await store.get('a')).toEqual({ storage: 'encrypted', value: SLACK })
    expect(await store.get('b')).toEqual({ storage: 'missing' })
    const file = join(dir, 'secrets.json')
    expect(readFileSync(file, 'utf8')).not.toContain(TOKEN)
    expect(statSync(file).mode & 0o777).toBe(0o600)
    store.delete(['a'])
    expect(await store.get('a')).toEqual({ storage: 'missing' })
  })

  it('without a keychain the URL is stored as it is, marked unencrypted, readable by this user only', async () => {
    const dir = tempDir()
    const store = new SecretStore(dir, noSecretBox)
    expect(await store.set('a', SLACK)).toBe('unencrypted')
    expect(store.storage().get('a')).toBe('unencrypted')
    expect(await store.get('a')).toEqual({ storage: 'unencrypted', value: SLACK })
    expect(statSync(join(dir, 'secrets.json')).mode & 0o777).toBe(0o600)
  })

  it('a URL encrypted with another key is unreadable, not an error, and not lost', async () => {
    const dir = tempDir()
    await new SecretStore(dir, testSecretBox()).set('a', SLACK)
    const other = new SecretStore(dir, testSecretBox())
    expect((await other.get('a')).storage).toBe('unreadable')
    await other.set('b', DISCORD)
    expect(other.storage().get('a')).toBe('encrypted')
  })

  it('a secrets file that does not parse is kept aside before anything is written over it', async () => {
    const dir = tempDir()
    writeFileSync(join(dir, 'secrets.json'), '{ torn')
    const store = new SecretStore(dir, noSecretBox)
    expect(store.storage().size).toBe(0)
    await store.set('a', SLACK)
    const aside = readdirSync(dir).find((n) => n.startsWith('secrets.corrupt-'))
    expect(aside && readFileSync(join(dir, aside), 'utf8')).toBe('{ torn')
  })
})

describe('webhook URLs through the app (alerts:* channels, export, import)', () => {
  it('with a keychain: no file in the data folder but secrets.json holds the URL, and that only encrypted', async () => {
    const dir = tempDir()
    const ctx = await context(dir, testSecretBox())
    const view = await must(ctx, 'alerts:save', { url: SLACK, format: 'slack', label: 'ops' })
    expect(view.encryption).toBe(true)
    expect(view.sinks).toMatchObject([
      {
        label: 'ops',
        format: 'slack',
        enabled: true,
        urlHint: 'https://hooks.slack.com/…',
        storage: 'encrypted',
        last: null
      }
    ])
    expect(JSON.stringify(view)).not.toContain(TOKEN)
    expect(JSON.stringify(await must(ctx, 'settings:get'))).not.toContain(TOKEN)
    expect(allButSecrets(dir)).not.toContain('hooks.slack.com/services')
    expect(readFileSync(join(dir, 'secrets.json'), 'utf8')).not.toContain(TOKEN)
  })

  it('the export names each webhook without its URL; importing it (or a changed copy) keeps every URL', async () => {
    const ctx = await context(tempDir(), testSecretBox())
    const a = (await must(ctx, 'alerts:save', { url: SLACK, label: 'a' })).sinks[0]!
    const b = (await must(ctx, 'alerts:save', { url: DISCORD, label: 'b', format: 'discord' })).sinks[1]!
    const { content } = await must(ctx, 'data:export')
    expect(content).not.toContain(TOKEN)
    expect(content).not.toContain('/services/')
    const file = JSON.parse(content) as {
      settings: { webhooks: { id: string; label: string; url?: string }[] }
    }
    expect(file.settings.webhooks.map((w) => [w.label, w.url])).toEqual([
      ['a', expect.stringMatching(/^not exported/)],
      ['b', expect.stringMatching(/^not exported/)]
    ])

    // the same file back: nothing to change, and no "url" lands in settings
    expect((await must(ctx, 'data:import', { content, dryRun: true })).changes).toEqual([])
    file.settings.webhooks[0]!.label = 'renamed'
    await must(ctx, 'data:import', { content: JSON.stringify(file) })
    const sinks = (await must(ctx, 'alerts:list')).sinks
    expect(sinks.map((s) => [s.id, s.label, s.storage])).toEqual([
      [a.id, 'renamed', 'encrypted'],
      [b.id, 'b', 'encrypted']
    ])
    expect(JSON.stringify(ctx.settings.get())).not.toContain('not exported')

    // a file without sink b: the dry run says its URL goes, the import deletes it; a keeps its URL
    file.settings.webhooks = file.settings.webhooks.slice(0, 1)
    const preview = await must(ctx, 'data:import', { content: JSON.stringify(file), dryRun: true })
    expect(preview.changes.join('\n')).toMatch(
      /Webhook alerts: renamed, b → renamed \(the URL of 1 removed webhook is deleted\)/
    )
    expect((await must(ctx, 'alerts:list')).sinks).toHaveLength(2)
    await must(ctx, 'data:import', { content: JSON.stringify(file) })
    expect((await must(ctx, 'alerts:list')).sinks.map((s) => [s.id, s.storage])).toEqual([
      [a.id, 'encrypted']
    ])
  })

  it('a sink imported from another computer has no URL here and says so; a URL in an import file is not taken', async () => {
    const ctx = await context(tempDir(), noSecretBox)
    const file = JSON.parse((await must(ctx, 'data:export')).content) as { settings: Record<string, unknown> }
    file.settings.webhooks = [
      {
        id: 'elsewhere',
        label: 'theirs',
        format: 'json',
        enabled: true,
        urlHint: 'https://h.example/…',
        url: SLACK
      }
    ]
    await must(ctx, 'data:import', { content: JSON.stringify(file) })
    const [sink] = (await must(ctx, 'alerts:list')).sinks
    expect(sink).toMatchObject({ id: 'elsewhere', storage: 'missing', urlHint: '' })
    expect(JSON.stringify(ctx.settings.get())).not.toContain(TOKEN)
    const test = await ask(ctx, 'alerts:test', { id: 'elsewhere' })
    expect(test.ok).toBe(false)
    if (!test.ok)
      expect(test.error).toMatchObject({
        field: 'url',
        message: expect.stringMatching(/no URL on this computer/)
      })
    // entering the URL again makes it whole
    expect((await must(ctx, 'alerts:save', { id: 'elsewhere', url: SLACK })).sinks[0]).toMatchObject({
      storage: 'unencrypted',
      label: 'theirs'
    })
  })

  it('settings from a newer version are read-only: a webhook is refused before its URL is stored', async () => {
    const dir = tempDir()
    writeFileSync(join(dir, 'settings.json'), JSON.stringify({ ...defaultSettings(), version: 2 }))
    const ctx = await context(dir, noSecretBox)
    const r = await ask(ctx, 'alerts:save', { url: SLACK })
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.error.message).toMatch(/newer/)
    expect(existsSync(join(dir, 'secrets.json'))).toBe(false)
  })

  it('invalid input names its field: user:password@, not http(s), no URL for a new sink, a long label', async () => {
    const dir = tempDir()
    const ctx = await context(dir, noSecretBox)
    const cases: [ChannelInput<'alerts:save'>, string, RegExp][] = [
      [{ url: 'https://me:pw@hooks.example/x' }, 'url', /user name or password is not supported/],
      [{ url: 'ftp://hooks.example/x' }, 'url', /http\(s\) URL/],
      [{ label: 'no url' }, 'url', /webhook URL is required/],
      [{ url: SLACK, label: 'x'.repeat(81) }, 'label', /at most 80/],
      [{ url: SLACK, format: 'teams' as 'json' }, 'format', /./]
    ]
    for (const [input, field, message] of cases) {
      const r = await ask(ctx, 'alerts:save', input)
      expect(r.ok).toBe(false)
      if (!r.ok) {
        expect(r.error.field).toBe(field)
        expect(r.error.message).toMatch(message)
        expect(r.error.message).not.toContain('pw')
      }
    }
    expect(ctx.settings.get().webhooks).toEqual([])
    // nothing refused was stored anywhere
    expect(existsSync(join(dir, 'secrets.json'))).toBe(false)
  })
})
