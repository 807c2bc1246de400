// The store room's front door: everything Bridgescope keeps in its data folder, kept so that nothing is lost
// (docs/architecture.md, "Storage safety"). The app context, the CLI and the browser shell import it from here.
//
// What it offers:
//   SETTINGS_DOCUMENT, WATCHLISTS_DOCUMENT  the two documents, declared once (name, schema, defaults, migrations)
//   openDocumentStore   a document to read and change: every change a read-modify-write under the folder's lock
//   openDocumentReader  the same document read-only, for a process that must never write it (the CLI)
//   SettingsRepo        settings and watch lists as the app uses them: profiles, patches, watched items
//   DiskCache           the per-profile cache of validated answers, bounded, least recently used first out
//   SecretStore         webhook URLs, apart from settings, encrypted where the OS has a keychain
//   writeFileAtomic     a file replaced whole or not at all (the watcher's own state files)
export { SETTINGS_DOCUMENT, WATCHLISTS_DOCUMENT } from './documents'
export { openDocumentStore, type BackingStore, type BackingStoreFactory, type DocumentStore } from './document-store'
export { openDocumentReader } from './document-reader'
export { SettingsRepo, type WatchKind } from './settings-repo'
export { DiskCache } from './cache'
export { SecretStore, noSecretBox, type SecretBox } from './secret-box'
export { writeFileAtomic } from './atomic-file'
