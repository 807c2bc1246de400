#!/usr/bin/env node
// The SQLite measurement (bench/sqlite-vs-memory.ts): the loaded-history engine beside SQLite with an FTS5 trigram
// index, on the table's figures. Not part of `npm run bench`: node:sqlite needs Node 22.13 or later, so on an
// older Node run it as  npx -y node@22 scripts/bench-sqlite.js [--tiny] [--sizes 100000,1000000] [--fts full|none] [--json file]
// Builds bench/sqlite-vs-memory.ts and the demo network's child into out/bench with vite, then runs it.
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { root } from './ensure-build.js'
import { buildNodeBundle } from './node-bundle.js'

const outDir = join(root, 'out', 'bench')
await buildNodeBundle({
  root,
  entries: { 'sqlite-vs-memory': 'bench/sqlite-vs-memory.ts', 'sim-child': 'bench/sim-child.ts' },
  outDir,
  target: 'node22',
  // out/bench is npm run bench's too: its entries stay, ours are added beside them
  emptyOutDir: false
})
// a million decoded records, the engine's columns and SQLite's statements at once: more than Node's default heap
const run = spawnSync(process.execPath, ['--max-old-space-size=12288', join(outDir, 'sqlite-vs-memory.js'), root, ...process.argv.slice(2)], {
  stdio: 'inherit'
})
process.exitCode = run.status ?? 1
