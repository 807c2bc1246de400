// The updater with a fake electron-updater: no Electron, no network.
import { EventEmitter } from 'node:events'
import { readFileSync } from 'node:fs'
import { describe, expect, it, vi } from 'vitest'
import type { ProgressInfo, UpdateCheckResult, UpdateInfo } from 'electron-updater'
import {
  createUpdater,
  NOT_PACKAGED_MESSAGE,
  NOTHING_TO_DOWNLOAD_MESSAGE,
  UPDATES_DISABLED_MESSAGE,
  type UpdateNotice,
  type UpdaterLike
} from '../../../src/main/updater'

function info(version: string): UpdateInfo {
  return { version, files: [], path: '', sha512: '', releaseDate: '2025-01-01T00:00:00.000Z' }
}

/**
 * Behaves like electron-updater where it matters here: a check also downloads when autoDownload is on,
 * failures emit 'error' and reject, and checks/downloads/installs are counted.
 */
class FakeUpdater extends EventEmitter {
  autoDownload = true
  autoInstallOnAppQuit = true
  allowDowngrade = true
  allowPrerelease = false
  checks = 0
  downloads = 0
  installs: Array<[boolean | undefined, boolean | undefined]> = []
  latest: string | null = '1.2.0'
  current = '1.0.0'
  failCheck: Error | null = null
  failDownload: Error | null = null
  inactive = false

  checkForUpdates = async (): Promise<UpdateCheckResult | null> => {
    if (this.inactive) return null
    this.checks++
    await Promise.resolve()
    if (this.failCheck) {
      this.emit('error', this.failCheck)
      throw this.failCheck
    }
    const version = this.latest ?? this.current
    const isUpdateAvailable = this.latest !== null && this.latest !== this.current
    const result: UpdateCheckResult = {
      isUpdateAvailable,
      updateInfo: info(version),
      versionInfo: info(version)
    }
    if (isUpdateAvailable && this.autoDownload) await this.downloadUpdate()
    return result
  }

  downloadUpdate = async (): Promise<string[]> => {
    this.downloads++
    const progress = (percent: number): ProgressInfo => ({
      percent,
      transferred: percent * 1000,
      total: 100_000,
      delta: 0,
      bytesPerSecond: 1
    })
    this.emit('download-progress', progress(50))
    await Promise.resolve()
    if (this.failDownload) {
      this.emit('error', this.failDownload)
      throw this.failDownload
    }
    this.emit('download-progress', progress(100))
    return ['/tmp/update.bin']
  }

  quitAndInstall = (isSilent?: boolean, isForceRunAfter?: boolean): void => {
    this.installs.push([isSilent, isForceRunAfter])
  }
}

function setup(opts: { enabled?: boolean } = {}) {
  const fake = new FakeUpdater()
  let enabled = opts.enabled ?? true
  const notices: UpdateNotice[] = []
  const updater = createUpdater({
    autoUpdater: fake as unknown as UpdaterLike,
    isEnabled: () => enabled,
    notify: (msg) => notices.push(msg)
  })
  return {
    fake,
    updater,
    notices,
    setEnabled: (v: boolean) => {
      enabled = v
    }
  }
}

