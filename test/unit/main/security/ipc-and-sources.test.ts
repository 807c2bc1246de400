// Every IPC channel checks its sender before anything else, and no source renders raw HTML.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { registerIpc } from '../../../../src/main/ipc/register'
import type { HandlerTable } from '../../../../src/main/ipc/handler-table'
import { CHANNELS } from '../../../../src/shared/contract'

type Listener = (event: { senderFrame: { url: string; parent: unknown } | null }, input: unknown) => Promise<unknown> | unknown

function register() {
  const listeners = new Map<string, Listener>()
  const called: string[] = []
  const table = new Proxy({} as HandlerTable, {
    get: (_t, key: string) => () => {
      called.push(key)
      return 'ran'
    }
  })
  registerIpc({ handle: (channel: string, l: Listener) => void listeners.set(channel, l) } as never, table, () => 'app://bridgescope/index.html', vi.fn())
  return { listeners, called }
}

describe('IPC registration', () => {
  it('refuses every channel from a foreign page, a subframe or no frame, before the handler runs', async () => {
    const { listeners, called } = register()
    expect([...listeners.keys()].sort()).toEqual([...CHANNELS].sort())
    const strangers = [
      { url: 'https://evil.example/', parent: null },
      { url: 'data:text/html,x', parent: null },
      { url: 'app://bridgescope/index.html', parent: {} },
      null
    ]
    for (const [channel, listener] of listeners) {
      for (const frame of strangers) {
        const result = (await listener({ senderFrame: frame }, undefined)) as { ok: boolean; error?: { message: string } }
        expect(result.ok, `${channel} from ${frame?.url}`).toBe(false)
        expect(result.error?.message).toContain(`Refused ${channel}`)
      }
    }
    expect(called).toEqual([])
  })

  it('lets the app page through to dispatch', async () => {
    const { listeners, called } = register()
    const result = await listeners.get('settings:get')?.({ senderFrame: { url: 'app://bridgescope/index.html#/settings', parent: null } }, undefined)
    expect(result).toEqual({ ok: true, value: 'ran' })
    expect(called).toEqual(['settings:get'])
  })
})

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? files(path) : [path]
  })
}

describe('renderer sources', () => {
  const sources = files('src/renderer').filter((f) => /\.(svelte|ts|html)$/.test(f))
  it('never render raw HTML ({@html}, innerHTML, outerHTML, insertAdjacentHTML, document.write, eval)', () => {
    const offenders = sources.filter((f) => /\{@html|\.innerHTML\s*=|outerHTML\s*=|insertAdjacentHTML|document\.write|\beval\(|new Function\(/.test(readFileSync(f, 'utf8')))
    expect(offenders).toEqual([])
  })

  it('never open windows or set locations from data (only through ExternalLink / the router)', () => {
    const offenders = sources.filter((f) => /window\.open\(|location\.href\s*=|location\.assign\(/.test(readFileSync(f, 'utf8')))
    expect(offenders).toEqual([])
  })
})
