#!/usr/bin/env node
// npm run bench: builds the app if its sources changed (the renderer figures measure out/), builds the suite
// in bench/ to out/bench with vite (Node target, dependencies left external), then runs it.
//   node scripts/bench.js [--tiny] [--only name,name] [--out file]
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { ensureBuild, root } from './ensure-build.js'
import { buildNodeBundle } from './node-bundle.js'

ensureBuild()
await buildNodeBundle({
  root,
  entries: { run: 'bench/run.ts', 'sim-child': 'bench/sim-child.ts', 'idle-child': 'bench/idle-child.ts', 'decode-child': 'bench/decode-child.ts' },
  outDir: join(root, 'out', 'bench')
})
const { main } = await import(pathToFileURL(join(root, 'out', 'bench', 'run.js')).href)
process.exitCode = await main(process.argv.slice(2), root)
