// Secrets (webhook URLs) kept apart from settings: <data>/secrets.json, mode 0600, keyed by the owner's id
// (a sink id). Settings, exports and imports never carry them, so no export can leak one and no import can
// wipe one. Each value is encrypted by a SecretBox when the box has a key from the OS keychain (Electron's
// safeStorage), else stored as it is, and marked so: the Alerts panel says "stored unencrypted" then.
import {
  chmodSync,
  constants,
  copyFileSync,
  existsSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync
} from 'node:fs'
import { randomBytes } from 'node:crypto'
import { dirname, join } from 'node:path'
import { z } from 'zod'
import { withFileLock } from './file-lock'
import { TEMP_MARK } from './atomic-file'

/**
 * Encrypts text with a key the OS keeps for this user. Electron's safeStorage in the app
 * (src/main/secret-box-electron.ts); `noSecretBox` in the browser harness, the CLI and tests.
 */
export interface SecretBox {
  /** whether encrypt/decrypt work here, with a key that is not a constant (Linux "basic_text" is not) */
  available(): Promise<boolean>
  /** base64 ciphertext */
  encrypt(text: string): Promise<string>
  decrypt(stored: string): Promise<string>
}

/** No keychain: secrets are stored as they are, in a file only this user may read. */
export const noSecretBox: SecretBox = {
  available: () => Promise.resolve(false),
  encrypt: () => Promise.reject(new Error('no OS keychain to encrypt with')),
  decrypt: () => Promise.reject(new Error('no OS keychain to decrypt with'))
}

export const SECRETS_FILE = 'secrets.json'

const entrySchema = z.union([
  z.object({ box: z.literal('os'), data: z.string() }),
  z.object({ box: z.literal('plain'), text: z.string() })
])
type Entry = z.infer<typeof entrySchema>
const fileSchema = z.object({ version: z.literal(1), secrets: z.record(z.string(), z.unknown()) })

export type SecretState =
  | { storage: 'encrypted' | 'unencrypted'; value: string }
  | { storage: 'missing' }
  | { storage: 'unreadable'; why: string }

export class SecretStore {
  private readonly file: string

  constructor(
    dataDir: string,
    private readonly box: SecretBox
  ) {
    this.file = join(dataDir, SECRETS_FILE)
    // A copy restored from a backup, or made by hand, may have come with wider permissions.
    if (existsSync(this.file)) chmodSync(this.file, 0o600)
  }

  available(): Promise<boolean> {
    return this.box.available()
  }

  /** Which ids have a secret, and how it is stored, without decrypting anything. */
  storage(): Map<string, 'encrypted' | 'unencrypted'> {
    const out = new Map<string, 'encrypted' | 'unencrypted'>()
    for (const [id, raw] of this.read().secrets) {
      const e = entrySchema.safeParse(raw)
      if (e.success) out.set(id, e.data.box === 'os' ? 'encrypted' : 'unencrypted')
    }
    return out
  }

  async get(id: string): Promise<SecretState> {
    const entry = entrySchema.safeParse(this.read().secrets.get(id))
    if (!entry.success) return { storage: 'missing' }
    if (entry.data.box === 'plain') return { storage: 'unencrypted', value: entry.data.text }
    try {
      return { storage: 'encrypted', value: await this.box.decrypt(entry.data.data) }
    } catch (error) {
      // encrypted by another user or machine (a copied data folder), or the keychain is locked
      return { storage: 'unreadable', why: error instanceof Error ? error.message : String(error) }
    }
  }

  /** Encrypts first (async), then writes under the lock, so the lock is held only for the file write. */
  async set(id: string, value: string): Promise<'encrypted' | 'unencrypted'> {
    const entry: Entry = (await this.box.available())
      ? { box: 'os', data: await this.box.encrypt(value) }
      : { box: 'plain', text: value }
    this.change((all) => all.set(id, entry))
    return entry.box === 'os' ? 'encrypted' : 'unencrypted'
  }

  delete(ids: readonly string[]): void {
    if (ids.length === 0) return
    this.change((all) => ids.forEach((id) => all.delete(id)))
  }

  /** Entries are kept as they are on disk: one this version cannot read (a newer box) survives a rewrite. */
  private read(): { secrets: Map<string, unknown>; unusable: boolean } {
    let text: string
    try {
      text = readFileSync(this.file, 'utf8')
    } catch {
      return { secrets: new Map(), unusable: false }
    }
    try {
      const doc = fileSchema.parse(JSON.parse(text))
      return { secrets: new Map(Object.entries(doc.secrets)), unusable: false }
    } catch {
      return { secrets: new Map(), unusable: true }
    }
  }

  /** Read-modify-write under its own lock; the temporary file is created 0600 before the secret is in it. */
  private change(edit: (all: Map<string, unknown>) => void): void {
    withFileLock(`${this.file}.lock`, () => {
      const { secrets, unusable } = this.read()
      // A file that does not parse is not overwritten: it is kept aside (0600 as well), as settings are.
      if (unusable)
        copyFileSync(
          this.file,
          join(dirname(this.file), `secrets.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}.json`),
          constants.COPYFILE_EXCL
        )
      edit(secrets)
      const temp = `${this.file}${TEMP_MARK}${process.pid}-${randomBytes(4).toString('hex')}`
      try {
        writeFileSync(temp, JSON.stringify({ version: 1, secrets: Object.fromEntries(secrets) }, null, 2), {
          mode: 0o600
        })
        renameSync(temp, this.file)
      } finally {
        rmSync(temp, { force: true })
      }
    })
  }
}
