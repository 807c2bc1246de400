// A recording stand-in for the `electron` module, so the built main bundle can be loaded in plain Node.
import { EventEmitter } from 'node:events'
import { Readable } from 'node:stream'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'

export type IpcHandler = (event: { senderFrame: { url: string; parent: unknown } }, input: unknown) => unknown

export interface Recorded {
  windows: { options: Record<string, unknown>; url: string | null }[]
  handled: string[]
  permissionHandlers: number
  windowOpenHandlers: number
  trays: { tooltip: string; destroyed: boolean }[]
  notifications: { title: string; body: string }[]
  privilegedSchemes: string[]
  protocolHandlers: Map<string, (request: { url: string }) => Promise<Response>>
  /** what ipcMain.handle was given, so a test can call a channel as the page would */
  handlers: Map<string, IpcHandler>
  /** every request made through net.fetch or net.request (Chromium's network stack in the real app) */
  netFetches: { url: string; method: string }[]
  /** the URLs of those made through net.request (one hop, its redirect not followed) */
  netRequests: string[]
  /** every URL the session was asked the proxy of, and what it answers (Chromium's PAC form; DIRECT unless a test says) */
  proxyAsked: string[]
  proxyFor: (url: string) => string
}

export const recorded: Recorded = {
  windows: [],
  handled: [],
  permissionHandlers: 0,
  windowOpenHandlers: 0,
  trays: [],
  notifications: [],
  privilegedSchemes: [],
  protocolHandlers: new Map(),
  handlers: new Map(),
  netFetches: [],
  netRequests: [],
  proxyAsked: [],
  proxyFor: () => 'DIRECT'
}

// Taken before any test can spy on the global: net.fetch's own requests are not the main process calling
// Node's fetch directly.
const nodeFetch = globalThis.fetch.bind(globalThis)

class WebContentsStub extends EventEmitter {
  setWindowOpenHandler(): void {
    recorded.windowOpenHandlers++
  }
  send(): void {}
  executeJavaScript(): Promise<unknown> {
    return Promise.resolve(undefined)
  }
  isDestroyed(): boolean {
    return false
  }
}

export class BrowserWindow extends EventEmitter {
  static all: BrowserWindow[] = []
  static getAllWindows(): BrowserWindow[] {
    return BrowserWindow.all
  }
  readonly webContents = new WebContentsStub()
  private readonly record: Recorded['windows'][number]
  constructor(options: Record<string, unknown>) {
    super()
    this.record = { options, url: null }
    recorded.windows.push(this.record)
    BrowserWindow.all.push(this)
    appEvents.emit('web-contents-created', {}, this.webContents)
  }
  loadURL(url: string): Promise<void> {
    this.record.url = url
    return Promise.resolve()
  }
  show(): void {}
  focus(): void {}
  restore(): void {}
  isMinimized(): boolean {
    return false
  }
}

const appEvents = new EventEmitter()
const paths: Record<string, string> = {}
export const app = Object.assign(appEvents, {
  whenReady: () => Promise.resolve(),
  requestSingleInstanceLock: () => true,
  getPath: (name: string) => paths[name] ?? '/tmp',
  setPath: (name: string, value: string) => {
    paths[name] = value
  },
  getVersion: () => '0.0.0-test',
  getName: () => 'Bridgescope',
  quit: () => undefined,
  exit: () => undefined
})

export const ipcMain = {
  handle: (channel: string, handler: IpcHandler) => {
    recorded.handled.push(channel)
    recorded.handlers.set(channel, handler)
  },
  on: () => undefined,
  removeHandler: () => undefined
}

