import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { appProtocolResponse, registerAppScheme, resolveAppFile } from '../../../../src/main/app-protocol'
import { CONTENT_SECURITY_POLICY } from '../../../../src/main/security'

const root = mkdtempSync(join(tmpdir(), 'bs-proto-'))
mkdirSync(join(root, 'renderer', 'assets'), { recursive: true })
writeFileSync(join(root, 'renderer', 'index.html'), '<!doctype html><title>x</title>')
writeFileSync(join(root, 'renderer', 'assets', 'a.js'), 'export {}')
writeFileSync(join(root, 'secret.txt'), 'outside')
const dir = join(root, 'renderer')

describe('app:// protocol', () => {
  it('serves the renderer files with their type, the CSP header and nosniff', async () => {
    const index = await appProtocolResponse('app://bridgescope/index.html', dir)
    expect(index.status).toBe(200)
    expect(index.headers.get('content-type')).toMatch(/text\/html/)
    expect(index.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY)
    expect(index.headers.get('x-content-type-options')).toBe('nosniff')
    const js = await appProtocolResponse('app://bridgescope/assets/a.js?v=1#x', dir)
    expect(js.headers.get('content-type')).toMatch(/javascript/)
    expect(await js.text()).toBe('export {}')
    expect(resolveAppFile('app://bridgescope/', dir)).toBe(join(dir, 'index.html'))
  })

  it('never serves a file outside the renderer folder, another host or another scheme', async () => {
    for (const url of [
      'app://bridgescope/../secret.txt',
      'app://bridgescope/%2e%2e/secret.txt',
      'app://bridgescope/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
      'app://bridgescope/..%5csecret.txt',
      'app://bridgescope/%00index.html',
      'app://bridgescope/%E0%A4%A',
      'app://other/index.html',
      'file:///etc/passwd',
      'app://bridgescope/missing.js'
    ]) {
      const response = await appProtocolResponse(url, dir)
      expect(response.status, url).toBe(404)
    }
  })

  it('is registered as a standard, secure scheme with V8 code caching (compiled scripts kept between launches)', () => {
    const registered: unknown[] = []
    registerAppScheme({ registerSchemesAsPrivileged: (schemes) => void registered.push(...schemes) })
    expect(registered).toEqual([{ scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } }])
  })
})
