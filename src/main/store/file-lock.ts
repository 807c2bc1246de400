// A lock file beside a document, so two processes on one data folder (the app and the browser harness, the
// CLI beside the app) never interleave a read-modify-write. Synchronous, as the stores are: a change holds
// the lock for the milliseconds of one small file write. A lock whose holder died (older than STALE_MS, or
// whose process is gone) is broken; a live one is waited for up to WAIT_MS, then the change is refused with
// a message rather than made without the lock. Readers that must not see a save half done (the CLI reading
// the app's settings) take the same lock for the moment of their read.
import { closeSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs'
import { AppError } from '@shared/errors'

const STALE_MS = 10_000
const WAIT_MS = 5_000
const STEP_MS = 5

const sleeper = new Int32Array(new SharedArrayBuffer(4))
function sleep(ms: number): void {
  Atomics.wait(sleeper, 0, 0, ms)
}

function holderAlive(path: string): boolean {
  try {
    const pid = Number(readFileSync(path, 'utf8').split(' ')[0])
    if (!Number.isInteger(pid) || pid <= 0) return true
    if (pid === process.pid) return true
    process.kill(pid, 0)
    return true
  } catch (error) {
    // ESRCH: no such process. EPERM: it exists but is someone else's. A file we cannot read: treat as alive.
    return (error as NodeJS.ErrnoException).code !== 'ESRCH'
  }
}

function isStale(path: string, now: number): boolean {
  try {
    return now - statSync(path).mtimeMs > STALE_MS || !holderAlive(path)
  } catch {
    return false
  }
}

function tryAcquire(path: string): boolean {
  try {
    const fd = openSync(path, 'wx')
    writeSync(fd, `${process.pid} ${Date.now()}`)
    closeSync(fd)
    return true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw error
  }
}

// Locks are not re-entrant across calls, but one process may nest: the outer holder's work includes the
// inner one's, so the inner call runs without taking the file again.
const held = new Set<string>()

export interface LockOptions {
  /** what a caller that gave up waiting is told (a reader has changed nothing either, but says so its own way) */
  busy?: string
}

export function withFileLock<R>(path: string, work: () => R, options: LockOptions = {}): R {
  if (held.has(path)) return work()
  const deadline = Date.now() + WAIT_MS
  while (!tryAcquire(path)) {
    if (isStale(path, Date.now())) {
      rmSync(path, { force: true })
      continue
    }
    if (Date.now() > deadline) {
      throw new AppError({ kind: 'input', message: options.busy ?? `Another Bridgescope is saving to this data folder (${path} is held); nothing was changed, try again.` })
    }
    sleep(STEP_MS)
  }
  held.add(path)
  try {
    return work()
  } finally {
    held.delete(path)
    rmSync(path, { force: true })
  }
}