export const session = {
  defaultSession: {
    setPermissionRequestHandler: () => {
      recorded.permissionHandlers++
    },
    setPermissionCheckHandler: () => {
      recorded.permissionHandlers++
    },
    setDevicePermissionHandler: () => {
      recorded.permissionHandlers++
    },
    webRequest: { onHeadersReceived: () => undefined },
    resolveProxy: (url: string): Promise<string> => {
      recorded.proxyAsked.push(url)
      return Promise.resolve(recorded.proxyFor(url))
    },
    protocol: {
      handle: (scheme: string, handler: (request: { url: string }) => Promise<Response>) => {
        recorded.protocolHandlers.set(scheme, handler)
      }
    }
  }
}

export const protocol = {
  registerSchemesAsPrivileged: (schemes: { scheme: string }[]) => {
    recorded.privilegedSchemes.push(...schemes.map((s) => s.scheme))
  }
}

export const shell = { openExternal: () => Promise.resolve() }

/**
 * Electron's ClientRequest in 'manual' redirect mode, as its source has it (a redirect is emitted as 'redirect',
 * then the request ends with "Redirect was cancelled" unless followRedirect is called, which main never does);
 * Node fetches it, one hop.
 */
class ClientRequestStub extends EventEmitter {
  private readonly headers = new Headers()
  private readonly controller = new AbortController()
  constructor(private readonly options: { url: string; method?: string; redirect?: string }) {
    super()
  }
  setHeader(name: string, value: string): void {
    this.headers.set(name, value)
  }
  abort(): void {
    this.controller.abort()
  }
  end(body?: string): void {
    const { url, method = 'GET' } = this.options
    recorded.netFetches.push({ url, method })
    recorded.netRequests.push(url)
    nodeFetch(url, { method, headers: this.headers, ...(body === undefined ? {} : { body }), redirect: 'manual', signal: this.controller.signal }).then(
      (response) => {
        const location = response.headers.get('location')
        if (response.status >= 300 && response.status < 400 && location !== null) {
          this.emit('redirect', response.status, method, new URL(location, url).href, {})
          this.emit('error', new Error('Redirect was cancelled'))
          return
        }
        const message = Object.assign(response.body ? Readable.fromWeb(response.body as WebReadableStream) : Readable.from([]), {
          statusCode: response.status,
          statusMessage: response.statusText,
          headers: Object.fromEntries(response.headers)
        })
        this.emit('response', message)
      },
      (error: unknown) => this.emit('error', error)
    )
  }
}

// Electron's net.fetch takes a URL string or a Request; here it records the request and lets Node fetch it.
export const net = {
  fetch: (input: string | Request, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init)
    recorded.netFetches.push({ url: request.url, method: request.method })
    return nodeFetch(request)
  },
  request: (options: { url: string; method?: string; redirect?: string }): ClientRequestStub => new ClientRequestStub(options)
}

export class Tray extends EventEmitter {
  private readonly record = { tooltip: '', destroyed: false }
  constructor() {
    super()
    recorded.trays.push(this.record)
  }
  setToolTip(text: string): void {
    this.record.tooltip = text
  }
  setContextMenu(): void {}
  destroy(): void {
    this.record.destroyed = true
  }
}

export const Menu = { buildFromTemplate: (items: unknown[]) => ({ items }) }

export class Notification extends EventEmitter {
  static isSupported(): boolean {
    return true
  }
  constructor(private readonly options: { title: string; body: string }) {
    super()
  }
  show(): void {
    recorded.notifications.push({ title: this.options.title, body: this.options.body })
  }
}

const image = { resize: () => image }
export const nativeImage = { createFromPath: () => image }
export const powerMonitor = new EventEmitter()

// No keychain in the stub: the app stores webhook URLs unencrypted, as on Linux without a secret service.
export const safeStorage = {
  isAsyncEncryptionAvailable: () => Promise.resolve(false),
  getSelectedStorageBackend: () => 'basic_text',
  encryptStringAsync: () => Promise.reject(new Error('no keychain')),
  decryptStringAsync: () => Promise.reject(new Error('no keychain'))
}

export default { app, BrowserWindow, ipcMain, net, protocol, session, shell, Tray, Menu, Notification, nativeImage, powerMonitor, safeStorage }
