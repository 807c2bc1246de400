// App-wide state: what main says about itself (version, demo network, notices) and the settings, with the
// theme applied to the document.
import type { AppInfo } from '@shared/contract'
import type { Settings, Theme } from '@shared/schemas/settings'
import { DEFAULT_DIALECT } from '@shared/dialects'
import { call, errorData } from './api'
import type { AppErrorData } from '@shared/errors'
import { ViewMemory } from './view-memory'

function applyTheme(theme: Theme): void {
  const dark = theme === 'dark' || (theme === 'system' && window.matchMedia?.('(prefers-color-scheme: dark)').matches)
  document.documentElement.dataset.theme = dark ? 'dark' : 'light'
}

class AppState {
  info = $state<AppInfo | null>(null)
  settings = $state<Settings | null>(null)
  error = $state<AppErrorData | null>(null)
  /** views' state while the user is elsewhere, per profile, for the session, so leaving a view loses nothing */
  readonly memory = new ViewMemory()

  get profileId(): string {
    return this.settings?.activeProfileId ?? ''
  }

  /**
   * Whose answers the views show: the active profile as it speaks now. A profile switched to another dialect or
   * service (the demo's "Speaks", a new base URL) keeps the same id but answers anew, so its views start empty:
   * no row, filter or load of the service it spoke before stays on screen beside the new one's.
   *
   * Derived, so a view that starts anew on it does so only when it changes: every settings save replaces the
   * settings object, and an effect reading a plain getter would start anew on each one (dropping the chain
   * answers on their way for the rows in view, and asking for them again).
   */
  readonly speakerKey = $derived.by((): string => {
    const p = this.settings?.profiles.find((q) => q.id === this.profileId)
    return p ? `${p.id}\u0000${p.dialect ?? DEFAULT_DIALECT}\u0000${p.baseUrl}\u0000${p.tokensUrl ?? ''}` : this.profileId
  })

  /** The active profile's kept value under `key`, made on first use. */
  kept<T>(key: string, make: () => T): T {
    return this.memory.keep(this.speakerKey, key, make)
  }

  /** Like kept, for a plain object the view binds its inputs to: a deep $state, so edits show. */
  keptState<T extends object>(key: string, initial: () => T): T {
    return this.kept(key, () => {
      const state = $state(initial())
      return state
    })
  }

  async load(): Promise<void> {
    try {
      const [info, settings] = await Promise.all([call('app:info'), call('settings:get')])
      this.info = info
      this.setSettings(settings)
      this.error = null
    } catch (e) {
      this.error = errorData(e)
    }
  }

  setSettings(settings: Settings): void {
    this.settings = settings
    this.memory.prune(settings.profiles.map((p) => p.id))
    applyTheme(settings.theme)
  }

  async setTheme(theme: Theme): Promise<void> {
    this.setSettings(await call('settings:update', { theme }))
  }

  async refreshInfo(): Promise<void> {
    this.info = await call('app:info')
  }
}

export const app = new AppState()

if (typeof window !== 'undefined') {
  window.matchMedia?.('(prefers-color-scheme: dark)').addEventListener('change', () => {
    if (app.settings) applyTheme(app.settings.theme)
  })
}
