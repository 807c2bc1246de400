// A SecretBox with a key of its own (AES-256-GCM), standing in for Electron's safeStorage where there is a
// keychain: tests of what the disk holds when encryption is available.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import type { SecretBox } from '../../../../src/main/store/secret-box'

export function testSecretBox(key: Buffer = randomBytes(32)): SecretBox {
  return {
    available: () => Promise.resolve(true),
    encrypt: (text) => {
      const iv = randomBytes(12)
      const c = createCipheriv('aes-256-gcm', key, iv)
      const data = Buffer.concat([c.update(text, 'utf8'), c.final()])
      return Promise.resolve(Buffer.concat([iv, c.getAuthTag(), data]).toString('base64'))
    },
    decrypt: (stored) => {
      const b = Buffer.from(stored, 'base64')
      const d = createDecipheriv('aes-256-gcm', key, b.subarray(0, 12))
      d.setAuthTag(b.subarray(12, 28))
      return Promise.resolve(Buffer.concat([d.update(b.subarray(28)), d.final()]).toString('utf8'))
    }
  }
}
