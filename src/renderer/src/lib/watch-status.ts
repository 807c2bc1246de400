// The watcher's state moves on its own schedule (a poll ends whenever it ends), so what shows it re-reads it
// on each watch event and every 10 s; both the Overview's watch control and its node list do.
import { bridge } from './api'

const REREAD_MS = 10_000

/** Reads now, then again on each watch event and every 10 s; returns the stop (an `$effect`'s cleanup). */
export function followWatchStatus(read: () => Promise<void>): () => void {
  void read()
  const timer = setInterval(() => void read(), REREAD_MS)
  const off = bridge().on('watch:event', () => void read())
  return () => {
    clearInterval(timer)
    off()
  }
}
