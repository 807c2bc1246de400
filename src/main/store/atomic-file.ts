// Writes that never leave a half-written file behind: write a temporary file beside the target, flush it,
// then rename over the target (rename is atomic on the same file system). A crash at any point leaves
// either the old file or the new one, plus at worst a stray temporary file that readers ignore.
import { randomBytes } from 'node:crypto'
import { mkdir, open, readdir, rename, rm } from 'node:fs/promises'
import { dirname, basename, join } from 'node:path'

export const TEMP_MARK = '.tmp-'

export function isTempFile(name: string): boolean {
  return name.includes(TEMP_MARK)
}

/** The names in a folder, none when it does not exist (yet) or cannot be read: sweeps of leftovers skip it. */
export async function namesIn(dir: string): Promise<string[]> {
  return readdir(dir).catch(() => [])
}

export async function writeFileAtomic(path: string, content: string | Uint8Array): Promise<void> {
  await mkdir(dirname(path), { recursive: true })
  const temp = join(dirname(path), `${basename(path)}${TEMP_MARK}${process.pid}-${randomBytes(4).toString('hex')}`)
  const handle = await open(temp, 'w')
  try {
    await handle.writeFile(content)
    await handle.sync()
  } catch (error) {
    await handle.close().catch(() => undefined)
    await rm(temp, { force: true })
    throw error
  }
  await handle.close()
  try {
    await rename(temp, path)
  } catch (error) {
    await rm(temp, { force: true })
    throw error
  }
}
