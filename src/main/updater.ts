// Update support for packaged builds, off unless the user turns it on (settings.updates.enabled).
//
// Nothing here happens by itself: a check runs only when checkNow() is called and the setting is on; a
// download runs only when download() is called after a check found an update (the user's consent); the
// update is installed only when installAndRestart() is called. autoDownload and autoInstallOnAppQuit
// stay false. The updater object is passed in, so this module never loads electron or electron-updater
// (tests use a fake; main passes the result of loadAutoUpdater()).
import type { AppUpdater, ProgressInfo, UpdateCheckResult } from 'electron-updater'

/** The part of electron-updater's AppUpdater this module uses. */
export type UpdaterLike = Pick<
  AppUpdater,
  | 'checkForUpdates'
  | 'downloadUpdate'
  | 'quitAndInstall'
  | 'on'
  | 'removeListener'
  | 'autoDownload'
  | 'autoInstallOnAppQuit'
  | 'allowDowngrade'
  | 'allowPrerelease'
>

import type { CheckResult, DownloadResult, UpdateNotice, UpdaterStatus } from '@shared/updates'

export type { CheckResult, DownloadResult, UpdateNotice, UpdaterStatus, UpdaterPhase } from '@shared/updates'

export interface UpdaterDeps {
  autoUpdater: UpdaterLike
  /** Read at every call, so turning the setting off takes effect at once. */
  isEnabled(): boolean
  notify(msg: UpdateNotice): void
}

export interface Updater {
  checkNow(): Promise<CheckResult>
  /** Downloads the update the last check found. Call only on the user's explicit request. */
  download(): Promise<DownloadResult>
  /** Quits and installs a downloaded update. Returns false (and does nothing) when none is downloaded. */
  installAndRestart(): boolean
  status(): UpdaterStatus
  /** Removes the event listeners this module added. */
  dispose(): void
}

export const UPDATES_DISABLED_MESSAGE = 'Updates are turned off in Settings.'
export const NOT_PACKAGED_MESSAGE = 'Updates are checked only in installed builds.'
export const NOTHING_TO_DOWNLOAD_MESSAGE = 'There is no update to download: check for updates first.'

function messageOf(err: unknown): string {
  if (err instanceof Error) return err.message
  return typeof err === 'string' ? err : 'unknown error'
}

export function createUpdater(deps: UpdaterDeps): Updater {
  const { autoUpdater, isEnabled, notify } = deps

  const lockDown = (): void => {
    autoUpdater.autoDownload = false
    autoUpdater.autoInstallOnAppQuit = false
    autoUpdater.allowDowngrade = false
  }
  lockDown()

  let status: UpdaterStatus = { phase: 'idle' }
  let checking: Promise<CheckResult> | null = null
  let downloading: Promise<DownloadResult> | null = null

  const onProgress = (p: ProgressInfo): void => {
    if (status.phase !== 'downloading') return
    status = { ...status, percent: p.percent }
    notify({ kind: 'progress', percent: p.percent, transferred: p.transferred, total: p.total })
  }
  // Errors are reported by the promise of the call that failed; the listener only keeps Node's
  // EventEmitter from throwing on an 'error' nobody listens to.
  const onError = (_err: Error): void => {}
  autoUpdater.on('download-progress', onProgress)
  autoUpdater.on('error', onError)

  async function runCheck(): Promise<CheckResult> {
    lockDown()
    status = { phase: 'checking' }
    let result: UpdateCheckResult | null
    try {
      result = await autoUpdater.checkForUpdates()
    } catch (err) {
      const message = messageOf(err)
      status = { phase: 'error', error: message }
      notify({ kind: 'error', message })
      return { available: false, error: message }
    }
    if (result === null) {
      // electron-updater answers null when it is inactive (an unpackaged or development run).
      status = { phase: 'idle' }
      return { available: false, error: NOT_PACKAGED_MESSAGE }
    }
    const version = result.updateInfo.version
    if (!result.isUpdateAvailable) {
      status = { phase: 'idle' }
      notify({ kind: 'not-available' })
      return { available: false, version }
    }
    status = { phase: 'available', version }
    notify({ kind: 'available', version })
    return { available: true, version }
  }

  async function runDownload(version: string): Promise<DownloadResult> {
    status = { phase: 'downloading', version, percent: 0 }
    try {
      await autoUpdater.downloadUpdate()
    } catch (err) {
      const message = messageOf(err)
      // The update found is still there: the user may try the download again.
      status = { phase: 'available', version, error: message }
      notify({ kind: 'error', message })
      return { ok: false, version, error: message }
    }
    status = { phase: 'downloaded', version, percent: 100 }
    notify({ kind: 'downloaded', version })
    return { ok: true, version }
  }

  return {
    checkNow() {
      if (!isEnabled())
        return Promise.resolve({ available: false, disabled: true, error: UPDATES_DISABLED_MESSAGE })
      if (status.phase === 'downloading' || status.phase === 'downloaded') {
        return Promise.resolve({ available: true, ...(status.version ? { version: status.version } : {}) })
      }
      checking ??= runCheck().finally(() => {
        checking = null
      })
      return checking
    },

    download() {
      if (!isEnabled()) return Promise.resolve({ ok: false, error: UPDATES_DISABLED_MESSAGE })
      if (downloading) return downloading
      if (status.phase === 'downloaded')
        return Promise.resolve({ ok: true, ...(status.version ? { version: status.version } : {}) })
      if (status.phase !== 'available' || !status.version) {
        return Promise.resolve({ ok: false, error: NOTHING_TO_DOWNLOAD_MESSAGE })
      }
      downloading = runDownload(status.version).finally(() => {
        downloading = null
      })
      return downloading
    },

    installAndRestart() {
      if (status.phase !== 'downloaded') return false
      // isSilent=false shows the Windows installer; isForceRunAfter=true restarts the app afterwards.
      autoUpdater.quitAndInstall(false, true)
      return true
    },

    status() {
      return { ...status }
    },

    dispose() {
      autoUpdater.removeListener('download-progress', onProgress)
      autoUpdater.removeListener('error', onError)
    }
  }
}

/**
 * Loads electron-updater's autoUpdater. Call it only in the Electron main process of a packaged build,
 * and only when updates are enabled: electron-updater imports electron.
 */
export async function loadAutoUpdater(): Promise<UpdaterLike> {
  // electron-updater is CommonJS with a getter export; from ESM it may surface only on the default export.
  const mod = (await import('electron-updater')) as unknown as {
    autoUpdater?: AppUpdater
    default?: { autoUpdater?: AppUpdater }
  }
  const autoUpdater = mod.autoUpdater ?? mod.default?.autoUpdater
  if (!autoUpdater) throw new Error('electron-updater did not provide autoUpdater')
  return autoUpdater
}
