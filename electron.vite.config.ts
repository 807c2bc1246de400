import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import { svelte } from '@sveltejs/vite-plugin-svelte'

const shared = { '@shared': resolve('src/shared') }

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
    // electron-vite leaves the renderer unminified by default; the bundle budget counts gzipped bytes.
    build: { sourcemap: false, minify: true }
  }
})
