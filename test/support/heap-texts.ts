// How many texts of a kind are still reachable: for tests that prove a response body is not kept alive.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { writeHeapSnapshot } from 'node:v8'
import { HEAP_TEST_FLAGS } from './heap-flags'

const missing = HEAP_TEST_FLAGS.filter((flag) => !process.execArgv.includes(flag))
if (missing.length > 0) {
  throw new Error(`a heap-snapshot test needs node started with ${missing.join(' ')} (heap-flags.ts says why): run it through vitest, whose heap project gives them`)
}

const dir = mkdtempSync(join(tmpdir(), 'bs-heap-texts-'))
process.once('exit', () => rmSync(dir, { recursive: true, force: true }))

/**
 * How many strings that begin with `start` a heap snapshot finds (only what is reachable, after a full
 * collection). Taken in a task of its own, so that the caller's own frames hold nothing.
 */
export async function textsInHeap(start: string): Promise<number> {
  await new Promise((resolve) => setImmediate(resolve))
  const file = writeHeapSnapshot(join(dir, `${process.pid}-${Date.now()}.heapsnapshot`))
  const { strings } = JSON.parse(readFileSync(file, 'utf8')) as { strings: string[] }
  rmSync(file)
  return strings.filter((s) => s.startsWith(start)).length
}
