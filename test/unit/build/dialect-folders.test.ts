// One folder and one descriptor per dialect: everything Bridgescope knows of a dialect is in
// src/main/client/<dialect>/ (descriptor, state table, client, decoder, probe read), gathered by two registries
// (src/shared/dialects.ts for every layer, src/main/client/dialects.ts for main). So no other file of the product
// may branch on a dialect's name: adding a dialect touches its folder, the registries and its tests, nothing else.
// The demo network (src/demo) is left out on purpose: it is a stand-in for the services themselves — a server
// that speaks each dialect — and no room of the product may import it.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, resolve, sep } from 'node:path'
import { describe, expect, it } from 'vitest'
import { DIALECTS, DIALECT_DESCRIPTORS, descriptorOf } from '../../../src/shared/dialects'
import { DIALECT_CLIENTS } from '../../../src/main/client/dialects'

const ROOT = resolve(__dirname, '../../..')
const SRC = join(ROOT, 'src')
const REGISTRIES = new Set(['src/shared/dialects.ts', 'src/main/client/dialects.ts'])
const FOLDER = /^src\/main\/client\/([\w-]+)\//

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sourceFiles(path)
    return /\.(ts|svelte)$/.test(name) ? [path] : []
  })
}

/** The text without comments (line, block and HTML), so a sentence about a dialect is not a branch on it. */
function code(text: string): string {
  return text
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1')
}

/** Where a file names a dialect in its code, as a quoted string or a member name: "file: line". */
export function dialectNamesIn(file: string, text: string, names: readonly string[]): string[] {
  const pattern = new RegExp(`(['"\`])(${names.join('|')})\\1|\\b(${names.join('|')})\\s*:(?!:)`, 'g')
  const found: string[] = []
  code(text)
    .split('\n')
    .forEach((line, i) => {
      if (pattern.test(line)) found.push(`${file}:${i + 1}: ${line.trim().slice(0, 120)}`)
      pattern.lastIndex = 0
    })
  return found
}

describe('one folder per dialect', () => {
  const files = sourceFiles(SRC).map((f) => relative(ROOT, f).split(sep).join('/'))

  it('no file outside a dialect’s folder and the registries names a dialect in its code', () => {
    const outside = files.filter((f) => !REGISTRIES.has(f) && !f.startsWith('src/demo/') && !(FOLDER.exec(f) && DIALECTS.includes(FOLDER.exec(f)![1] as never)))
    const found = outside.flatMap((f) => dialectNamesIn(f, readFileSync(join(ROOT, f), 'utf8'), DIALECTS))
    expect(found).toEqual([])
  })

  it('would catch a planted branch, and lets comments and other words through', () => {
    expect(dialectNamesIn('x.ts', "if (d === 'butter') go()", DIALECTS)).toHaveLength(1)
    expect(dialectNamesIn('x.ts', 'const t = { mapscan: 1 }', DIALECTS)).toHaveLength(1)
    expect(dialectNamesIn('x.svelte', '{#if dialect === "mcs"}', DIALECTS)).toHaveLength(1)
    expect(dialectNamesIn('x.ts', "// Butter's tokens API: 'butter' needs two hosts\nconst butterish = 1", DIALECTS)).toEqual([])
    expect(dialectNamesIn('x.ts', "const s = `Butter's swap-data API`", DIALECTS)).toEqual([])
  })

  it('every dialect has its folder whole: descriptor, state table, client, decoder, main-side entry', () => {
    for (const d of DIALECTS) {
      const folder = join(SRC, 'main', 'client', d)
      for (const f of ['descriptor.ts', 'states.ts', 'client.ts', 'decode.ts', 'dialect.ts']) expect(statSync(join(folder, f)).isFile(), `${d}/${f}`).toBe(true)
    }
  })

  it('every registered dialect has a client, a probe read, a name and its states, and the folders hold no stray dialect', () => {
    const folders = readdirSync(join(SRC, 'main', 'client'), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
    expect(folders.sort()).toEqual([...DIALECTS].sort())
    for (const d of DIALECTS) {
      expect(typeof DIALECT_CLIENTS[d].create).toBe('function')
      expect(DIALECT_CLIENTS[d].probe.what).toMatch(/^(GET|POST) \/api\//)
      expect(descriptorOf(d).id).toBe(d)
      expect(descriptorOf(d).name.length).toBeGreaterThan(0)
      expect(Object.keys(descriptorOf(d).states).length).toBeGreaterThan(0)
    }
    expect(DIALECT_DESCRIPTORS.map((d) => d.id)).toEqual([...DIALECTS])
  })
})
