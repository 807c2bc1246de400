// Electron hardening rules of src/main/security.ts, driven through fakes of Session and WebContents.
import { EventEmitter } from 'node:events'
import { describe, expect, it, vi } from 'vitest'
import {
  applySessionSecurity,
  applyWindowSecurity,
  isAppUrl,
  isExternalUrlAllowed,
  secureWebPreferences,
  withCspHeader,
  type WebContentsLike
} from '../../../../src/main/security'
import { isTrustedSender } from '../../../../src/main/ipc/sender'

describe('isExternalUrlAllowed', () => {
  it.each([
    'https://etherscan.io/tx/0xabc',
    'http://127.0.0.1:8080/',
    'HTTPS://Example.COM/Path',
    'hTtP://example.com'
  ])('lets %s go to the system browser', (url) => {
    expect(isExternalUrlAllowed(url)).toBe(true)
  })

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'DATA:text/html;base64,PHNjcmlwdD4=',
    'file:///etc/passwd',
    'FILE:///C:/Windows/system32',
    'mailto:someone@example.com',
    'vbscript:msgbox(1)',
    'blob:https://example.com/uuid',
    'smb://host/share',
    'ms-msdt:/id PCWDiagnostic',
    'https://user:pass@example.com/',
    'https://trusted.example@evil.example/',
    '//example.com/protocol-relative',
    'not a url',
    '',
    `https://example.com/${'a'.repeat(3000)}`
  ])('refuses %s', (url) => {
    expect(isExternalUrlAllowed(url)).toBe(false)
  })
})

describe('isAppUrl and the IPC sender check', () => {
  const packaged = 'app://bridgescope/index.html'
  const dev = 'http://localhost:5173/'
  const file = 'file:///opt/Bridgescope/resources/app.asar/out/renderer/index.html'

  it('accepts the app page itself, with any hash route', () => {
    expect(isAppUrl('app://bridgescope/index.html#/tokens', packaged)).toBe(true)
    expect(isAppUrl('app://bridgescope/', packaged)).toBe(true)
    expect(isAppUrl('http://localhost:5173/#/chains', dev)).toBe(true)
    expect(isAppUrl(`${file}#/vault`, file)).toBe(true)
  })

  it('refuses other schemes even though WHATWG gives them all the origin "null"', () => {
    for (const url of ['data:text/html,x', 'javascript:alert(1)', 'about:blank', 'blob:null/x', 'app://evil/index.html', 'other://bridgescope/']) {
      expect(isAppUrl(url, packaged), url).toBe(false)
      expect(isTrustedSender({ url, parent: null }, packaged), url).toBe(false)
    }
  })

  it('refuses other origins, other files and garbage', () => {
    expect(isAppUrl('http://localhost:5174/', dev)).toBe(false)
    expect(isAppUrl('https://localhost:5173/', dev)).toBe(false)
    expect(isAppUrl('http://evil.example/', dev)).toBe(false)
    expect(isAppUrl('file:///tmp/evil.html', file)).toBe(false)
    expect(isAppUrl('::::', packaged)).toBe(false)
  })

  it('refuses subframes even of the app page', () => {
    expect(isTrustedSender({ url: packaged, parent: {} }, packaged)).toBe(false)
    expect(isTrustedSender({ url: packaged, parent: null }, packaged)).toBe(true)
  })
})

describe('webPreferences', () => {
  it('isolates, sandboxes and keeps Node out of every renderer', () => {
    expect(secureWebPreferences('/p/index.cjs')).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false
    })
    expect(secureWebPreferences('/p')).not.toHaveProperty('enableBlinkFeatures')
  })
})

