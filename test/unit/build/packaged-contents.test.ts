// What a packaged build carries, read from electron-builder.yml's `files` over the built tree (the Electron
// binary a real packaging run needs cannot be had here): the app's own bundles and nothing of the test rig,
// the browser shell, the CLI or the benchmarks, in name or in content.
import { readdirSync, readFileSync, statSync } from 'node:fs'
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

/** electron-builder's reading of `files`: included by a pattern, not taken out by a `!` pattern. */
function packaged(): string[] {
  const config = loadYaml('electron-builder.yml') as { files: string[] }
  const take = config.files.filter((p) => !p.startsWith('!'))
  const drop = config.files.filter((p) => p.startsWith('!')).map((p) => p.slice(1))
  const opts = { dot: true }
  return allFiles(ROOT).filter((f) => take.some((p) => minimatch(f, p, opts)) && !drop.some((p) => minimatch(f, p, opts)))
}

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
})
