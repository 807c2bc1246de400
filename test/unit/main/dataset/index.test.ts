// The loaded-history engine is entered through one door, src/main/dataset/index.ts: what is behind it (columns,
// views, the offline copy) can change without the IPC handlers, the app context or anything else noticing.
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = resolve(__dirname, '../../../..')
const ENGINE = join(ROOT, 'src/main/dataset')

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name)
    if (e.isDirectory()) return sources(path)
    return /\.(ts|svelte)$/.test(e.name) ? [path] : []
  })
}

/** Every module a file names in an import, an export … from, or a dynamic import(). */
function specifiers(text: string): string[] {
  const out: string[] = []
  for (const m of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm)) out.push(m[1] as string)
  return out
}

/** Where a relative specifier of `file` points, without its extension and a trailing /index. */
function target(file: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null
  return resolve(dirname(file), spec).replace(/\.(ts|js)$/, '').replace(/\/index$/, '')
}

describe('the loaded-history engine', () => {
  it('is imported from outside only through its index', () => {
    const offenders: string[] = []
    for (const file of sources(join(ROOT, 'src'))) {
      if (file.startsWith(ENGINE + '/')) continue
      for (const spec of specifiers(readFileSync(file, 'utf8'))) {
        const to = target(file, spec)
        if (to && to.startsWith(ENGINE + '/')) offenders.push(`${relative(ROOT, file)} imports ${spec}`)
      }
    }
    expect(offenders).toEqual([])
  })

  it('is what the IPC handlers and the app context use for a loaded history', () => {
    for (const file of ['src/main/ipc/handlers.ts', 'src/main/app-context.ts']) {
      const specs = specifiers(readFileSync(join(ROOT, file), 'utf8'))
      expect(specs.some((s) => target(join(ROOT, file), s) === ENGINE)).toBe(true)
    }
  })

  it('imports nothing that sits above it: no IPC, app context, watcher, demo, CLI or web shell', () => {
    const above = ['src/main/ipc', 'src/main/app-context', 'src/main/watch', 'src/main/index', 'src/demo', 'src/cli', 'src/web'].map((p) => join(ROOT, p))
    const offenders: string[] = []
    for (const file of sources(ENGINE)) {
      for (const spec of specifiers(readFileSync(file, 'utf8'))) {
        const to = target(file, spec)
        if (to && above.some((a) => to === a || to.startsWith(a + '/'))) offenders.push(`${relative(ROOT, file)} imports ${spec}`)
      }
    }
    expect(offenders).toEqual([])
  })
})
