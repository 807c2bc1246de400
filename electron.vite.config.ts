import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import { svelte } from '@sveltejs/vite-plugin-svelte'
import type { Plugin } from 'vite'
import { CHANNELS, EVENTS } from './src/shared/contract'

const shared = { '@shared': resolve('src/shared') }
/** what the renderer's entry imports (src/renderer/src/main.ts): kept out of the shared chunk */
const ENTRY_MODULES = /[\\/](renderer[\\/]src[\\/](main|lib[\\/](api|route|view-chunks))|shared[\\/](api-names|errors))\.ts$/

/**
 * Lists the shell's chunks (Svelte, the app frame, shared code) as modulepreloads in index.html: the entry
 * imports the shell dynamically so that it runs first (src/main.ts), and without these links the shell would
 * only be asked for once the entry has arrived — a round trip later, piling its start-up onto the first
 * view's instead of doing it while the first data is on its way.
 */
function preloadShell(): Plugin {
  return {
    name: 'bridgescope:preload-shell',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (_html, ctx) =>
        Object.values(ctx.bundle ?? {})
          .filter((c) => c.type === 'chunk' && (c.name === 'shell' || c.name === 'shared'))
          .map((c) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `./${c.fileName}` }, injectTo: 'head' as const }))
    }
  }
}

/**
 * `virtual:contract-names`: the contract's channel and event names as plain arrays, for the preload. Importing
 * them from contract.ts put zod and every input schema into the preload (190 KB), which each window parses and
 * runs before its page's first script; main validates the input, the preload only forwards it.
 */
function contractNames(): Plugin {
  const id = 'virtual:contract-names'
  return {
    name: 'bridgescope:contract-names',
    resolveId: (source) => (source === id ? `\0${id}` : null),
    load: (source) => (source === `\0${id}` ? `export const CHANNELS = ${JSON.stringify(CHANNELS)}\nexport const EVENTS = ${JSON.stringify(EVENTS)}\n` : null)
  }
}

export default defineConfig({
  main: {
    resolve: { alias: shared },
    build: {
      // The app's main process only: the CLI, the browser shell and the test rig run in plain Node and are
      // built apart (scripts/build-node.js), so nothing of theirs is packaged.
      rollupOptions: { input: { index: resolve('src/main/index.ts') } }
    }
  },
  preload: {
    resolve: { alias: shared },
    plugins: [contractNames()],
    build: {
      // A sandboxed preload can require nothing but electron: bundle everything, emit CommonJS.
      externalizeDeps: false,
      rollupOptions: {
        external: ['electron'],
        output: { format: 'cjs', entryFileNames: '[name].cjs' }
      }
    }
  },
  renderer: {
    resolve: { alias: shared },
    plugins: [svelte(), preloadShell()],
    build: {
      // electron-vite leaves the renderer unminified by default; the bundle budget counts gzipped bytes.
      sourcemap: false,
      minify: true,
      // Views are loaded on demand (src/lib/view-chunks.ts). Their styles are small: one sheet loaded with
      // the page, so showing a view never waits on a stylesheet request.
      cssCodeSplit: false,
      rollupOptions: {
        output: {
          // Code that two or more chunks share goes in one: the first view then costs a few requests in
          // parallel, not one per shared component (a dozen on the Tokens view). What the entry runs is a
          // chunk of its own: the entry must start before Svelte and the shared code have arrived (src/main.ts).
          codeSplitting: {
            groups: [
              { name: 'boot', test: (id: string) => ENTRY_MODULES.test(id) || id.includes('preload-helper'), priority: 1 },
              { name: 'shared', minShareCount: 2 }
            ]
          }
        }
      }
    }
  }
})
