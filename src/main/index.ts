// The Electron main process: one window, hardened; the IPC handler table from the shared app context.
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { app, BrowserWindow, ipcMain, net, protocol, session, shell } from 'electron'
import Store from 'electron-store'
import type { EventName, EventPayload } from '@shared/contract'
import { createAppContext, type AppContext } from './app-context'
import { registerIpc, sendEvent } from './ipc/register'
import { userDataDir } from './paths'
import { createUpdater, loadAutoUpdater, type Updater } from './updater'
import { electronNotify, installWatchShell } from './watch/electron'
import { electronSecretBox } from './secret-box-electron'
import { APP_INDEX_URL, handleAppProtocol, registerAppScheme } from './app-protocol'
import { chromiumNetwork, electronHop } from './net'
import { applyCspHeader, applySessionSecurity, applyWindowSecurity, isExternalUrlAllowed, secureWebPreferences } from './security'
import { demoNetworkPlan } from '../demo/plan'

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
let updater: Promise<Updater> | null = null
let context: AppContext | null = null
let watchShell: { dispose(): void } | null = null
let quitting = false

function broadcast<E extends EventName>(event: E, payload: EventPayload<E>): void {
  for (const win of BrowserWindow.getAllWindows()) sendEvent(win.webContents, event, payload)
}

function openExternal(url: string): Promise<void> {
  return isExternalUrlAllowed(url) ? shell.openExternal(url) : Promise.resolve()
}

/** Shows the window (creating it if the tray kept the app alone), at a hash route such as `#/vault?diff=…`. */
function openWindow(href?: string): void {
  if (!mainWindow) {
    mainWindow = createWindow(href)
    return
  }
  if (mainWindow.isMinimized()) mainWindow.restore()
  mainWindow.show()
  mainWindow.focus()
  // A hash change inside the page (the router follows it), not a navigation the security rules would block.
  if (href) void mainWindow.webContents.executeJavaScript(`location.hash = ${JSON.stringify(href)}`).catch(() => undefined)
}

function createWindow(href?: string): BrowserWindow {
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
  void win.loadURL(href ? `${appUrl().split('#')[0] ?? ''}${href}` : appUrl())
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
  applySessionSecurity(session.defaultSession, appUrl)
  // app:// answers with the CSP header itself; this adds it to pages over http (the dev server). The meta
  // tag in index.html says the same, so the policy holds whichever way the page arrives.
  applyCspHeader(session.defaultSession)
  handleAppProtocol(session.defaultSession.protocol, rendererDir, () => context?.icons ?? null)
  app.on('web-contents-created', (_e, contents) => applyWindowSecurity(contents, appUrl, (url) => void openExternal(url)))

  context = await createAppContext({
    dataDir: app.getPath('userData'),
    storeFactory: ({ cwd, name }) => new Store<Record<string, unknown>>({ cwd, name, clearInvalidConfig: false }),
    shell: 'electron',
    version: app.getVersion(),
    // The one place the product names the demo network: the demo profile's network, which moves as a live one does.
    demo: demoNetworkPlan(),
    broadcast,
    openExternal,
    // Chromium's network stack for every request main makes: the system proxy settings, PAC scripts and the
    // OS certificate store apply, as in the user's browser (Node's fetch would ignore all three). A URL a
    // service named goes down the roads the session's proxy answer names, each one Node's, the direct one with
    // its connection's own DNS lookup held to the address policy; the query service's redirects are followed
    // one hop at a time under that policy (./net/chromium-road.ts). electron-updater already goes through
    // Electron's net module.
    fetch: chromiumNetwork({
      fetch: (input, init) => net.fetch(input, init),
      hop: electronHop((options) => net.request(options)),
      resolveProxy: (url) => session.defaultSession.resolveProxy(url)
    }).fetch,
    // electron-updater is loaded only in an installed build, on the first update request the user makes.
    ...(app.isPackaged
      ? {
          updater: (settings, send) =>
            (updater ??= loadAutoUpdater().then((autoUpdater) =>
              createUpdater({ autoUpdater, isEnabled: () => settings.get().updates.enabled, notify: (n) => send('updates:notice', n) })
            ))
        }
      : {}),
    watch: { notify: electronNotify, open: openWindow },
    secretBox: electronSecretBox
  })
  registerIpc(ipcMain, context.handlers, appUrl, broadcast)
  watchShell = installWatchShell({
    watch: context.watch,
    settings: context.settings,
    openWindow,
    quit: () => {
      quitting = true
      app.quit()
    }
  })
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
  // With "watch in background" on, the tray keeps the watcher running until Quit.
  if (!quitting && context?.settings.get().watchInBackground) return
  if (process.platform !== 'darwin') app.quit()
})
app.on('before-quit', () => {
  quitting = true
  watchShell?.dispose()
  void context?.dispose()
})

start().catch((error: unknown) => {
  console.error('Bridgescope could not start:', error)
  app.exit(1)
})
