#!/usr/bin/env node
// Builds the app (electron-vite build, then the plain-Node parts: scripts/build-node.js) when out/ is missing or
// older than any source file, so `npm run web`, `npm run cli` and the e2e tests always run what the sources
// say. Importable, or run directly.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const STAMP = join(root, 'out', 'main', 'index.js')
const INPUTS = ['src', 'test/support', 'electron.vite.config.ts', 'svelte.config.js', 'package.json', 'scripts/build-node.js', 'scripts/node-bundle.js']

function newest(path) {
  if (!existsSync(path)) return 0
  const info = statSync(path)
  if (!info.isDirectory()) return info.mtimeMs
  let max = info.mtimeMs
  for (const name of readdirSync(path)) max = Math.max(max, newest(join(path, name)))
  return max
}

export function isBuildStale() {
  const outputs = [
    STAMP,
    ...['cli', 'web', 'harness'].map((name) => join(root, 'out', 'node', `${name}.js`)),
    join(root, 'out', 'renderer', 'index.html'),
    join(root, 'out', 'preload', 'index.cjs')
  ]
  if (outputs.some((p) => !existsSync(p))) return true
  const built = Math.min(...outputs.map((p) => statSync(p).mtimeMs))
  return INPUTS.some((p) => newest(join(root, p)) > built)
}

/** A checkout has the build tools; an installed package (`npm install -g` of a tarball) has only what is built. */
function canBuild() {
  return existsSync(join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'))
}

export function ensureBuild({ quiet = false } = {}) {
  if (!isBuildStale()) return
  // npm unpacks a tarball with fresh times in no order, so sources may look newer than out/: run what was built
  if (!canBuild() && existsSync(join(root, 'out', 'node', 'cli.js'))) return
  if (!quiet) process.stderr.write('Building Bridgescope (electron-vite build, then the Node parts)…\n')
  const steps = [
    [join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build'],
    [join(root, 'scripts', 'build-node.js')]
  ]
  for (const args of steps) {
    const result = spawnSync(process.execPath, args, { cwd: root, stdio: ['ignore', quiet ? 'ignore' : 2, 2] })
    if (result.status !== 0) {
      process.stderr.write('The build failed; see the output above.\n')
      process.exit(result.status ?? 1)
    }
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) ensureBuild()
