// The two documents of the data folder, declared once: whoever opens them (the app to read and write, the CLI
// to read) gets the same file name, schema, defaults and migrations.
import { defaultSettings, settingsSchema, watchlistsSchema, type Settings, type Watchlists } from '@shared/schemas/settings'
import type { DocumentKind } from './document-load'
import { migrateSettings, migrateWatchlists } from './migrations'

export const SETTINGS_DOCUMENT: DocumentKind<Settings> = {
  name: 'settings',
  schema: settingsSchema,
  defaults: defaultSettings,
  migrate: migrateSettings
}

export const WATCHLISTS_DOCUMENT: DocumentKind<Watchlists> = {
  name: 'watchlists',
  schema: watchlistsSchema,
  defaults: () => watchlistsSchema.parse({}),
  migrate: migrateWatchlists
}
