// Starting the browser shell from a terminal (npm run web, and npm start where Electron's binary cannot be
// had), and what a second start does instead of dying on a taken port:
// - a Bridgescope already serving the same data folder is named with its address (key included) and this
//   start ends there: a person who lost the first terminal gets the address back, and one folder is served
//   once;
// - a port taken by anything else (another program, a Bridgescope on another folder) makes this start serve
//   on a free port, and say so.
// The address is found again through a file in the data folder, written readable by its owner only, the way
// Jupyter's server leaves `jpserver-<pid>.json` with its token in its runtime folder (`write_server_info_file`
// with `secure_write`, jupyter-server/jupyter_server:jupyter_server/serverapp.py).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { z } from 'zod'
import { harnessDataDir } from '../main/paths'
import { within } from '../main/deadline'
import { BRIDGE_SCRIPT_PATH, KEY_HEADER } from './bridge-script'
import { startWebShell, type WebShell, type WebShellOptions } from './server'

/** The file a running shell leaves in its data folder: its address (with the launch's key) and its process. */
export const LAUNCH_FILE = 'browser-shell.json'
export const DEFAULT_PORT = 5183
/** How long a shell that may be running is given to answer: it may be busy loading a history on two cores. */
const PROBE_MS = 20_000

const launchSchema = z.object({ url: z.url({ protocol: /^http$/ }), pid: z.number().int().positive() })

/** The address of a Bridgescope that serves `dataDir` now, or null (no file, its process gone, no answer). */
export async function runningShell(dataDir: string): Promise<string | null> {
  let launch: z.infer<typeof launchSchema>
  try {
    launch = launchSchema.parse(JSON.parse(readFileSync(join(dataDir, LAUNCH_FILE), 'utf8')))
  } catch {
    return null // none, or not one we wrote: a start goes ahead as if none were there
  }
  if (!alive(launch.pid)) return null
  return (await answersWithKey(launch.url)) ? launch.url : null
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Does the shell at `url` answer a call made with the key in it (so the address works, not just the port)? */
async function answersWithKey(url: string): Promise<boolean> {
  const address = new URL(url)
  const key = address.searchParams.get('key')
  if (!key) return false
  try {
    return await within(PROBE_MS, async (signal) => {
      const res = await fetch(new URL('/__harness/ipc/app:info', address.origin), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: address.origin, [KEY_HEADER]: key },
        body: JSON.stringify({ input: null }),
        signal
      })
      await res.arrayBuffer()
      return res.ok
    })
  } catch {
    return false
  }
}

/** Is what listens on 127.0.0.1:`port` a browser shell (its page carries the bridge script)? */
async function servesBridgescope(port: number): Promise<boolean> {
  try {
    return await within(PROBE_MS, async (signal) => (await (await fetch(`http://127.0.0.1:${port}/`, { signal })).text()).includes(BRIDGE_SCRIPT_PATH))
  } catch {
    return false
  }
}

export type Started = { kind: 'started'; shell: WebShell; movedFrom: number | null } | { kind: 'running'; url: string }

/**
 * Serves `dataDir` on `port`, or says where it is served already. A taken port moves this start to a free one
 * (`movedFrom` names the port it could not have); every other failure is thrown.
 */
export async function startOrFind(port: number, dataDir: string, options: Omit<WebShellOptions, 'port' | 'dataDir'> = {}): Promise<Started> {
  const running = await runningShell(dataDir)
  if (running) return { kind: 'running', url: running }
  let shell: WebShell
  let movedFrom: number | null = null
  try {
    shell = await startWebShell({ ...options, port, dataDir })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || port === 0) throw error
    shell = await startWebShell({ ...options, port: 0, dataDir })
    movedFrom = port
  }
  writeLaunchFile(dataDir, shell.url)
  const close = shell.close
  shell.close = async () => {
    removeLaunchFile(dataDir)
    await close()
  }
  return { kind: 'started', shell, movedFrom }
}

function writeLaunchFile(dataDir: string, url: string): void {
  mkdirSync(dataDir, { recursive: true })
  // mode applies when the file is created; one left by a crashed start is removed first so it is created anew
  rmSync(join(dataDir, LAUNCH_FILE), { force: true })
  writeFileSync(join(dataDir, LAUNCH_FILE), JSON.stringify({ url, pid: process.pid }) + '\n', { mode: 0o600 })
}

/** Removes the launch file if it is still this process's (a later start on the folder may have replaced it). */
function removeLaunchFile(dataDir: string): void {
  const file = join(dataDir, LAUNCH_FILE)
  try {
    const launch = launchSchema.parse(JSON.parse(readFileSync(file, 'utf8')))
    if (launch.pid === process.pid) rmSync(file, { force: true })
  } catch {
    // gone already, or not ours to remove
  }
}

const USAGE = 'Usage: npm run web [-- --port N] [--data-dir DIR]'

export async function runWebShellCli(argv: string[]): Promise<void> {
  let values: { port?: string; 'data-dir'?: string }
  try {
    ;({ values } = parseArgs({ args: argv, options: { port: { type: 'string' }, 'data-dir': { type: 'string' } }, strict: true }))
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`)
    process.exitCode = 2
    return
  }
  const port = Number(values.port ?? process.env.PORT ?? DEFAULT_PORT)
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`--port must be a whole number from 0 to 65535\n${USAGE}`)
    process.exitCode = 2
    return
  }
  const dataDir = values['data-dir'] ?? harnessDataDir()
  const started = await startOrFind(port, dataDir)
  if (started.kind === 'running') {
    console.log(`Bridgescope is already running for this data folder (${dataDir}): open ${started.url}`)
    console.log('To run a second one beside it, give it another folder: npm run web -- --data-dir DIR')
    return
  }
  const { shell, movedFrom } = started
  if (movedFrom !== null) {
    const holder = (await servesBridgescope(movedFrom)) ? 'a Bridgescope serving another data folder' : 'another program'
    console.log(`Port ${movedFrom} is in use by ${holder}, so this one serves on port ${new URL(shell.origin).port} instead.`)
  }
  console.log(`Bridgescope in your browser: ${shell.url}`)
  console.log(`Data folder: ${dataDir}`)
  console.log('Open it in a browser (the key in it is for this launch only: keep it to yourself); Ctrl-C stops it.')
  const stop = () => {
    void shell.close().then(() => process.exit(0))
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}
