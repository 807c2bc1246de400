import { resolve } from 'node:path'
import { defineConfig } from 'vitest/config'
import { svelte } from '@sveltejs/vite-plugin-svelte'
import { svelteTesting } from '@testing-library/svelte/vite'
import { HEAP_TESTS, HEAP_TEST_FLAGS } from './test/support/heap-flags.ts'

export default defineConfig({
  plugins: [svelte(), svelteTesting()],
  resolve: {
    alias: [
      { find: '@shared', replacement: resolve('src/shared') },
      // svelteTesting() resolves packages with the browser condition (for Svelte's client build), which gives
      // ws its browser stub; the harness and its tests run in Node and need the real one
      { find: /^ws$/, replacement: resolve('node_modules/ws/wrapper.mjs') }
    ]
  },
  test: {
    environment: 'node',
    // Component tests opt into jsdom with a `// @vitest-environment jsdom` line.
    setupFiles: ['test/unit/setup.ts'],
    globalSetup: ['test/unit/global-setup.ts'],
    // Backstops for a hang, not bets on speed (CI's two cores are shared); no test lowers them, and every
    // wait in a test allows at least two minutes: a wait that passes returns at once anyway.
    testTimeout: 900_000,
    hookTimeout: 900_000,
    // electron-store imports electron; inlining it lets tests replace electron with a stub.
    server: { deps: { inline: ['electron-store'] } },
    reporters: ['default'],
    // The heap-snapshot tests need node started with flags of their own (test/support/heap-flags.ts says why).
    projects: [
      { extends: true, test: { name: 'unit', include: ['test/unit/**/*.test.ts'], exclude: HEAP_TESTS } },
      { extends: true, test: { name: 'heap', include: HEAP_TESTS, execArgv: HEAP_TEST_FLAGS } }
    ]
  }
})
