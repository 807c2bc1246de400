// The rooms of src/ and which way their imports may point: the product (main, preload, renderer, shared)
// never reaches into the demo network, the browser shell, the CLI or test code, so none of those can leak into
// a packaged build or grow into the product by accident. And the other shells (the CLI, the browser shell)
// enter main only by its front doors (FRONT DOORS below), so what is behind a door may change without them.
// Read from the source text, every file, every import.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = resolve(__dirname, '../../..')
const SRC = join(ROOT, 'src')

type Room = 'main' | 'preload' | 'renderer' | 'shared' | 'demo' | 'web' | 'cli' | 'outside'

/** What each room may import besides itself. */
const MAY_IMPORT: Record<Exclude<Room, 'outside'>, Room[]> = {
  shared: [],
  renderer: ['shared'],
  preload: ['shared'],
  main: ['shared'],
  demo: ['shared'],
  web: ['main', 'shared', 'demo'],
  cli: ['main', 'shared', 'demo']
}

/** The Electron entry composes the app: it alone hands the app context the demo network a user runs. */
const EXCEPTIONS: Record<string, Room[]> = { 'src/main/index.ts': ['demo'] }

/**
 * A dialect's descriptor and its state table are data every room reads (src/shared/dialects.ts gathers them from
 * the dialect's own folder): they count as shared, so they in turn may import nothing but shared.
 */
const DIALECT_DATA = /^main\/client\/[\w-]+\/(descriptor|states)(\.ts)?$/

function roomOf(file: string): Room {
  const rel = relative(SRC, file)
  if (rel.startsWith('..')) return 'outside'
  if (DIALECT_DATA.test(rel.split(sep).join('/'))) return 'shared'
  const top = rel.split(sep)[0] as Room
  return top in MAY_IMPORT ? top : 'outside'
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sourceFiles(path)
    return /\.(ts|svelte|js)$/.test(name) ? [path] : []
  })
}

/**
 * FRONT DOORS. A shell (src/cli, src/web) imports the demo network only by its doors (DEMO_DOORS), and src/main
 * only through
 *   - a folder's index.ts (`../main/client`, `../main/store`, `../main/dataset`, `../main/net`, `../main/ipc`,
 *     `../main/watch`): the folder is a room with a face, and the face's header says what it offers;
 *   - a file that stands alone in src/main (`app-context.ts`, the composition root; `paths.ts`, `security.ts`,
 *     `mime.ts`, `icons.ts`, `deadline.ts`): a one-file room is its own face;
 * never src/main/index.ts, the Electron entry.
 */
const SHELLS: ReadonlySet<Room> = new Set<Room>(['cli', 'web'])
const MAIN = join(SRC, 'main')
const DEMO = join(SRC, 'demo')
/** The demo network's doors for a shell: the simulator and the plan the app runs (eslint.faces.js names the same). */
const DEMO_DOORS = ['index', 'plan']

/** Why an import from a shell into src/main or the demo network is a back door, or null when it comes in by a front door. */
export function backDoor(to: string): string | null {
  if (roomOf(to) === 'demo') {
    const parts = relative(DEMO, to).split(sep)
    return parts.length === 1 && DEMO_DOORS.includes(parts[0] as string) ? null : `inside the demo network, past its doors (src/demo/${DEMO_DOORS.join('.ts, src/demo/')}.ts)`
  }
  const parts = relative(MAIN, to).split(sep)
  if (parts.length === 1) return parts[0] === 'index' ? 'the Electron entry' : null
  if (parts.length === 2 && parts[1] === 'index') return null
  const folder = parts[0] as string
  return `inside ${folder}/, past its front door (src/main/${folder}/index.ts)`
}

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g

/** Where an import points, or null for a package. */
function target(file: string, spec: string): string | null {
  if (spec.startsWith('@shared/') || spec === '@shared') return join(SRC, 'shared', spec.slice('@shared'.length))
  if (spec.startsWith('.')) return resolve(dirname(file), spec)
  return null
}