describe('applySessionSecurity', () => {
  const APP = 'app://bridgescope/index.html'
  type Request = (wc: unknown, permission: string, cb: (ok: boolean) => void, details: { requestingUrl?: string; isMainFrame: boolean }) => void
  type Check = (wc: unknown, permission: string, origin: string, details: { requestingUrl?: string; isMainFrame: boolean }) => boolean
  function handlers(appUrl = APP): { request: Request; check: Check; device: () => boolean } {
    const out: Partial<{ request: Request; check: Check; device: () => boolean }> = {}
    applySessionSecurity(
      {
        setPermissionRequestHandler: (h) => {
          out.request = h as never
        },
        setPermissionCheckHandler: (h) => {
          out.check = h as never
        },
        setDevicePermissionHandler: (h) => {
          out.device = h as never
        }
      },
      () => appUrl
    )
    return out as { request: Request; check: Check; device: () => boolean }
  }

  // permission × requesting URL × top frame → decision. Only Copy (clipboard-sanitized-write) from the app's
  // own page in its top frame is allowed.
  const table: [string, string, boolean, boolean][] = [
    ['clipboard-sanitized-write', 'app://bridgescope/index.html', true, true],
    ['clipboard-sanitized-write', 'app://bridgescope/index.html#/transfers', true, true],
    ['clipboard-sanitized-write', 'app://bridgescope/index.html', false, false],
    ['clipboard-sanitized-write', 'app://evil/index.html', true, false],
    ['clipboard-sanitized-write', 'https://evil.example/', true, false],
    ['clipboard-sanitized-write', 'http://127.0.0.1:5173/', true, false],
    ['clipboard-sanitized-write', 'file:///tmp/x.html', true, false],
    ['clipboard-sanitized-write', 'data:text/html,x', true, false],
    ['clipboard-read', 'app://bridgescope/index.html', true, false],
    ['media', 'app://bridgescope/index.html', true, false],
    ['notifications', 'app://bridgescope/index.html', true, false],
    ['geolocation', 'app://bridgescope/index.html', true, false],
    ['openExternal', 'app://bridgescope/index.html', true, false],
    ['fullscreen', 'app://bridgescope/index.html', true, false],
    ['hid', 'app://bridgescope/index.html', true, false]
  ]

  it.each(table)('request and check: %s from %s (top frame %s) → %s', (permission, url, isMainFrame, expected) => {
    const { request, check } = handlers()
    const cb = vi.fn()
    request({}, permission, cb, { requestingUrl: url, isMainFrame })
    expect(cb).toHaveBeenCalledWith(expected)
    expect(check({}, permission, new URL(url).origin, { requestingUrl: url, isMainFrame })).toBe(expected)
  })

  it('the dev server origin is the app page while the app runs from it', () => {
    const { request } = handlers('http://127.0.0.1:5173/')
    const cb = vi.fn()
    request({}, 'clipboard-sanitized-write', cb, { requestingUrl: 'http://127.0.0.1:5173/#/tokens', isMainFrame: true })
    expect(cb).toHaveBeenCalledWith(true)
  })

  it('a check without a requesting URL falls back to the origin, and missing details deny', () => {
    const { request, check, device } = handlers()
    expect(check({}, 'clipboard-sanitized-write', 'app://bridgescope', { isMainFrame: true })).toBe(true)
    expect(check({}, 'clipboard-sanitized-write', 'app://bridgescope', undefined as never)).toBe(false)
    const cb = vi.fn()
    request({}, 'clipboard-sanitized-write', cb, undefined as never)
    expect(cb).toHaveBeenCalledWith(false)
    expect(device()).toBe(false)
  })
})

type OpenHandler = Parameters<WebContentsLike['setWindowOpenHandler']>[0]

class FakeContents extends EventEmitter {
  openHandler: OpenHandler | null = null
  setWindowOpenHandler(handler: OpenHandler): void {
    this.openHandler = handler
  }
  /** Emits `name` like Electron does and says whether a listener prevented it. */
  attempt(name: string, url: string): boolean {
    let prevented = false
    const event = { url, preventDefault: () => (prevented = true) }
    this.emit(name, event, url)
    return prevented
  }
}

function secured(appUrl = 'app://bridgescope/index.html') {
  const contents = new FakeContents()
  const opened: string[] = []
  applyWindowSecurity(contents as unknown as WebContentsLike, () => appUrl, (url) => opened.push(url))
  return { contents, opened }
}

describe('applyWindowSecurity', () => {
  it('prevents navigation and redirects to anything but the app page', () => {
    const { contents } = secured()
    for (const name of ['will-navigate', 'will-frame-navigate', 'will-redirect']) {
      expect(contents.attempt(name, 'https://evil.example/'), name).toBe(true)
      expect(contents.attempt(name, 'javascript:alert(1)'), name).toBe(true)
      expect(contents.attempt(name, 'data:text/html,<script>1</script>'), name).toBe(true)
      expect(contents.attempt(name, 'file:///etc/passwd'), name).toBe(true)
      expect(contents.attempt(name, 'app://bridgescope/index.html#/tokens'), name).toBe(false)
    }
  })

  it('follows the dev server when that is the app page', () => {
    const { contents } = secured('http://localhost:5173/')
    expect(contents.attempt('will-navigate', 'http://localhost:5173/#/x')).toBe(false)
    expect(contents.attempt('will-navigate', 'http://localhost:5174/')).toBe(true)
  })

  it('denies every window.open; http(s) goes to openExternal and nothing else does', () => {
    const { contents, opened } = secured()
    const urls = [
      'https://etherscan.io/tx/0x1',
      'http://127.0.0.1:1/x',
      'javascript:alert(1)',
      'data:text/html,x',
      'file:///etc/passwd',
      'mailto:a@b.c',
      'app://bridgescope/index.html',
      'https://u:p@evil.example/'
    ]
    for (const url of urls) {
      const result = contents.openHandler?.({ url } as never)
      expect(result, url).toEqual({ action: 'deny' })
    }
    expect(opened).toEqual(['https://etherscan.io/tx/0x1', 'http://127.0.0.1:1/x'])
  })

  it('refuses to attach a <webview>', () => {
    const { contents } = secured()
    expect(contents.attempt('will-attach-webview', '')).toBe(true)
  })
})

describe('withCspHeader', () => {
  it('replaces a weaker policy from the server, whatever its header case', () => {
    const out = withCspHeader({ 'content-security-policy': ["default-src *; script-src 'unsafe-eval'"], 'Content-Type': 'text/html' })
    expect(Object.keys(out).filter((k) => k.toLowerCase() === 'content-security-policy')).toEqual(['Content-Security-Policy'])
    expect(out['Content-Security-Policy']?.[0]).not.toContain('unsafe-eval')
    expect(out['Content-Type']).toEqual(['text/html'])
  })
})
