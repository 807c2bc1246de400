// Electron's transport: every channel is handled, and a call from any frame but the app's own page is
// refused before its input is looked at.
import type { IpcMainInvokeEvent } from 'electron'
import { describe, expect, it, vi } from 'vitest'
import { registerIpc } from '../../../../src/main/ipc/register'
import type { HandlerTable } from '../../../../src/main/ipc/handler-table'
import { CHANNELS } from '../../../../src/shared/contract'

type Listener = (event: IpcMainInvokeEvent, input: unknown) => unknown

function setup() {
  const listeners = new Map<string, Listener>()
  const ipcMain = { handle: (channel: string, fn: Listener) => void listeners.set(channel, fn) }
  const stats = vi.fn(() => ({ entries: 1, bytes: 2, limitBytes: 3 }))
  const table = new Proxy({ 'cache:stats': stats } as unknown as HandlerTable, {
    get: (t, k: string) => (t as Record<string, unknown>)[k] ?? (() => 'other')
  })
  const appUrl = 'file:///app/out/renderer/index.html'
  registerIpc(ipcMain as never, table, () => appUrl, () => undefined)
  const invoke = (channel: string, url: string, parent: unknown = null) =>
    (listeners.get(channel) as Listener)({ senderFrame: { url, parent } } as unknown as IpcMainInvokeEvent, undefined)
  return { listeners, invoke, stats, appUrl }
}

describe('registerIpc', () => {
  it('handles exactly the contract channels', () => {
    expect([...setup().listeners.keys()].sort()).toEqual([...CHANNELS].sort())
  })

  it('answers the app page', async () => {
    const { invoke, stats, appUrl } = setup()
    expect(await invoke('cache:stats', appUrl)).toEqual({ ok: true, value: { entries: 1, bytes: 2, limitBytes: 3 } })
    expect(stats).toHaveBeenCalledTimes(1)
  })

  it('refuses a call from a foreign frame or a subframe without running the handler', async () => {
    const { invoke, stats, appUrl } = setup()
    for (const [url, parent] of [
      ['https://evil.example/', null],
      ['file:///tmp/other.html', null],
      [appUrl, { url: appUrl }]
    ] as const) {
      const result = (await invoke('cache:stats', url, parent)) as { ok: boolean; error: { kind: string; message: string } }
      expect(result.ok).toBe(false)
      expect(result.error.kind).toBe('input')
      expect(result.error.message).toMatch(/did not come from the app's own page/)
    }
    expect(stats).not.toHaveBeenCalled()
  })
})
