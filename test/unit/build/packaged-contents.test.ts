// What a packaged build carries, read from electron-builder.yml's `files` over the built tree (the Electron
// binary a real packaging run needs cannot be had here): the app's own bundles and nothing of the test rig,
// the browser shell, the CLI or the benchmarks, in name or in content; and the production dependencies it
// packs, as electron-builder adds them (every one, and what they pull in, unless a `files` pattern drops it).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { isBuiltin } from 'node:module'
import { join, relative, sep } from 'node:path'
import { minimatch } from 'minimatch'
import { describe, expect, it } from 'vitest'
import { loadYaml } from './helpers'

const ROOT = join(__dirname, '../../..')

function allFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (dir === ROOT && (name === 'node_modules' || name === '.git')) return []
    const path = join(dir, name)
    return statSync(path).isDirectory() ? allFiles(path) : [relative(ROOT, path).split(sep).join('/')]
  })
}

const patterns = (): { take: string[]; drop: string[] } => {
  const config = loadYaml('electron-builder.yml') as { files: string[] }
  return { take: config.files.filter((p) => !p.startsWith('!')), drop: config.files.filter((p) => p.startsWith('!')).map((p) => p.slice(1)) }
}
const opts = { dot: true }

/** electron-builder's reading of `files`: included by a pattern, not taken out by a `!` pattern. */
function packaged(): string[] {
  const { take, drop } = patterns()
  return allFiles(ROOT).filter((f) => take.some((p) => minimatch(f, p, opts)) && !drop.some((p) => minimatch(f, p, opts)))
}

interface Manifest {
  dependencies?: Record<string, string>
  optionalDependencies?: Record<string, string>
}
const manifest = (dir: string): Manifest => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest

/** The production dependencies and all they pull in, as installed (hoisted) in node_modules. */
function productionClosure(): Set<string> {
  const seen = new Set<string>()
  const visit = (name: string): void => {
    if (seen.has(name) || !existsSync(join(ROOT, 'node_modules', name, 'package.json'))) return
    seen.add(name)
    const m = manifest(join(ROOT, 'node_modules', name))
    for (const dep of Object.keys({ ...m.dependencies, ...m.optionalDependencies })) visit(dep)
  }
  for (const dep of Object.keys(manifest(ROOT).dependencies ?? {})) visit(dep)
  return seen
}

/** The production dependencies a packaged app carries: those no `!` pattern of `files` drops. */
function packedDependencies(): string[] {
  const { drop } = patterns()
  return [...productionClosure()].filter((name) => !drop.some((p) => minimatch(`node_modules/${name}/package.json`, p, opts))).sort()
}

/** The packages a bundle imports (bare specifiers, not node: built-ins). */
function importedPackages(text: string): Set<string> {
  const found = new Set<string>()
  for (const m of text.matchAll(/(?:from\s*|import\s*\(\s*|require\s*\(\s*)["']((?:@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*(?:\/[\w./-]*)?)["']/g)) {
    const spec = m[1]!
    if (isBuiltin(spec)) continue
    found.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!)
  }
  return found
}

/** What only the CLI loads: its Prometheus metrics and what they alone pull in. */
const CLI_ONLY = ['prom-client', 'tdigest', 'bintrees', '@opentelemetry/api']

/** Text only the test rig, the browser shell, the CLI or the bench carry. */
const SCAFFOLDING = [
  '/__sim/', // the test rig's control routes
  'hugeBodyMb', // its faults
  'releaseHeld',
  '__harness', // the browser shell's bridge
  'startWebShell',
  'runFromProcess', // the CLI's entry
  'Usage: bridgescope',
  'BENCH ' // the benchmarks' report lines
]

describe('a packaged build', () => {
  const files = packaged()

  it('carries the app: its main process, preload, renderer and package.json', () => {
    for (const f of ['out/main/index.js', 'out/preload/index.cjs', 'out/renderer/index.html', 'package.json']) expect(files).toContain(f)
  })

  it('carries nothing but the app’s own bundles and package.json', () => {
    const stray = files.filter((f) => f !== 'package.json' && !/^out\/(main|preload|renderer)\//.test(f))
    expect(stray).toEqual([])
    // the Node parts are built (the CLI, the shell, the rig) and left out
    expect(allFiles(join(ROOT, 'out', 'node')).length).toBeGreaterThan(0)
  })

  it('holds no test routes, faults, browser shell, CLI or bench code in any packaged bundle', () => {
    const found: string[] = []
    for (const f of files.filter((x) => /\.(c?js|html)$/.test(x))) {
      const text = readFileSync(join(ROOT, f), 'utf8')
      for (const marker of SCAFFOLDING) if (text.includes(marker)) found.push(`${f}: ${marker}`)
    }
    expect(found).toEqual([])
  })

  it('would see scaffolding if it were built in: the markers are in the Node parts', () => {
    const node = allFiles(join(ROOT, 'out', 'node')).map((f) => readFileSync(join(ROOT, f), 'utf8')).join('\n')
    for (const marker of SCAFFOLDING.filter((m) => m !== 'BENCH ')) expect(node).toContain(marker)
  })

  it('carries every production dependency the app loads, and not prom-client, which only the CLI loads', () => {
    const packed = packedDependencies()
    for (const name of CLI_ONLY) expect(packed).not.toContain(name)
    // every package the app's bundles import is packed (leaving one out would break the app, not just shrink it)
    const app = files.filter((f) => /^out\/(main|preload)\/.*\.c?js$/.test(f)).map((f) => readFileSync(join(ROOT, f), 'utf8'))
    const loaded = new Set(app.flatMap((text) => [...importedPackages(text)]))
    loaded.delete('electron') // Electron's own module, never a node_modules package in a build
    expect([...loaded].filter((name) => !packed.includes(name))).toEqual([])
    // and the rest of the production closure is still packed: only the CLI's are left out
    expect([...productionClosure()].filter((name) => !packed.includes(name)).sort()).toEqual([...CLI_ONLY].sort())
  })

  it('leaves the CLI its metrics: prom-client is a production dependency (npm install -g installs it) and the CLI imports it', () => {
    expect(Object.keys(manifest(ROOT).dependencies ?? {})).toContain('prom-client')
    const cli = allFiles(join(ROOT, 'out', 'node')).map((f) => readFileSync(join(ROOT, f), 'utf8'))
    expect(cli.some((text) => importedPackages(text).has('prom-client'))).toBe(true)
  })

  it('would see prom-client packed if files did not drop it: the pattern is what keeps it out', () => {
    const { drop } = patterns()
    const without = drop.filter((p) => !p.includes('prom-client'))
    expect(without.length).toBe(drop.length - 1)
    expect(without.some((p) => minimatch('node_modules/prom-client/package.json', p, opts))).toBe(false)
  })
})
