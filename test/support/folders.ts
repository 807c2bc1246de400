// Data folders for tests that read and write the stores: fresh ones, removed after each test, and a folder's
// every file with its bytes, what "left as it found it" is checked against.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach } from 'vitest'

/** A maker of fresh folders named `prefix…`; each is removed after the test that made it. */
export function tempFolders(prefix: string): () => string {
  const dirs: string[] = []
  afterEach(() => {
    while (dirs.length) rmSync(dirs.pop() as string, { recursive: true, force: true })
  })
  return () => {
    const dir = mkdtempSync(join(tmpdir(), prefix))
    dirs.push(dir)
    return dir
  }
}

/** Every file of a folder with its bytes. */
export function folderSnapshot(dir: string): Record<string, string> {
  return Object.fromEntries(readdirSync(dir).sort().map((name) => [name, readFileSync(join(dir, name), 'base64')]))
}