describe('createUpdater', () => {
  it('turns automatic download and install-on-quit off', () => {
    const { fake } = setup()
    expect(fake.autoDownload).toBe(false)
    expect(fake.autoInstallOnAppQuit).toBe(false)
    expect(fake.allowDowngrade).toBe(false)
  })

  it('does nothing on its own: no check, no download, no install', async () => {
    const { fake } = setup()
    await new Promise((r) => setTimeout(r, 10))
    expect(fake.checks).toBe(0)
    expect(fake.downloads).toBe(0)
    expect(fake.installs).toEqual([])
  })

  describe('with updates turned off', () => {
    it('checkNow asks nothing of the network', async () => {
      const { fake, updater, notices } = setup({ enabled: false })
      const spy = vi.spyOn(fake, 'checkForUpdates')
      await expect(updater.checkNow()).resolves.toEqual({
        available: false,
        disabled: true,
        error: UPDATES_DISABLED_MESSAGE
      })
      expect(spy).not.toHaveBeenCalled()
      expect(fake.checks).toBe(0)
      expect(notices).toEqual([])
    })

    it('download refuses without touching the network', async () => {
      const { fake, updater } = setup({ enabled: false })
      await expect(updater.download()).resolves.toEqual({ ok: false, error: UPDATES_DISABLED_MESSAGE })
      expect(fake.downloads).toBe(0)
    })

    it('turning the setting off after a check stops the download', async () => {
      const { fake, updater, setEnabled } = setup()
      await expect(updater.checkNow()).resolves.toMatchObject({ available: true })
      setEnabled(false)
      await expect(updater.download()).resolves.toMatchObject({ ok: false, error: UPDATES_DISABLED_MESSAGE })
      expect(fake.downloads).toBe(0)
    })
  })

  describe('with updates turned on', () => {
    it('a check that finds an update reports it and downloads nothing', async () => {
      const { fake, updater, notices } = setup()
      await expect(updater.checkNow()).resolves.toEqual({ available: true, version: '1.2.0' })
      expect(fake.checks).toBe(1)
      expect(fake.downloads).toBe(0)
      expect(notices).toEqual([{ kind: 'available', version: '1.2.0' }])
      expect(updater.status()).toMatchObject({ phase: 'available', version: '1.2.0' })
    })

    it('never downloads without consent, even if autoDownload was switched back on', async () => {
      const { fake, updater } = setup()
      fake.autoDownload = true
      fake.autoInstallOnAppQuit = true
      await updater.checkNow()
      await updater.checkNow()
      expect(fake.checks).toBe(2)
      expect(fake.downloads).toBe(0)
      expect(fake.autoInstallOnAppQuit).toBe(false)
      expect(fake.installs).toEqual([])
    })

    it('no update: available false, with the version seen', async () => {
      const { fake, updater, notices } = setup()
      fake.latest = null
      await expect(updater.checkNow()).resolves.toEqual({ available: false, version: '1.0.0' })
      expect(notices).toEqual([{ kind: 'not-available' }])
      await expect(updater.download()).resolves.toEqual({ ok: false, error: NOTHING_TO_DOWNLOAD_MESSAGE })
      expect(fake.downloads).toBe(0)
    })

    it('download before any check is refused', async () => {
      const { fake, updater } = setup()
      await expect(updater.download()).resolves.toEqual({ ok: false, error: NOTHING_TO_DOWNLOAD_MESSAGE })
      expect(fake.downloads).toBe(0)
    })

    it('downloads once on an explicit download(), reporting progress', async () => {
      const { fake, updater, notices } = setup()
      await updater.checkNow()
      const [a, b] = await Promise.all([updater.download(), updater.download()])
      expect(a).toEqual({ ok: true, version: '1.2.0' })
      expect(b).toEqual(a)
      expect(fake.downloads).toBe(1)
      expect(
        notices.filter((n) => n.kind === 'progress').map((n) => (n.kind === 'progress' ? n.percent : 0))
      ).toEqual([50, 100])
      expect(notices.at(-1)).toEqual({ kind: 'downloaded', version: '1.2.0' })
      expect(updater.status()).toMatchObject({ phase: 'downloaded', version: '1.2.0' })
      // a second download() is a no-op; a check meanwhile does not go back to the network
      await expect(updater.download()).resolves.toEqual({ ok: true, version: '1.2.0' })
      await expect(updater.checkNow()).resolves.toEqual({ available: true, version: '1.2.0' })
      expect(fake.downloads).toBe(1)
      expect(fake.checks).toBe(1)
    })

    it('installs only when asked, and only after a download', async () => {
      const { fake, updater } = setup()
      expect(updater.installAndRestart()).toBe(false)
      await updater.checkNow()
      expect(updater.installAndRestart()).toBe(false)
      await updater.download()
      expect(fake.installs).toEqual([])
      expect(updater.installAndRestart()).toBe(true)
      expect(fake.installs).toEqual([[false, true]])
    })

    it('a failed check resolves with the error and does not throw on the error event', async () => {
      const { fake, updater, notices } = setup()
      fake.failCheck = new Error('net::ERR_NAME_NOT_RESOLVED')
      await expect(updater.checkNow()).resolves.toEqual({
        available: false,
        error: 'net::ERR_NAME_NOT_RESOLVED'
      })
      expect(notices).toEqual([{ kind: 'error', message: 'net::ERR_NAME_NOT_RESOLVED' }])
      expect(updater.status()).toMatchObject({ phase: 'error' })
    })

    it('a failed download keeps the update on offer so the user can retry', async () => {
      const { fake, updater } = setup()
      await updater.checkNow()
      fake.failDownload = new Error('sha512 checksum mismatch')
      await expect(updater.download()).resolves.toEqual({
        ok: false,
        version: '1.2.0',
        error: 'sha512 checksum mismatch'
      })
      expect(updater.status()).toMatchObject({ phase: 'available', version: '1.2.0' })
      expect(updater.installAndRestart()).toBe(false)
      fake.failDownload = null
      await expect(updater.download()).resolves.toEqual({ ok: true, version: '1.2.0' })
      expect(fake.downloads).toBe(2)
    })

    it('an inactive updater (unpackaged run) says so', async () => {
      const { fake, updater } = setup()
      fake.inactive = true
      await expect(updater.checkNow()).resolves.toEqual({ available: false, error: NOT_PACKAGED_MESSAGE })
    })

    it('concurrent checks share one request', async () => {
      const { fake, updater } = setup()
      const [a, b] = await Promise.all([updater.checkNow(), updater.checkNow()])
      expect(a).toEqual(b)
      expect(fake.checks).toBe(1)
    })
  })

  it('dispose removes its listeners', () => {
    const { fake, updater } = setup()
    expect(fake.listenerCount('download-progress')).toBe(1)
    expect(fake.listenerCount('error')).toBe(1)
    updater.dispose()
    expect(fake.listenerCount('download-progress')).toBe(0)
    expect(fake.listenerCount('error')).toBe(0)
  })

  it('loads neither electron nor electron-updater at module level', () => {
    const src = readFileSync(new URL('../../../src/main/updater.ts', import.meta.url), 'utf8')
    const valueImports = src.split('\n').filter((l) => /^import\s(?!type\s)/.test(l))
    expect(valueImports.filter((l) => /['"](electron|electron-updater)['"]/.test(l))).toEqual([])
  })
})
