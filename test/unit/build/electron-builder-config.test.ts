// electron-builder.yml, checked offline: electron-builder's own schema, then what we require of it.
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { at, isRecord, loadYaml, parsePlist, rootPath } from './helpers'

const require = createRequire(import.meta.url)
const config = loadYaml('electron-builder.yml')
const schema = JSON.parse(readFileSync(require.resolve('app-builder-lib/scheme.json'), 'utf8')) as Record<
  string,
  unknown
>

type DebugLogger = { isEnabled: boolean; add(key: string, value: unknown): void }
/**
 * electron-builder's own check: ajv ({ allErrors, strict: false }, since its schema has a non-standard
 * `typeof` keyword) against app-builder-lib/scheme.json, plus its deprecation checks. It compiles the
 * schema once per process (~1 s) and throws a readable list of errors.
 */
const { validateConfiguration } = require('app-builder-lib/out/util/config/config.js') as {
  validateConfiguration(config: unknown, debugLogger: DebugLogger): Promise<void>
}
const validate = (cfg: unknown): Promise<void> =>
  validateConfiguration(structuredClone(cfg), { isEnabled: false, add: () => {} })

interface Target {
  target: string
  arch: string[]
}

function targets(platform: 'win' | 'mac' | 'linux'): Target[] {
  const list = at(config, platform, 'target')
  if (!Array.isArray(list)) throw new Error(`${platform}.target is not a list`)
  return list.map((t: unknown) => {
    if (!isRecord(t) || typeof t.target !== 'string')
      throw new Error(`${platform}: target entries must be objects`)
    const arch = Array.isArray(t.arch) ? t.arch : [t.arch]
    return { target: t.target, arch: arch.map(String) }
  })
}

function filePatterns(): string[] {
  const files = at(config, 'files')
  if (!Array.isArray(files) || !files.every((f) => typeof f === 'string'))
    throw new Error('files is a list of strings')
  return files as string[]
}

describe('electron-builder.yml against electron-builder’s schema', () => {
  it('the schema is the draft-07 scheme.json of the installed app-builder-lib', () => {
    expect(schema.$schema).toBe('http://json-schema.org/draft-07/schema#')
    expect(isRecord(at(schema, 'properties', 'electronFuses'))).toBe(true)
  })

  it('is valid', async () => {
    await expect(validate(config)).resolves.toBeUndefined()
  })

  it('the check really bites: a misspelt fuse, a bad arch or an unknown key is rejected', async () => {
    const typo = structuredClone(config) as Record<string, Record<string, unknown>>
    typo.electronFuses = { ...typo.electronFuses, runAsnode: false }
    await expect(validate(typo)).rejects.toThrow(/electronFuses/)
    const arch = structuredClone(config) as Record<string, unknown>
    arch.linux = { target: [{ target: 'deb', arch: ['x86'] }] }
    await expect(validate(arch)).rejects.toThrow(/Invalid configuration object/)
    const unknown = { ...(structuredClone(config) as Record<string, unknown>), hardenedRuntime: true }
    await expect(validate(unknown)).rejects.toThrow(/hardenedRuntime/)
  })
})

