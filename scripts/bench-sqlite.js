#!/usr/bin/env node
// The SQLite measurement (bench/sqlite-vs-memory.ts): the loaded-history engine beside SQLite with an FTS5 trigram
// index, on the table's figures. Not part of `npm run bench`: node:sqlite needs Node 22.13 or later, so on an
// older Node run it as  npx -y node@22 scripts/bench-sqlite.js [--tiny] [--sizes 100000,1000000] [--fts full|none] [--json file]
// Builds bench/sqlite-vs-memory.ts and the demo network's child into out/bench with vite, then runs it.
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { build } from 'vite'
import { root } from './ensure-build.js'

const outDir = join(root, 'out', 'bench')
await build({
  configFile: false,
  root,
  logLevel: 'warn',
  resolve: { alias: { '@shared': join(root, 'src/shared') } },
  build: {
    ssr: true,
    target: 'node22',
    outDir,
    // out/bench is npm run bench's too: its entries stay, ours are added beside them
    emptyOutDir: false,
    minify: false,
    rollupOptions: {
      input: { 'sqlite-vs-memory': join(root, 'bench', 'sqlite-vs-memory.ts'), 'sim-child': join(root, 'bench', 'sim-child.ts') },
      output: { format: 'es', entryFileNames: '[name].js' }
    }
  }
})
// a million decoded records, the engine's columns and SQLite's statements at once: more than Node's default heap
const run = spawnSync(process.execPath, ['--max-old-space-size=12288', join(outDir, 'sqlite-vs-memory.js'), root, ...process.argv.slice(2)], {
  stdio: 'inherit'
})
process.exitCode = run.status ?? 1
