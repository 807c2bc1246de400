// bridgescope — the command-line face of the same client the app uses. One command table (./commands.ts)
// read by one grammar (./command-line.ts); the app's settings read through the app's own store, never written.
// Exit codes: 0 success; 1 the service or node failed or answered unusable data; 2 bad usage or input
// (nothing was sent). Messages go to stderr as one line, never a stack trace.
import { realpathSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { describeError, toErrorData } from '@shared/errors'
import { readCommandLine, usageErrorText, UsageError } from './command-line'
import { COMMANDS, OVERVIEW } from './commands'
import { cliContext, safeIo, type CliIo } from './io'

export type { CliIo, Writer } from './io'

export async function main(argv: string[], rawIo: CliIo = { stdout: process.stdout, stderr: process.stderr, env: process.env }): Promise<number> {
  const ctx = cliContext(safeIo(rawIo))
  try {
    const reading = readCommandLine(COMMANDS, argv, OVERVIEW)
    if (reading.kind === 'help') {
      ctx.print(reading.text)
      return 0
    }
    return (await reading.command.run(ctx, reading.line)) ?? 0
  } catch (error) {
    if (error instanceof UsageError) {
      ctx.io.stderr.write(usageErrorText(error))
      return 2
    }
    const data = toErrorData(error)
    ctx.warn(`bridgescope: ${describeError(data)}`)
    return data.kind === 'input' ? 2 : 1
  }
}

/** True when this module is the program node was started with (not when bin/ or a test imports it). */
function isEntryPoint(): boolean {
  const entry = process.argv[1]
  if (!entry) return false
  try {
    return import.meta.url === pathToFileURL(realpathSync(entry)).href
  } catch {
    return false
  }
}

/** Runs main with Ctrl-C wired to cancellation, and sets the exit code. */
export async function runFromProcess(argv: string[] = process.argv.slice(2)): Promise<void> {
  const stop = new AbortController()
  const onSignal = (): void => {
    if (stop.signal.aborted) process.exit(130)
    stop.abort()
  }
  process.on('SIGINT', onSignal)
  process.on('SIGTERM', onSignal)
  const code = await main(argv, { stdout: process.stdout, stderr: process.stderr, env: process.env, signal: stop.signal })
  process.off('SIGINT', onSignal)
  process.off('SIGTERM', onSignal)
  process.exitCode = code
}

if (isEntryPoint()) void runFromProcess()
