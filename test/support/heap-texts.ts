// How many texts of a kind are still reachable: for tests that prove a response body is not kept alive.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setFlagsFromString, writeHeapSnapshot } from 'node:v8'

// A function V8 optimizes on a compiler thread is held, with what it saw (a decode's list of records, the scope
// of a table's making), by handles the job keeps until the main thread installs its code; a heap snapshot
// counts those handles among its roots. Seen keeping all four bodies of a loaded table, in about one run in
// three, both as a list of records and as the table constructor's scope. Compiled on the main thread, nothing
// outlives the task that made it: what a snapshot finds is what the code under test keeps.
setFlagsFromString('--no-concurrent-recompilation')
setFlagsFromString('--no-concurrent-osr')

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
