import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import { svelte } from '@sveltejs/vite-plugin-svelte'

const shared = { '@shared': resolve('src/shared') }
/** what the renderer's entry imports (src/renderer/src/main.ts): kept out of the shared chunk */
const ENTRY_MODULES = /[\\/](renderer[\\/]src[\\/](main|lib[\\/](api|route|view-chunks))|shared[\\/](api-names|errors))\.ts$/

export default defineConfig({
  main: {
    resolve: { alias: shared },
    build: {
      // The CLI and the browser harness run in plain Node on the same code as the app's main process,
      // so they are built as entries of the main bundle and share its chunks.
      rollupOptions: {
        input: {
          index: resolve('src/main/index.ts'),
          cli: resolve('src/main/cli.ts'),
          harness: resolve('src/main/harness/server.ts')
        }
      }
    }
  },
  preload: {
    resolve: { alias: shared },
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
    plugins: [svelte()],
    build: {
      // electron-vite leaves the renderer unminified by default; the bundle budget counts gzipped bytes.
      sourcemap: false,
      minify: true,
      // Views are loaded on demand (src/lib/views.svelte.ts). Their styles are small: one sheet loaded with
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
