// The faces of src/main's rooms, held where an import is typed: a folder of src/main is a room whose face is its
// index.ts, and a file of another room imports it only through that face (`../store`, never `../store/cache`), so
// what is behind a face may change without its importers noticing. One config block per room, read from the
// folders themselves, so a new room is held at once. The shells (src/cli, src/web) are held the same way: they enter
// src/main by its faces only (a folder's index.ts, a one-file room), never the Electron entry, and the demo network
// by its two doors (the simulator, index.ts; the plan the app runs, plan.ts). test/unit/build/import-direction.test.ts
// is the backstop; test/unit/build/eslint-faces.test.ts shows these rules failing planted imports.
import { readdirSync } from 'node:fs'
import { join } from 'node:path'

/** The files only the Electron entry may import past a face: they load Electron, which plain Node must never do. */
const ELECTRON_ONLY = ['ipc/register', 'watch/electron']

const message = 'enter a room of src/main through its face (its index.ts): import the folder, not a file inside it'

/** An import, written from a file directly in `dir`, of a file inside another room than `own`, other than its face. */
function pastAFace(dir, own, allowed = []) {
  const exempt = [...(own ? [`${own}/`] : []), ...allowed.map((a) => `${a}$`)].join('|')
  const lookahead = exempt ? `(?!${exempt})` : ''
  return { regex: `^${dir}${lookahead}[\\w-]+/(?!index$).+`, message }
}

/** The demo network's doors for a shell: the simulator (index.ts) and the plan the app and the browser shell run. */
export const DEMO_DOORS = ['index', 'plan']

const shellMessage = 'a shell enters src/main by its faces only (a folder, not a file inside it; never the Electron entry), and the demo network by its doors (index, plan)'

/** The shells' rules: past a face of src/main, the Electron entry, or past the demo network's doors. */
export function shellFaces() {
  const up = '^(\\.\\./)+'
  return {
    files: ['src/cli/**/*.ts', 'src/web/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: `${up}main/[\\w-]+/(?!index$).+`, message: shellMessage },
            { regex: `${up}main(/index)?$`, message: shellMessage },
            { regex: `${up}demo/(?!(?:${DEMO_DOORS.join('|')})$).+`, message: shellMessage }
          ]
        }
      ]
    }
  }
}

export function mainFaces(root) {
  const main = join(root, 'src', 'main')
  const rooms = readdirSync(main, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
  return [
    // the one-file rooms and the composition root, directly in src/main
    { files: ['src/main/*.ts'], rules: { 'no-restricted-imports': ['error', { patterns: [pastAFace('\\./', null)] }] } },
    { files: ['src/main/index.ts'], rules: { 'no-restricted-imports': ['error', { patterns: [pastAFace('\\./', null, ELECTRON_ONLY)] }] } },
    ...rooms.map((room) => ({
      files: [`src/main/${room}/**/*.ts`],
      rules: { 'no-restricted-imports': ['error', { patterns: [pastAFace('\\.\\./', room)] }] }
    }))
  ]
}