/** Every import that points the wrong way or comes into main by a back door, in files given with their text. */
export function violationsIn(sources: { file: string; text: string }[]): string[] {
  const found: string[] = []
  for (const { file, text } of sources) {
    const from = roomOf(file)
    if (from === 'outside') continue
    const rel = relative(ROOT, file).split(sep).join('/')
    const allowed = new Set<Room>([from, ...MAY_IMPORT[from], ...(EXCEPTIONS[rel] ?? [])])
    for (const m of text.matchAll(SPECIFIER)) {
      const spec = m[1] as string
      const to = target(file, spec)
      if (to === null) continue
      const room = roomOf(to)
      if (!allowed.has(room)) found.push(`${rel} (${from}) imports ${spec} (${room})`)
      else if (SHELLS.has(from) && (room === 'main' || room === 'demo')) {
        const why = backDoor(to)
        if (why !== null) found.push(`${rel} (${from}) imports ${spec}: ${why}`)
      }
    }
  }
  return found
}

export function violations(files: string[]): string[] {
  return violationsIn(files.map((file) => ({ file, text: readFileSync(file, 'utf8') })))
}

describe('import direction between the rooms of src/', () => {
  const files = sourceFiles(SRC)

  it('reads every source file of every room', () => {
    const rooms = new Set(files.map(roomOf))
    for (const room of Object.keys(MAY_IMPORT)) expect(rooms).toContain(room)
  })

  it('has no import that points the wrong way', () => {
    expect(violations(files)).toEqual([])
  })

  it('would catch the product reaching into the demo network, the shell, the CLI or test code', () => {
    const probe = (from: string, spec: string): string[] => {
      const file = join(SRC, from)
      const text = `import { x } from '${spec}'\n`
      const found: string[] = []
      for (const m of text.matchAll(SPECIFIER)) {
        const to = target(file, m[1] as string)
        if (to && !new Set([roomOf(file), ...MAY_IMPORT[roomOf(file) as Exclude<Room, 'outside'>]]).has(roomOf(to))) found.push(m[1] as string)
      }
      return found
    }
    expect(probe('main/services/x.ts', '../../demo/index')).toEqual(['../../demo/index'])
    expect(probe('main/x.ts', '../../test/support/simulator')).toEqual(['../../test/support/simulator'])
    expect(probe('shared/x.ts', '../main/app-context')).toEqual(['../main/app-context'])
    expect(probe('renderer/src/x.ts', '../../web/server')).toEqual(['../../web/server'])
    expect(probe('main/x.ts', '@shared/contract')).toEqual([])
    // a dialect's descriptor is data every room reads; its client is main's alone
    expect(probe('shared/dialects.ts', '../main/client/butter/descriptor')).toEqual([])
    expect(probe('shared/dialects.ts', '../main/client/butter/client')).toEqual(['../main/client/butter/client'])
    expect(probe('main/client/butter/descriptor.ts', '../get-client')).toEqual(['../get-client'])
    expect(probe('cli/x.ts', '../demo/index')).toEqual([])
  })

  it('would catch a shell entering main by a back door, and lets the front doors through', () => {
    const check = (from: string, spec: string): string[] => violationsIn([{ file: join(SRC, from), text: `import { x } from '${spec}'\n` }])
    // back doors: a file behind a folder's face, the Electron entry
    expect(check('cli/query.ts', '../main/client/mcs/client')).toEqual([
      'src/cli/query.ts (cli) imports ../main/client/mcs/client: inside client/, past its front door (src/main/client/index.ts)'
    ])
    expect(check('web/server.ts', '../main/store/settings-repo')).toHaveLength(1)
    expect(check('web/server.ts', '../main/ipc/dispatch')).toHaveLength(1)
    expect(check('cli/x.ts', '../main/watch/watcher')).toHaveLength(1)
    expect(check('cli/watch.ts', '../main/net/fetch')).toHaveLength(1)
    expect(check('cli/x.ts', '../main/index')).toEqual(['src/cli/x.ts (cli) imports ../main/index: the Electron entry'])
    // front doors: a folder's index, a one-file room, the composition root
    for (const spec of ['../main/client', '../main/store/index', '../main/dataset', '../main/net', '../main/ipc', '../main/watch', '../main/paths', '../main/app-context']) {
      expect(check('web/server.ts', spec)).toEqual([])
    }
    // main itself walks its own corridors freely
    expect(check('main/app-context.ts', './client/mcs/client')).toEqual([])
    expect(check('cli/watch-tss.ts', '../main/client/tss-api')).toHaveLength(1)
  })

  it('would catch a shell taking a helper from inside the demo network, and lets its two doors through', () => {
    const check = (from: string, spec: string): string[] => violationsIn([{ file: join(SRC, from), text: `import { x } from '${spec}'\n` }])
    expect(check('web/server.ts', '../demo/http-body')).toEqual([
      'src/web/server.ts (web) imports ../demo/http-body: inside the demo network, past its doors (src/demo/index.ts, src/demo/plan.ts)'
    ])
    expect(check('cli/sim.ts', '../demo/core')).toHaveLength(1)
    for (const spec of ['../demo/index', '../demo/plan', '@shared/http-body']) expect(check('web/server.ts', spec)).toEqual([])
  })
})

