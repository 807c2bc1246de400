// Loads the BUILT main bundle (out/main/index.js) with `electron` replaced by a recording stub, and checks
// what Electron would be asked to do: one hardened window, and exactly the contract's channels handled.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { CHANNELS } from '../../../src/shared/contract'
import { recorded } from './electron-stub'

vi.mock('electron', async () => await import('./electron-stub'))

describe('main bundle with a stubbed electron', () => {
  beforeAll(async () => {
    process.env.BRIDGESCOPE_DATA_DIR = mkdtempSync(join(tmpdir(), 'bridgescope-smoke-'))
    await import(pathToFileURL(resolve('out/main/index.js')).href)
    await vi.waitFor(() => expect(recorded.windows.length).toBeGreaterThan(0), { timeout: 60_000 })
  })

  it('opens exactly one window, isolated and sandboxed, with a preload file that exists', () => {
    expect(recorded.windows).toHaveLength(1)
    const prefs = recorded.windows[0]?.options.webPreferences as Record<string, unknown>
    expect(prefs.contextIsolation).toBe(true)
    expect(prefs.sandbox).toBe(true)
    expect(prefs.nodeIntegration).toBe(false)
    expect(prefs.webSecurity).not.toBe(false)
    expect(existsSync(prefs.preload as string)).toBe(true)
    // Served over the app's own protocol, never file:// (Electron security checklist 18).
    expect(recorded.windows[0]?.url).toBe('app://bridgescope/index.html')
  })

  it('serves the built renderer over app:// with the CSP header, and nothing outside it', async () => {
    expect(recorded.privilegedSchemes).toEqual(['app'])
    const handler = recorded.protocolHandlers.get('app')
    expect(handler).toBeDefined()
    const index = await handler?.({ url: 'app://bridgescope/index.html' })
    expect(index?.status).toBe(200)
    expect(index?.headers.get('content-security-policy')).toContain("default-src 'self'")
    expect(await index?.text()).toBe(readFileSync(resolve('out/renderer/index.html'), 'utf8'))
    expect((await handler?.({ url: 'app://bridgescope/../../package.json' }))?.status).toBe(404)
    expect((await handler?.({ url: 'app://bridgescope/%2e%2e/%2e%2e/package.json' }))?.status).toBe(404)
  })

  it('registers every contract channel with ipcMain.handle, and nothing else', () => {
    expect([...recorded.handled].sort()).toEqual([...CHANNELS].sort())
    expect(new Set(recorded.handled).size).toBe(recorded.handled.length)
  })

  it('shows a tray icon for background watching (on by default) with the watch state in its tooltip', async () => {
    expect(recorded.trays).toHaveLength(1)
    await vi.waitFor(() => expect(recorded.trays[0]?.tooltip).toMatch(/^Bridgescope — watching, vault epoch \d+/), { timeout: 60_000 })
  })

  it('denies permissions and window.open from the start', () => {
    expect(recorded.permissionHandlers).toBe(3)
    expect(recorded.windowOpenHandlers).toBeGreaterThan(0)
  })
})
