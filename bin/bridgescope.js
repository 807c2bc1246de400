#!/usr/bin/env node
// bridgescope CLI launcher. The CLI is built by electron-vite as out/main/cli.js (it shares chunks with the
// app's main process); build it first when it is missing or older than the sources, with the build's
// output on stderr so that stdout stays the command's own (pipes and --json keep working).
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const cli = join(root, 'out', 'main', 'cli.js')
const inputs = ['src', 'electron.vite.config.ts', 'package.json']

/** Newest modification time under a path (0 when missing). */
function newest(path) {
  if (!existsSync(path)) return 0
  const info = statSync(path)
  if (!info.isDirectory()) return info.mtimeMs
  let max = info.mtimeMs
  for (const name of readdirSync(path)) max = Math.max(max, newest(join(path, name)))
  return max
}

function isStale() {
  if (!existsSync(cli)) return true
  const built = statSync(cli).mtimeMs
  return inputs.some((p) => newest(join(root, p)) > built)
}

if (isStale()) {
  process.stderr.write('bridgescope: building (electron-vite build)…\n')
  const local = join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js')
  const result = existsSync(local)
    ? spawnSync(process.execPath, [local, 'build'], { cwd: root, stdio: ['ignore', 2, 2] })
    : spawnSync('npx', ['electron-vite', 'build'], { cwd: root, stdio: ['ignore', 2, 2], shell: process.platform === 'win32' })
  if (result.status !== 0 || !existsSync(cli)) {
    process.stderr.write('bridgescope: the build failed; see the output above.\n')
    process.exit(1)
  }
}

const { runFromProcess } = await import(pathToFileURL(cli).href)
await runFromProcess(process.argv.slice(2))
