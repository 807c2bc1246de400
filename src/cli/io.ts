// What a command writes to and reads from: its two streams, its environment, the signal that stops it, and
// the app's settings (opened read-only on first use). Every byte written passes terminalSafe: remote text
// can never drive the terminal.
import { redactText } from '@shared/redact'
import { terminalSafe } from '@shared/terminal-text'
import { StoredSettings } from './stored-settings'

export interface Writer {
  write(chunk: string): unknown
  isTTY?: boolean
}

export interface CliIo {
  stdout: Writer
  stderr: Writer
  env: Record<string, string | undefined>
  /** stops a running command (Ctrl-C when run directly; tests pass their own) */
  signal?: AbortSignal
}

/** What every command is given to run. */
export interface CliContext {
  io: CliIo
  /** one line on stderr (a newline is added when missing) */
  warn(line: string): void
  /** the data asked for, on stdout */
  print(text: string): void
  /** the app's settings and watch lists, read-only */
  stored: StoredSettings
}

export function safeIo(io: CliIo): CliIo {
  const wrap = (w: Writer, clean: (chunk: string) => string): Writer => ({
    write: (chunk: string) => w.write(clean(chunk)),
    ...(w.isTTY === undefined ? {} : { isTTY: w.isTTY })
  })
  // stdout is the data asked for (exact, --json included); stderr is messages and logs, where a URL never
  // shows its user, password or query. CR stays on stderr only: the progress line rewrites itself with it.
  return {
    ...io,
    stdout: wrap(io.stdout, (c) => terminalSafe(c)),
    stderr: wrap(io.stderr, (c) => terminalSafe(redactText(c), true))
  }
}

export function lineWriter(w: Writer): (line: string) => void {
  return (line) => void w.write(line.endsWith('\n') ? line : `${line}\n`)
}

/** A command's context on these streams: stdout for the data, stderr for messages, settings read on first use. */
export function cliContext(io: CliIo): CliContext {
  const warn = lineWriter(io.stderr)
  return { io, warn, print: (text) => void io.stdout.write(text), stored: new StoredSettings(io.env, warn) }
}
