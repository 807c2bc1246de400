// The GitHub workflows: valid YAML, the jobs CI and releases rely on, the OS matrices.
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
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

  it('runs on v* tags, and by hand only with the explicit unsigned choice (off by default)', () => {
    expect(at(doc, 'on', 'push')).toEqual({ tags: ['v*'] })
    expect(at(doc, 'on', 'workflow_dispatch', 'inputs')).toEqual({
      unsigned: { description: expect.stringMatching(/UNSIGNED/) as unknown, type: 'boolean', default: false }
    })
    expect(Object.keys(at(doc, 'on') as object).sort()).toEqual(['push', 'workflow_dispatch'])
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

/** The step of `job` whose name starts with `name`. */
function step(job: unknown, name: string): Record<string, unknown> {
  const steps = at(job, 'steps') as unknown[]
  const found = steps.find((s) => isRecord(s) && typeof s.name === 'string' && s.name.startsWith(name))
  if (!isRecord(found)) throw new Error(`no step named ${name}`)
  return found
}

/** Runs a step's bash script as Actions would (bash -e), with the given environment. */
function runStep(script: string, env: Record<string, string>): { code: number; out: string } {
  const r = spawnSync('bash', ['-e', '-c', script], { env: { PATH: process.env.PATH ?? '', ...env }, encoding: 'utf8', cwd: process.cwd() })
  return { code: r.status ?? -1, out: `${r.stdout}${r.stderr}` }
}

describe('release trust', () => {
  const all = jobs('.github/workflows/release.yml')
  const gate = step(all.build, 'Signing credentials present')
  const script = String(gate.run)
  const none = { MAC_CSC_LINK: '', WIN_CSC_LINK: '', APPLE_API_KEY_P8: '', APPLE_ID: '' }

  it('the signing gate runs before anything is packaged or published', () => {
    const names = (at(all.build, 'steps') as unknown[]).map((s) => (isRecord(s) ? String(s.name ?? s.run ?? s.uses) : ''))
    const publish = names.findIndex((n) => n.startsWith('Package and publish'))
    expect(names.findIndex((n) => n.startsWith('Signing credentials present'))).toBeLessThan(publish)
    expect(at(gate, 'env', 'UNSIGNED')).toBe("${{ github.event_name == 'workflow_dispatch' && inputs.unsigned }}")
  })

  it.each([
    // platform, secrets, unsigned input, passes?
    ['win', {}, 'false', false],
    ['mac', {}, 'false', false],
    ['mac', { MAC_CSC_LINK: 'cert' }, 'false', false],
    ['mac', { APPLE_ID: 'me' }, 'false', false],
    ['win', { WIN_CSC_LINK: 'cert' }, 'false', true],
    ['mac', { MAC_CSC_LINK: 'cert', APPLE_API_KEY_P8: 'key' }, 'false', true],
    ['mac', { MAC_CSC_LINK: 'cert', APPLE_ID: 'me' }, 'false', true],
    ['win', {}, 'true', true],
    ['mac', {}, 'true', true],
    ['linux', {}, 'false', true],
    ['win', { MAC_CSC_LINK: 'cert' }, 'false', false]
  ] as const)('%s with %j and unsigned=%s → passes %s', (platform, secrets, unsigned, passes) => {
    const r = runStep(script, { ...none, ...secrets, PLATFORM: platform, UNSIGNED: unsigned })
    expect(r.code === 0, r.out).toBe(passes)
    if (!passes) expect(r.out).toMatch(/no signing credentials/)
    if (passes && unsigned === 'true' && (platform as string) !== 'linux') expect(r.out).toMatch(/UNSIGNED/)
  })

  it('the draft job refuses to publish when package.json names another repository', () => {
    const check = String(step(all.draft, 'Publish target is this repository').run)
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { repository: { url: string } }
    const target = new URL(pkg.repository.url).pathname.replace(/^\/|\.git$/g, '')
    expect(target).toMatch(/^[\w.-]+\/[\w.-]+$/)
    expect(runStep(check, { GITHUB_REPOSITORY: target }).code).toBe(0)
    const fork = runStep(check, { GITHUB_REPOSITORY: 'someone/fork' })
    expect(fork.code).not.toBe(0)
    expect(fork.out).toContain(`package.json repository names ${target}`)
  })
})
