// What the watchers' state files (state.json, tss-state.json) share: how one is read back at start, and the
// per-profile part created on first use.
import { readFile, rename } from 'node:fs/promises'
import type { z } from 'zod'

/**
 * The file's content and text, or null when there is none to use: absent (a first start), or damaged — not
 * JSON, or not the schema — in which case it is set aside as `<file>.corrupt-<ms>` and the watcher starts
 * fresh (it re-establishes its baselines without alerting).
 */
export async function readStateFile<S extends z.ZodType>(path: string, schema: S): Promise<{ data: z.output<S>; text: string } | null> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch {
    return null // no file yet
  }
  try {
    const parsed = schema.safeParse(JSON.parse(text))
    if (parsed.success) return { data: parsed.data, text }
  } catch {
    // not JSON: set aside below
  }
  await rename(path, `${path}.corrupt-${Date.now()}`).catch(() => undefined)
  return null
}

/** The profile's part of the state, created empty the first time it is asked for. */
export function profilePart<T>(profiles: Map<string, T>, profileId: string, empty: () => T): T {
  let p = profiles.get(profileId)
  if (!p) {
    p = empty()
    profiles.set(profileId, p)
  }
  return p
}
