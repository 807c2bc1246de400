// The faces of src/main's rooms are held by ESLint where an import is typed (eslint.faces.js): a file of one room
// importing a file inside another room, past its index.ts, is an error in the editor and in `npm run lint`; so is a
// shell (the CLI, the browser shell) importing past a face of src/main or past the demo network's doors. Shown
// here with ESLint's own Node API on planted files that exist only in memory, through the project's config.
import { readdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { ESLint } from 'eslint'
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'

const ROOT = resolve(__dirname, '../../..')
const ROOMS = readdirSync(join(ROOT, 'src', 'main'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)

let eslint: ESLint
beforeAll(() => {
  // Only the rule under test runs, so the planted files need no place in a tsconfig project.
  eslint = new ESLint({
    cwd: ROOT,
    overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
    ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports'
  })
})

/** The no-restricted-imports errors ESLint reports for `spec` imported by a planted file at `file`. */
async function refusals(file: string, spec: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import type { X } from '${spec}'\nexport type Y = X\n`, { filePath: join(ROOT, file) })
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? 'parse'}: ${m.message}`)
}

const twoRooms = fc.tuple(fc.constantFrom(...ROOMS), fc.constantFrom(...ROOMS)).filter(([a, b]) => a !== b)
const inner = fc.stringMatching(/^[a-z][a-z-]{0,11}$/).filter((name) => name !== 'index')

describe("ESLint holds src/main's faces", () => {
  it('fails a planted import past another room’s face, from any room', async () => {
    await fc.assert(
      fc.asyncProperty(twoRooms, inner, async ([from, to], name) => {
        const found = await refusals(`src/main/${from}/planted.ts`, `../${to}/${name}`)
        expect(found).toEqual([expect.stringMatching(/^no-restricted-imports: .*through its face/)])
      }),
      { numRuns: 30 }
    )
  })

  it('fails the import the issue counted most, `../store/cache` from the loaded-history engine', async () => {
    expect(await refusals('src/main/dataset/planted.ts', '../store/cache')).toHaveLength(1)
  })

  it('fails a one-file room or the composition root reaching past a face', async () => {
    expect(await refusals('src/main/app-context.ts', './services/endpoints')).toHaveLength(1)
    expect(await refusals('src/main/icons.ts', './store/cache')).toHaveLength(1)
  })

  it('lets through the faces, a room’s own files, one-file rooms and shared code', async () => {
    await fc.assert(
      fc.asyncProperty(twoRooms, inner, async ([from, to], name) => {
        for (const spec of [`../${to}`, `../${to}/index`, `./${name}`, '../paths', '@shared/errors', 'zod']) {
          expect([spec, await refusals(`src/main/${from}/planted.ts`, spec)]).toEqual([spec, []])
        }
      }),
      { numRuns: 10 }
    )
    expect(await refusals('src/main/app-context.ts', './store')).toEqual([])
  })

  it('lets the Electron entry alone import the two files that load Electron, which no face may carry', async () => {
    for (const spec of ['./ipc/register', './watch/electron']) {
      expect(await refusals('src/main/index.ts', spec)).toEqual([])
      expect(await refusals('src/main/app-context.ts', spec)).toHaveLength(1)
    }
    expect(await refusals('src/main/index.ts', './watch/watcher')).toHaveLength(1)
  })
})

const SHELLS = ['src/cli', 'src/web']
const DEMO_FILES = readdirSync(join(ROOT, 'src', 'demo')).filter((f) => f.endsWith('.ts')).map((f) => f.slice(0, -3))

describe('ESLint holds the shells to the faces of src/main and the doors of the demo network', () => {
  it('fails a shell importing a file inside any room of src/main, or the Electron entry', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...SHELLS), fc.constantFrom(...ROOMS), inner, async (shell, room, name) => {
        expect(await refusals(`${shell}/planted.ts`, `../main/${room}/${name}`)).toEqual([expect.stringMatching(/^no-restricted-imports: .*a shell enters src\/main by its faces only/)])
      }),
      { numRuns: 20 }
    )
    for (const shell of SHELLS) {
      expect(await refusals(`${shell}/planted.ts`, '../main/index')).toHaveLength(1)
      expect(await refusals(`${shell}/planted.ts`, '../main')).toHaveLength(1)
    }
  })

  it('fails a shell taking a helper from inside the demo network (the browser shell once took its body reader there)', async () => {
    for (const shell of SHELLS) {
      expect(await refusals(`${shell}/planted.ts`, '../demo/http-body')).toHaveLength(1)
      for (const file of DEMO_FILES.filter((f) => f !== 'index' && f !== 'plan')) expect(await refusals(`${shell}/planted.ts`, `../demo/${file}`)).toHaveLength(1)
    }
  })

  it('lets a shell through the faces, the one-file rooms, the demo network’s doors and shared code', async () => {
    for (const shell of SHELLS) {
      for (const spec of [...ROOMS.map((r) => `../main/${r}`), ...ROOMS.map((r) => `../main/${r}/index`), '../main/app-context', '../main/paths', '../demo/index', '../demo/plan', '@shared/http-body', './io', 'zod']) {
        expect([spec, await refusals(`${shell}/planted.ts`, spec)]).toEqual([spec, []])
      }
    }
  })
})

