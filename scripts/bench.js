#!/usr/bin/env node
// npm run bench: builds the app if its sources changed (the renderer figures measure out/), builds the suite
// in bench/ to out/bench with vite (Node target, dependencies left external), then runs it.
//   node scripts/bench.js [--tiny] [--only name,name] [--out file]
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'vite'
import { ensureBuild, root } from './ensure-build.js'

ensureBuild()
await build({
  configFile: false,
  root,
  logLevel: 'warn',
  resolve: { alias: { '@shared': join(root, 'src/shared') } },
  build: {
    ssr: true,
    target: 'node20',
    outDir: join(root, 'out', 'bench'),
    emptyOutDir: true,
    minify: false,
    rollupOptions: {
      input: {
        run: join(root, 'bench', 'run.ts'),
        'sim-child': join(root, 'bench', 'sim-child.ts'),
        'idle-child': join(root, 'bench', 'idle-child.ts'),
        'decode-child': join(root, 'bench', 'decode-child.ts')
      },
      output: { format: 'es', entryFileNames: '[name].js' }
    }
  }
})
const { main } = await import(pathToFileURL(join(root, 'out', 'bench', 'run.js')).href)
process.exitCode = await main(process.argv.slice(2), root)