describe('electron-builder.yml: what Bridgescope requires', () => {
  it('identity and directories', () => {
    expect(at(config, 'appId')).toBe('io.bridgescope.app')
    expect(at(config, 'productName')).toBe('Bridgescope')
    expect(String(at(config, 'copyright'))).toMatch(/Bridgescope/)
    expect(at(config, 'directories')).toEqual({ buildResources: 'resources', output: 'dist' })
    const pkg = JSON.parse(readFileSync(rootPath('package.json'), 'utf8')) as {
      productName: string
      main: string
    }
    expect(pkg.productName).toBe(at(config, 'productName'))
    expect(pkg.main).toMatch(/^out\//)
  })

  it('packs an asar with only the build output and package.json', () => {
    expect(at(config, 'asar')).toBe(true)
    const files = filePatterns()
    const includes = files.filter((f) => !f.startsWith('!'))
    expect(includes.sort()).toEqual(['out/main/**', 'out/preload/**', 'out/renderer/**', 'package.json'])
    for (const excluded of ['!**/*.map', '!src/**', '!test/**']) expect(files).toContain(excluded)
    expect(files.some((f) => f.startsWith('!') && f.includes('*.{ts'))).toBe(true)
  })

  it('artifact names carry version, os and arch', () => {
    const names = [
      at(config, 'artifactName'),
      at(config, 'nsis', 'artifactName'),
      at(config, 'portable', 'artifactName')
    ]
    for (const name of names) {
      expect(name).toEqual(expect.stringContaining('${version}'))
      expect(name).toEqual(expect.stringContaining('${os}'))
      expect(name).toEqual(expect.stringContaining('${arch}'))
      expect(name).toEqual(expect.stringMatching(/\.\$\{ext\}$/))
    }
    // nsis and portable both make .exe files: their names must differ
    expect(at(config, 'nsis', 'artifactName')).not.toBe(at(config, 'portable', 'artifactName'))
  })

  it('Windows: nsis and portable, x64 and arm64', () => {
    expect(targets('win')).toEqual([
      { target: 'nsis', arch: ['x64', 'arm64'] },
      { target: 'portable', arch: ['x64', 'arm64'] }
    ])
  })

  it('macOS: dmg and zip, x64 and arm64, hardened runtime with the JIT-only entitlements', () => {
    expect(targets('mac')).toEqual([
      { target: 'dmg', arch: ['x64', 'arm64'] },
      { target: 'zip', arch: ['x64', 'arm64'] }
    ])
    expect(at(config, 'mac', 'hardenedRuntime')).toBe(true)
    expect(at(config, 'mac', 'entitlements')).toBe('resources/entitlements.mac.plist')
    expect(String(at(config, 'mac', 'category'))).toMatch(/^public\.app-category\./)
  })

  it('Linux: AppImage, deb and rpm, x64 and arm64, a desktop entry without MIME types', () => {
    expect(targets('linux')).toEqual([
      { target: 'AppImage', arch: ['x64', 'arm64'] },
      { target: 'deb', arch: ['x64', 'arm64'] },
      { target: 'rpm', arch: ['x64', 'arm64'] }
    ])
    expect(['Development', 'Utility']).toContain(at(config, 'linux', 'category'))
    const entry = at(config, 'linux', 'desktop', 'entry')
    expect(isRecord(entry) && Object.keys(entry).length > 0).toBe(true)
    expect(Object.keys(entry as object)).not.toContain('MimeType')
    expect(at(config, 'linux', 'mimeTypes')).toBeUndefined()
    expect(at(config, 'fileAssociations')).toBeUndefined()
    expect(at(config, 'protocols')).toBeUndefined()
    // deb refuses to build without a maintainer e-mail address
    expect(String(at(config, 'linux', 'maintainer'))).toMatch(/<[^@\s]+@[^>\s]+>/)
  })

  it('fuses harden the packaged binary', () => {
    expect(at(config, 'electronFuses')).toMatchObject({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false
    })
  })

  it('publishes to GitHub releases of the repository package.json names, and nowhere else', async () => {
    const publish = at(config, 'publish')
    expect(publish).toEqual({ provider: 'github', releaseType: 'draft' })
    // electron-builder's own resolver turns package.json "repository" into the owner/repo it publishes to
    // and writes into app-update.yml (the update feed).
    const pkg = JSON.parse(readFileSync(rootPath('package.json'), 'utf8')) as { repository: { type: string; url: string } }
    expect(pkg.repository.type).toBe('git')
    const { getRepositoryInfo } = require('app-builder-lib/out/util/repositoryInfo.js') as {
      getRepositoryInfo(dir: string, metadata: unknown): Promise<{ user: string; project: string } | null>
    }
    const info = await getRepositoryInfo(rootPath('.'), pkg)
    expect(info && `${info.user}/${info.project}`).toBe(new URL(pkg.repository.url).pathname.replace(/^\/|\.git$/g, ''))
    // The README names that one place, with the same repository.
    const readme = readFileSync(rootPath('README.md'), 'utf8')
    expect(readme).toContain(`https://github.com/${info?.user}/${info?.project}/releases`)
    expect(readme).toMatch(/package\.json[^\n]*"repository"/)
  })

  it('icons named by the config exist', () => {
    for (const p of [at(config, 'win', 'icon'), at(config, 'mac', 'icon'), at(config, 'linux', 'icon')]) {
      expect(typeof p).toBe('string')
      expect(existsSync(rootPath(p as string))).toBe(true)
    }
  })
})

describe('resources/entitlements.mac.plist', () => {
  const xml = readFileSync(rootPath('resources/entitlements.mac.plist'), 'utf8')

  it('is a well-formed Apple plist', () => {
    expect(xml).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>/)
    expect(xml).toContain('<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN"')
    expect(() => parsePlist(xml)).not.toThrow()
  })

  it('grants JIT and nothing more', () => {
    expect(parsePlist(xml)).toEqual({ 'com.apple.security.cs.allow-jit': true })
  })

  it('the parser rejects broken XML', () => {
    expect(() => parsePlist('<plist version="1.0"><dict><key>a</key><true/></plist>')).toThrow()
    expect(() => parsePlist('<plist version="1.0"><dict><key>a</key></dict></plist>')).toThrow()
    expect(() => parsePlist('<plist version="1.0"><dict><true/></dict></plist>')).toThrow()
  })
})
