// No unit test bets on the clock: the suite's bounds are backstops for a hang, far above what any test needs on
// CI's shared cores, and every wait (`vi.waitFor`, a child process's `timeout`) allows at least two minutes.
// A wait that passes returns at once, so a generous bound costs nothing; a tight one fails on a busy hour.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import config from '../../../vitest.config'
import { HEAP_TEST_FLAGS, HEAP_TESTS } from '../../support/heap-flags'

const UNIT = join(__dirname, '..')

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name)
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : []
  })
}

describe('the unit suite', () => {
  it('bounds a test and a hook only as hang backstops (≥ 10 minutes)', () => {
    expect(config.test?.testTimeout).toBeGreaterThanOrEqual(600_000)
    expect(config.test?.hookTimeout).toBeGreaterThanOrEqual(600_000)
  })

  it('gives every wait at least two minutes and lowers no test’s bound', () => {
    const tight: string[] = []
    for (const file of files(UNIT)) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          const wait = /\btimeout: ([\d_]+)/.exec(line)
          const lowered = /^\s*\}, [\d_]+\)\s*$/.test(line)
          if ((wait && Number(wait[1]!.replaceAll('_', '')) < 120_000) || lowered) tight.push(`${relative(UNIT, file)}:${i + 1}: ${line.trim()}`)
        })
    }
    expect(tight).toEqual([])
  })

  it('runs every heap-snapshot test, and only those, in workers started with V8 compiling on the main thread', () => {
    interface Project {
      test?: { name?: string; include?: string[]; exclude?: string[]; execArgv?: string[] }
    }
    const projects = (config.test?.projects ?? []) as Project[]
    const heap = projects.find((p) => p.test?.name === 'heap')?.test
    const unit = projects.find((p) => p.test?.name === 'unit')?.test
    expect(heap?.execArgv).toEqual(HEAP_TEST_FLAGS)
    expect(heap?.include).toEqual(HEAP_TESTS)
    expect(unit?.exclude).toEqual(HEAP_TESTS)
    expect(unit?.execArgv ?? []).toEqual([])
    // a snapshot test is one that counts texts in the heap; each of them is in the heap project
    const snapshotTests = files(UNIT)
      .filter((f) => f.endsWith('.test.ts') && /^import .* from '(\.\.\/)+support\/heap-texts'$/m.test(readFileSync(f, 'utf8')))
      .map((f) => relative(join(UNIT, '..', '..'), f))
    expect(snapshotTests.sort()).toEqual([...HEAP_TESTS].sort())
  })
})
