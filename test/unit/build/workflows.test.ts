// The GitHub workflows: valid YAML, the jobs CI and releases rely on, the OS matrices.
import { describe, expect, it } from 'vitest'
import { at, isRecord, loadYaml } from './helpers'

const OSES = ['ubuntu-latest', 'windows-latest', 'macos-latest']

function jobs(file: string): Record<string, unknown> {
  const doc = loadYaml(file)
  const j = at(doc, 'jobs')
  if (!isRecord(j)) throw new Error(`${file}: jobs is not a mapping`)
  return j
}

/** All `run:` scripts of a job, joined. */
function runs(job: unknown): string {
  const steps = at(job, 'steps')
  if (!Array.isArray(steps)) throw new Error('steps is not a list')
  return steps
    .map((s: unknown) => (isRecord(s) && typeof s.run === 'string' ? s.run : ''))
    .filter(Boolean)
    .join('\n')
}

/** Every job has a runner and steps that either use an action or run a script. */
function expectWellFormedJobs(all: Record<string, unknown>): void {
  for (const [name, job] of Object.entries(all)) {
    expect(typeof at(job, 'runs-on'), `${name}.runs-on`).toBe('string')
    const steps = at(job, 'steps')
    expect(Array.isArray(steps) && steps.length > 0, `${name}.steps`).toBe(true)
    for (const step of steps as unknown[]) {
      expect(
        isRecord(step) && (typeof step.uses === 'string' || typeof step.run === 'string'),
        `${name} step`
      ).toBe(true)
    }
  }
}

describe('.github/workflows/ci.yml', () => {
  const doc = loadYaml('.github/workflows/ci.yml')
  const all = jobs('.github/workflows/ci.yml')

  it('runs on pushes and pull requests', () => {
    const on = at(doc, 'on')
    expect(isRecord(on) && 'push' in on && 'pull_request' in on).toBe(true)
  })

  it('has the lint, typecheck, test and electron-e2e jobs', () => {
    expect(Object.keys(all)).toEqual(expect.arrayContaining(['lint', 'typecheck', 'test', 'electron-e2e']))
    expectWellFormedJobs(all)
  })

  it('lint, typecheck and test run the npm scripts on ubuntu', () => {
    for (const name of ['lint', 'typecheck', 'test']) expect(at(all, name, 'runs-on')).toBe('ubuntu-latest')
    expect(runs(all.lint)).toMatch(/npm run lint/)
    expect(runs(all.typecheck)).toMatch(/npm run typecheck/)
    expect(runs(all.test)).toMatch(/npm run test:unit/)
    expect(runs(all.test)).toMatch(/npm run test:e2e/)
  })

  it('electron-e2e runs the Electron Playwright config on the three OSes, under xvfb on Linux', () => {
    const job = all['electron-e2e']
    expect(at(job, 'strategy', 'matrix', 'os')).toEqual(OSES)
    expect(at(job, 'runs-on')).toBe('${{ matrix.os }}')
    const script = runs(job)
    expect(script).toMatch(/xvfb-run .*npx playwright test -c playwright\.electron\.config\.ts/)
    expect(script.match(/npx playwright test -c playwright\.electron\.config\.ts/g)?.length).toBe(2)
    // the Electron tests skip themselves without the binary: CI must fetch it and fail when it cannot
    expect(script).toMatch(/require\('electron'\)[\s\S]*process\.exit\(1\)/)
  })
})

describe('.github/workflows/release.yml', () => {
  const doc = loadYaml('.github/workflows/release.yml')
  const all = jobs('.github/workflows/release.yml')

  it('runs on v* tags only', () => {
    expect(at(doc, 'on')).toEqual({ push: { tags: ['v*'] } })
  })

  it('may write releases', () => {
    expect(at(doc, 'permissions', 'contents')).toBe('write')
  })

  it('builds on each OS’s own runner and publishes with GH_TOKEN', () => {
    expectWellFormedJobs(all)
    const build = all.build
    const include = at(build, 'strategy', 'matrix', 'include')
    expect(include).toEqual([
      { os: 'ubuntu-latest', platform: 'linux' },
      { os: 'windows-latest', platform: 'win' },
      { os: 'macos-latest', platform: 'mac' }
    ])
    expect(at(build, 'runs-on')).toBe('${{ matrix.os }}')
    const script = runs(build)
    expect(script).toMatch(/npm ci/)
    expect(script).toMatch(/npm run build/)
    expect(script).toMatch(/npx electron-builder --\$\{\{ matrix\.platform \}\} --publish always/)
    const steps = at(build, 'steps') as unknown[]
    const publish = steps.find(
      (s) => isRecord(s) && typeof s.run === 'string' && s.run.includes('electron-builder')
    )
    expect(at(publish, 'env', 'GH_TOKEN')).toBe('${{ secrets.GITHUB_TOKEN }}')
  })
})
