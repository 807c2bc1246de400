// Every Electron hardening rule in one place: windows' webPreferences, permission handlers, navigation and
// window.open, the Content-Security-Policy header, and which URLs may be opened in the system browser.
// SECURITY.md maps each rule to Electron's security checklist and to the test that proves it.
import type { BrowserWindowConstructorOptions, Session, WebContents } from 'electron'
import { judgeLink, MAX_LINK_LENGTH } from '@shared/link'

export function secureWebPreferences(preload: string): BrowserWindowConstructorOptions['webPreferences'] {
  return {
    preload,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    spellcheck: false,
    // Middle-click opens links in new windows without a click event the page could veto (Electronegativity
    // AUXCLICK_JS_CHECK); nothing in the app uses it.
    disableBlinkFeatures: 'Auxclick'
  }
}

/**
 * Only http(s) URLs leave the app, and only to the system browser. URLs carrying credentials are refused:
 * the app never needs them, and `https://trusted.example@evil.example` is a classic way to disguise a host.
 */
export function isExternalUrlAllowed(url: string): boolean {
  // The rule of the renderer's links (@shared/link). Main cannot tell who wrote a URL: the renderer judged it
  // as the service's (no private hosts) before it became a link, and a click is the user's own act.
  return typeof url === 'string' && url.length <= MAX_LINK_LENGTH && judgeLink(url, 'user').href !== null
}

/**
 * Is `url` one of the app's own pages: the same file (file://), the same origin (the dev server over http),
 * or the same scheme and host (the app:// protocol)? WHATWG URLs give every non-special scheme the origin
 * "null", so comparing origins there would let data: or javascript: URLs pass: compare scheme and host.
 */
export function isAppUrl(url: string, appUrl: string): boolean {
  try {
    const target = new URL(url)
    const app = new URL(appUrl)
    if (app.protocol === 'file:') return target.protocol === 'file:' && target.pathname === app.pathname
    if (app.protocol === 'http:' || app.protocol === 'https:') return target.origin === app.origin
    return app.host !== '' && target.protocol === app.protocol && target.host === app.host
  } catch {
    return false
  }
}

/** The part of Session we configure; a structural type so tests can pass a fake. */
export type SessionLike = Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler'> &
  Partial<Pick<Session, 'setDevicePermissionHandler'>>

/**
 * The one permission the app uses: `clipboard-sanitized-write`, which navigator.clipboard.writeText needs
 * in Electron (every Copy button). Allowed only for the app's own page in its top frame; every other
 * permission (camera, notifications, HID, serial, USB, clipboard-read…) and every other origin or frame is
 * denied: a dashboard needs none of them, and a page showing hostile data must not get them.
 */
export const ALLOWED_PERMISSION = 'clipboard-sanitized-write'

export function isPermissionAllowed(permission: string, requestingUrl: string | undefined, isMainFrame: boolean, appUrl: string): boolean {
  return permission === ALLOWED_PERMISSION && isMainFrame && typeof requestingUrl === 'string' && isAppUrl(requestingUrl, appUrl)
}

/** Request and check handlers share isPermissionAllowed; device access (HID, serial, USB) is always denied. */
export function applySessionSecurity(session: SessionLike, appUrl: () => string): void {
  session.setPermissionRequestHandler((_wc, permission, callback, details) => {
    callback(isPermissionAllowed(permission, details?.requestingUrl, details?.isMainFrame === true, appUrl()))
  })
  session.setPermissionCheckHandler((_wc, permission, requestingOrigin, details) =>
    isPermissionAllowed(permission, details?.requestingUrl ?? requestingOrigin, details?.isMainFrame === true, appUrl())
  )
  session.setDevicePermissionHandler?.(() => false)
}

/** The events applyWindowSecurity listens to; a structural type so tests can pass a fake WebContents. */
export interface WebContentsLike {
  setWindowOpenHandler: WebContents['setWindowOpenHandler']
  on(event: string, listener: (event: { preventDefault(): void }, url: string) => void): unknown
}

export function applyWindowSecurity(contents: WebContentsLike, appUrl: () => string, openExternal: (url: string) => void): void {
  // window.open and target=_blank never open an Electron window: http(s) goes to the system browser.
  contents.setWindowOpenHandler(({ url }) => {
    if (isExternalUrlAllowed(url)) openExternal(url)
    return { action: 'deny' }
  })
  const stayHome = (event: { preventDefault(): void }, url: string): void => {
    if (!isAppUrl(url, appUrl())) event.preventDefault()
  }
  contents.on('will-navigate', stayHome)
  contents.on('will-frame-navigate', (event, url) => {
    // Electron passes a details object here; older versions pass the URL.
    const target = typeof url === 'string' ? url : (event as unknown as { url?: string }).url ?? ''
    stayHome(event, target)
  })
  contents.on('will-redirect', stayHome)
  contents.on('will-attach-webview', (event) => event.preventDefault())
}

/** The Content-Security-Policy for app pages; index.html's meta tag says the same (test/unit/main/security). */
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

/** Directives a <meta> CSP cannot carry (the HTML spec ignores them there); only the header has them. */
export const HEADER_ONLY_DIRECTIVES: ReadonlySet<string> = new Set(['frame-ancestors', 'report-uri', 'sandbox'])

/** Response headers with the app's CSP in place of any the server sent (header names are case-insensitive). */
export function withCspHeader(headers: Record<string, string[] | string> | undefined): Record<string, string[]> {
  const out: Record<string, string[]> = {}
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (name.toLowerCase() === 'content-security-policy') continue
    out[name] = Array.isArray(value) ? value : [value]
  }
  out['Content-Security-Policy'] = [CONTENT_SECURITY_POLICY]
  return out
}

/** The CSP as a header on every page the session loads over http(s) (the dev server); app:// sets its own. */
export function applyCspHeader(session: Pick<Session, 'webRequest'>): void {
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: withCspHeader(details.responseHeaders) })
  })
}