/**
 * The table libraries the bench measures ours against (bench/peers): dev dependencies for the bench alone.
 * No room of src/ may import them, so they can reach neither a build nor a package.
 */
const BENCH_ONLY = /^(?:ag-grid-community|ag-grid-enterprise|@ag-grid-community\/|@tanstack\/)/

export function benchOnlyImports(files: string[]): string[] {
  const found: string[] = []
  for (const file of files) {
    for (const m of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
      if (BENCH_ONLY.test(m[1] as string)) found.push(`${relative(ROOT, file).split(sep).join('/')} imports ${m[1]}`)
    }
  }
  return found
}

describe('the bench-only table libraries', () => {
  it('are imported by no source file of the app', () => {
    expect(benchOnlyImports(sourceFiles(SRC))).toEqual([])
  })

  it('are imported by the bench peer pages, so the check above looks for the right names', () => {
    expect(benchOnlyImports(sourceFiles(join(ROOT, 'bench', 'peers'))).length).toBeGreaterThan(0)
  })

  it('are dev dependencies, never dependencies the package carries', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> }
    expect(Object.keys(pkg.dependencies).filter((n) => BENCH_ONLY.test(n))).toEqual([])
    expect(Object.keys(pkg.devDependencies).filter((n) => BENCH_ONLY.test(n)).sort()).toEqual(['@tanstack/table-core', '@tanstack/virtual-core', 'ag-grid-community'])
  })
})

/** The file an import names, as the bundlers resolve it (a .ts or .svelte.ts file, or a folder's index.ts). */
function fileOf(base: string): string | null {
  return [base, `${base}.ts`, `${base}.svelte.ts`, join(base, 'index.ts')].find((p) => existsSync(p) && statSync(p).isFile()) ?? null
}

/**
 * The import circles among `sources`: each a set of files that import each other round (Tarjan's strongly
 * connected components). A component that renders itself (a tree node drawing its children) is not one.
 */
export function circlesIn(sources: { file: string; text: string }[]): string[][] {
  const graph = new Map<string, string[]>()
  for (const { file, text } of sources) {
    const out: string[] = []
    for (const m of text.matchAll(SPECIFIER)) {
      const to = target(file, m[1] as string)
      const resolved = to === null ? null : fileOf(to)
      if (resolved !== null && resolved !== file) out.push(resolved)
    }
    graph.set(file, out)
  }
  let next = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const circles: string[][] = []
  const visit = (v: string): void => {
    index.set(v, next)
    low.set(v, next++)
    stack.push(v)
    onStack.add(v)
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w)
        low.set(v, Math.min(low.get(v)!, low.get(w)!))
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!))
    }
    if (low.get(v) !== index.get(v)) return
    const component: string[] = []
    for (let w = stack.pop(); w !== undefined; w = w === v ? undefined : stack.pop()) {
      onStack.delete(w)
      component.push(relative(ROOT, w).split(sep).join('/'))
    }
    if (component.length > 1) circles.push(component.sort())
  }
  for (const v of graph.keys()) if (!index.has(v)) visit(v)
  return circles
}

describe('import circles', () => {
  it('there are none among the files of src/, the demo network included', () => {
    expect(circlesIn(sourceFiles(SRC).map((file) => ({ file, text: readFileSync(file, 'utf8') })))).toEqual([])
  })

  it('would catch two files that import each other, directly or round a third', () => {
    const src = (name: string, ...specs: string[]) => ({ file: join(SRC, 'demo', `${name}.ts`), text: specs.map((s) => `import type { X } from '${s}'\n`).join('') })
    // resolved against the real tree: two files of the demo network made to point at each other
    expect(circlesIn([src('catalog', './chains'), src('chains', './catalog')])).toEqual([['src/demo/catalog.ts', 'src/demo/chains.ts']])
    expect(circlesIn([src('catalog', './chains'), src('chains', './dataset'), src('dataset', './catalog')])).toHaveLength(1)
    expect(circlesIn([src('catalog', './chains'), src('chains', './dataset'), src('dataset')])).toEqual([])
  })
})
