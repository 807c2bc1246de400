#!/usr/bin/env node
// npm run bench: builds the app if its sources changed (the renderer figures measure out/), builds the suite
// in bench/ to out/bench with vite (Node target, dependencies left external) and the peer tables' pages to
// out/bench-peers and the first paints' reference page to out/bench-reference, then runs it.
//   node scripts/bench.js [--tiny] [--quick] [--room name] [--only name,name] [--out file]
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'vite'
import { ensureBuild, root } from './ensure-build.js'
import { buildNodeBundle } from './node-bundle.js'

ensureBuild()
await buildNodeBundle({
  root,
  entries: { run: 'bench/run.ts', 'sim-child': 'bench/sim-child.ts', 'idle-child': 'bench/idle-child.ts', 'decode-child': 'bench/decode-child.ts', 'plain-server-child': 'bench/plain-server-child.ts' },
  outDir: join(root, 'out', 'bench')
})
const { main } = await import(pathToFileURL(join(root, 'out', 'bench', 'run.js')).href)
// The peer tables' pages (AG Grid, TanStack Table + Virtual) into a bench-only output, built only for a run
// that measures the peers: the app's build never sees them, and the libraries are dev dependencies the app may
// not import (test/unit/build/import-direction).
const buildPeerPages = () =>
  build({
    configFile: false,
    root: join(root, 'bench', 'peers'),
    base: './',
    logLevel: 'warn',
    build: {
      outDir: join(root, 'out', 'bench-peers'),
      emptyOutDir: true,
      chunkSizeWarningLimit: 4096,
      rollupOptions: { input: { aggrid: join(root, 'bench', 'peers', 'aggrid.html'), tanstack: join(root, 'bench', 'peers', 'tanstack.html') } }
    }
  })
// The first paints' reference page (bench/reference: Svelte's runtime and one component), built as the app's
// renderer is, into a bench-only output.
const buildReferencePage = async () => {
  const { svelte } = await import('@sveltejs/vite-plugin-svelte')
  return build({
    configFile: false,
    root: join(root, 'bench', 'reference'),
    base: './',
    logLevel: 'warn',
    plugins: [svelte()],
    build: { outDir: join(root, 'out', 'bench-reference'), emptyOutDir: true, target: 'esnext' }
  })
}
process.exitCode = await main(process.argv.slice(2), root, { buildPeerPages, buildReferencePage })
