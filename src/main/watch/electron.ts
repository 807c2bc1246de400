/// <reference types="electron-vite/node" />
// Electron's side of the watch, imported only by src/main/index.ts: desktop notifications, the tray icon
// (vault status in the tooltip; Open, Pause/Resume, Quit) shown while "watch in background" is on, and sleep /
// resume from powerMonitor. Everything else of the watch is plain Node.
import { Menu, Notification, Tray, nativeImage, powerMonitor } from 'electron'
// A copy of resources/icon.png beside the code: electron-vite emits it into out/, which is what gets packaged.
import iconPath from './tray-icon.png?asset'
import type { WatchStatus } from '@shared/watch'
import type { SettingsRepo } from '../store'
import type { WatchService } from './service'
import type { Notify } from './types'

/** Desktop notifications through Electron; a click runs the watcher's onClick (open the window at the diff). */
export const electronNotify: Notify = ({ title, body, onClick }) => {
  if (!Notification.isSupported()) return
  const n = new Notification({ title, body, icon: iconPath })
  n.on('click', onClick)
  n.show()
}

export function trayTooltip(s: WatchStatus): string {
  const vault = s.vault ? `vault epoch ${s.vault.epoch ?? '?'}${s.vault.status ? ` (${s.vault.status})` : ''}` : 'vault not read yet'
  const state = !s.running ? 'not watching' : s.paused ? 'paused' : 'watching'
  const down = s.nodes.filter((n) => !n.ok).length
  return `Bridgescope — ${state}, ${vault}${down > 0 ? `, ${down} node${down === 1 ? '' : 's'} failing` : ''}`
}

export interface WatchShellDeps {
  watch: WatchService
  settings: SettingsRepo
  openWindow: (href?: string) => void
  quit: () => void
}

export function installWatchShell(d: WatchShellDeps): { dispose(): void } {
  let tray: Tray | null = null

  const refresh = (): void => {
    if (!tray) return
    const s = d.watch.status()
    tray.setToolTip(trayTooltip(s))
    tray.setContextMenu(
      Menu.buildFromTemplate([
        { label: 'Open Bridgescope', click: () => d.openWindow() },
        { label: s.paused ? 'Resume watching' : 'Pause watching', click: () => void d.watch.setPaused(!s.paused) },
        { type: 'separator' },
        { label: 'Quit', click: () => d.quit() }
      ])
    )
  }

  const sync = (): void => {
    const want = d.settings.get().watchInBackground
    if (want && !tray) {
      tray = new Tray(nativeImage.createFromPath(iconPath).resize({ width: 16, height: 16 }))
      tray.on('click', () => d.openWindow())
      refresh()
    } else if (!want && tray) {
      tray.destroy()
      tray = null
    }
  }

  const onSuspend = (): void => d.watch.suspend()
  const onResume = (): void => d.watch.resume()
  powerMonitor.on('suspend', onSuspend)
  powerMonitor.on('resume', onResume)
  const offStatus = d.watch.onStatus(refresh)
  const offSettings = d.settings.onChange(sync)
  sync()

  return {
    dispose() {
      powerMonitor.off('suspend', onSuspend)
      powerMonitor.off('resume', onResume)
      offStatus()
      offSettings()
      tray?.destroy()
      tray = null
    }
  }
}
