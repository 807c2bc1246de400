#!/usr/bin/env node
// Builds what runs in plain Node beside the app, to out/node (never packaged: electron-builder takes only
// out/main, out/preload and out/renderer): the CLI (cli.js), the browser shell (web.js) and the test rig's
// harness (harness.js: the browser shell with faults and controls, for the e2e tests and the bench).
// Dependencies stay external, as in the app's main bundle. Importable, or run directly.
import { resolve, join, dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildNodeBundle } from './node-bundle.js'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')

export const NODE_ENTRIES = {
  cli: 'src/cli/index.ts',
  web: 'src/web/index.ts',
  harness: 'test/support/harness.ts'
}

export async function buildNode({ quiet = false } = {}) {
  await buildNodeBundle({
    root,
    entries: NODE_ENTRIES,
    outDir: join(root, 'out', 'node'),
    // Flat: the shell finds the renderer and package.json relative to its own file, whichever chunk it is in.
    chunkFileNames: '[name]-[hash].js',
    quiet
  })
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await buildNode()
