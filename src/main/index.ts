// The Electron main process: one window, hardened; the IPC handler table from the shared app context.
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { app, BrowserWindow, ipcMain, protocol, session, shell } from 'electron'
import Store from 'electron-store'
import type { EventName, EventPayload } from '@shared/contract'
import { createAppContext, type AppContext } from './app-context'
import { registerIpc, sendEvent } from './ipc/register'
import { userDataDir } from './paths'
import { APP_INDEX_URL, handleAppProtocol, registerAppScheme } from './app-protocol'
import { applyCspHeader, applySessionSecurity, applyWindowSecurity, isExternalUrlAllowed, secureWebPreferences } from './security'

const here = dirname(fileURLToPath(import.meta.url))
const preloadPath = join(here, '../preload/index.cjs')
const rendererDir = join(here, '../renderer')

// The built renderer is served over app:// (never file://); in development, the dev server's URL.
function appUrl(): string {
  return process.env.ELECTRON_RENDERER_URL ?? APP_INDEX_URL
}

// Privileged schemes must be declared before the app is ready.
registerAppScheme(protocol)

let mainWindow: BrowserWindow | null = null
let context: AppContext | null = null

function broadcast<E extends EventName>(event: E, payload: EventPayload<E>): void {
  for (const win of BrowserWindow.getAllWindows()) sendEvent(win.webContents, event, payload)
}

function openExternal(url: string): Promise<void> {
  return isExternalUrlAllowed(url) ? shell.openExternal(url) : Promise.resolve()
}

function createWindow(): BrowserWindow {
  const win = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'Bridgescope',
    backgroundColor: '#101418',
    webPreferences: secureWebPreferences(preloadPath)
  })
  win.once('ready-to-show', () => win.show())
  win.on('closed', () => {
    if (mainWindow === win) mainWindow = null
  })
  void win.loadURL(appUrl())
  return win
}

async function start(): Promise<void> {
  if (!app.requestSingleInstanceLock()) {
    app.quit()
    return
  }
  // Before ready, so sessions and electron-store use the same folder the CLI and README name.
  app.setPath('userData', userDataDir())
  await app.whenReady()
  applySessionSecurity(session.defaultSession)
  // app:// answers with the CSP header itself; this adds it to pages over http (the dev server). The meta
  // tag in index.html says the same, so the policy holds whichever way the page arrives.
  applyCspHeader(session.defaultSession)
  handleAppProtocol(session.defaultSession.protocol, rendererDir)
  app.on('web-contents-created', (_e, contents) => applyWindowSecurity(contents, appUrl, (url) => void openExternal(url)))

  context = await createAppContext({
    dataDir: app.getPath('userData'),
    storeFactory: ({ cwd, name }) => new Store<Record<string, unknown>>({ cwd, name, clearInvalidConfig: false }),
    shell: 'electron',
    version: app.getVersion(),
    broadcast,
    openExternal
  })
  registerIpc(ipcMain, context.handlers, appUrl, broadcast)
  mainWindow = createWindow()

  app.on('second-instance', () => {
    if (!mainWindow) mainWindow = createWindow()
    if (mainWindow.isMinimized()) mainWindow.restore()
    mainWindow.focus()
  })
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) mainWindow = createWindow()
  })
}

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit()
})
app.on('before-quit', () => {
  void context?.dispose()
})

start().catch((error: unknown) => {
  console.error('Bridgescope could not start:', error)
  app.exit(1)
})
