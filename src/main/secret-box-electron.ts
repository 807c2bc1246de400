// The SecretBox of the app: Electron's safeStorage, whose key the OS keeps (Keychain on macOS, DPAPI on
// Windows, the secret service or KWallet on Linux). Imported only by src/main/index.ts: plain-Node code (the
// harness, the CLI, tests) must never load 'electron' (in plain Node that starts its binary download, which fails offline), and gets noSecretBox instead.
import { safeStorage } from 'electron'
import type { SecretBox } from './store'

export const electronSecretBox: SecretBox = {
  available: async () => {
    if (!(await safeStorage.isAsyncEncryptionAvailable())) return false
    // Linux without a secret service falls back to "basic_text": a key that is the same on every machine,
    // which hides nothing. Such a URL is stored unencrypted, and the panel says so, rather than pretend.
    return process.platform !== 'linux' || safeStorage.getSelectedStorageBackend() !== 'basic_text'
  },
  encrypt: async (text) => (await safeStorage.encryptStringAsync(text)).toString('base64'),
  decrypt: async (stored) => (await safeStorage.decryptStringAsync(Buffer.from(stored, 'base64'))).result
}
