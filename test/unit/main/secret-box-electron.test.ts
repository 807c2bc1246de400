// The app's SecretBox, which keeps webhook URLs, over Electron's safeStorage (the real module needs the
// binary; a stand-in with its API here): ciphertext as base64 both ways, and Linux's "basic_text" fallback
// (a fixed key) counted as no keychain, so the panel says "stored unencrypted" rather than pretend.
import { afterEach, describe, expect, it, vi } from 'vitest'

const safeStorage = {
  available: true,
  backend: 'gnome_libsecret',
  isAsyncEncryptionAvailable: () => Promise.resolve(safeStorage.available),
  getSelectedStorageBackend: () => safeStorage.backend,
  encryptStringAsync: (text: string) => Promise.resolve(Buffer.from(`enc:${text}`)),
  decryptStringAsync: (b: Buffer) =>
    Promise.resolve({ shouldReEncrypt: false, result: b.toString().replace(/^enc:/, '') })
}
vi.mock('electron', () => ({ safeStorage }))

const { electronSecretBox } = await import('../../../src/main/secret-box-electron')
const platform = Object.getOwnPropertyDescriptor(process, 'platform')
afterEach(() => {
  if (platform) Object.defineProperty(process, 'platform', platform)
  safeStorage.available = true
  safeStorage.backend = 'gnome_libsecret'
})

describe('electronSecretBox', () => {
  it('encrypts to base64 and decrypts back', async () => {
    const stored = await electronSecretBox.encrypt('https://hooks.slack.com/services/T/B/x')
    expect(stored).toBe(Buffer.from('enc:https://hooks.slack.com/services/T/B/x').toString('base64'))
    expect(await electronSecretBox.decrypt(stored)).toBe('https://hooks.slack.com/services/T/B/x')
  })

  it('is available with a keychain; not without one, nor with Linux basic_text', async () => {
    Object.defineProperty(process, 'platform', { value: 'linux' })
    expect(await electronSecretBox.available()).toBe(true)
    safeStorage.backend = 'basic_text'
    expect(await electronSecretBox.available()).toBe(false)
    Object.defineProperty(process, 'platform', { value: 'darwin' })
    expect(await electronSecretBox.available()).toBe(true)
    safeStorage.available = false
    expect(await electronSecretBox.available()).toBe(false)
  })
})
