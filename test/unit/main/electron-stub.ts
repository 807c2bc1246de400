// A recording stand-in for the `electron` module, so the built main bundle can be loaded in plain Node.
import { EventEmitter } from 'node:events'

export interface Recorded {
  windows: { options: Record<string, unknown>; url: string | null }[]
  handled: string[]
  permissionHandlers: number
  windowOpenHandlers: number
  trays: { tooltip: string; destroyed: boolean }[]
  notifications: { title: string; body: string }[]
  privilegedSchemes: string[]
  protocolHandlers: Map<string, (request: { url: string }) => Promise<Response>>
}

export const recorded: Recorded = {
  windows: [],
  handled: [],
  permissionHandlers: 0,
  windowOpenHandlers: 0,
  trays: [],
  notifications: [],
  privilegedSchemes: [],
  protocolHandlers: new Map()
}

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
  handle: (channel: string) => {
    recorded.handled.push(channel)
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

export default { app, BrowserWindow, ipcMain, protocol, session, shell, Tray, Menu, Notification, nativeImage, powerMonitor, safeStorage }
