// The app's settings and watch lists as the CLI sees them: through the app's own store (its schema,
// migrations, salvage and lock), opened read-only on first use. So the CLI reads what the app reads — one bad
// profile costs that profile, a file from a newer version is read as far as this version understands it — and
// never changes the user's files. What the store had to skip is said on stderr, as the app says it in its
// notices.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { Profile, Settings, Watchlists } from '@shared/schemas/settings'
import { SETTINGS_FILE, userDataDir } from '../main/paths'
import { openDocumentReader, SETTINGS_DOCUMENT, SettingsRepo, WATCHLISTS_DOCUMENT } from '../main/store'

export type Env = Record<string, string | undefined>

export class StoredSettings {
  private repo: SettingsRepo | null = null

  constructor(
    private readonly env: Env,
    private readonly warn: (line: string) => void
  ) {}

  /** the data folder (BRIDGESCOPE_DATA_DIR, else the app's) */
  get dataDir(): string {
    return userDataDir(process.platform, this.env as NodeJS.ProcessEnv)
  }

  /** false when the data folder holds no settings file (the app has not been run there) */
  found(): boolean {
    return existsSync(join(this.dataDir, SETTINGS_FILE))
  }

  settings(): Settings {
    return this.open().get()
  }

  /** the active profile by the app's rule (the demo network when the active one is gone) */
  activeProfile(): Profile {
    return this.open().activeProfile()
  }

  watchlists(): Watchlists {
    return this.open().getWatchlists()
  }

  private open(): SettingsRepo {
    if (this.repo) return this.repo
    const notices = { push: (n: { message: string }) => this.warn(`warning: ${n.message}`) }
    // Each file is read when first asked for: a command that needs no watch list never reads (or warns about) one.
    this.repo = new SettingsRepo(
      openDocumentReader({ ...SETTINGS_DOCUMENT, dir: this.dataDir }, notices),
      openDocumentReader({ ...WATCHLISTS_DOCUMENT, dir: this.dataDir }, notices)
    )
    return this.repo
  }
}
