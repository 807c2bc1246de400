// One way to build TypeScript that runs in plain Node into out/: vite as a server-side build (dependencies
// left external, ES modules, not minified, `@shared` resolved as in the app). The Node parts beside the app
// (build-node.js), the bench (bench.js) and the SQLite measurement (bench-sqlite.js) each name only their
// entries and where they go.
import { join } from 'node:path'
import { build } from 'vite'

/**
 * @param {{ root: string, entries: Record<string, string>, outDir: string, target?: string, emptyOutDir?: boolean,
 *   chunkFileNames?: string, quiet?: boolean }} o  entries: output name → file, relative to root
 */
export async function buildNodeBundle(o) {
  await build({
    configFile: false,
    root: o.root,
    logLevel: o.quiet ? 'silent' : 'warn',
    resolve: { alias: { '@shared': join(o.root, 'src/shared') } },
    build: {
      ssr: true,
      target: o.target ?? 'node20',
      outDir: o.outDir,
      emptyOutDir: o.emptyOutDir ?? true,
      minify: false,
      rollupOptions: {
        input: Object.fromEntries(Object.entries(o.entries).map(([name, file]) => [name, join(o.root, file)])),
        output: { format: 'es', entryFileNames: '[name].js', ...(o.chunkFileNames ? { chunkFileNames: o.chunkFileNames } : {}) }
      }
    }
  })
}
