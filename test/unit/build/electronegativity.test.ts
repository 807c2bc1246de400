// scripts/electronegativity.js (run by `npm run security` inside `npm test`): the report is read, not the
// exit status, and an unjustified finding fails the check.
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'

interface Finding {
  issue: string
  severity: string
  filename: string
}
interface Scan {
  parseCsv(text: string): string[][]
  readFindings(csv: string): Finding[]
  unjustified(findings: Finding[], allow: { check: string; file: string; reason: string }[]): Finding[]
  runScan(o: { input: string; allowFile: string }): { ok: boolean; bad: Finding[]; message?: string }
}

const scan = (await import(pathToFileURL(resolve('scripts/electronegativity.js')).href)) as Scan

describe('electronegativity check', () => {
  it('parses the CSV report, quotes, commas and all', () => {
    const csv =
      'issue, severity, confidence, filename, location, sample, description, url\n' +
      'A_CHECK,"HIGH","FIRM","main/index.ts","1:2","new BrowserWindow({ a: 1, b: ""x"" })","Review, please",https://x\n' +
      'B_CHECK,"INFORMATIONAL","FIRM","main/x.ts","3:4",N/A,"fyi",https://y\n'
    const findings = scan.readFindings(csv)
    expect(findings).toHaveLength(2)
    expect(findings[0]).toMatchObject({ issue: 'A_CHECK', severity: 'HIGH', filename: 'main/index.ts', sample: 'new BrowserWindow({ a: 1, b: "x" })' })
    // informational findings never fail; others need an entry for the same check and file
    expect(scan.unjustified(findings, []).map((f) => f.issue)).toEqual(['A_CHECK'])
    expect(scan.unjustified(findings, [{ check: 'A_CHECK', file: 'src/main/index.ts', reason: 'a long enough reason' }])).toEqual([])
    expect(scan.unjustified(findings, [{ check: 'A_CHECK', file: 'main/other.ts', reason: 'a long enough reason' }])).toHaveLength(1)
  })

  it('fails on an insecure window that is not justified (the check bites, offline)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bs-eneg-'))
    mkdirSync(join(dir, 'src'))
    writeFileSync(
      join(dir, 'src', 'main.js'),
      "const { BrowserWindow } = require('electron')\nnew BrowserWindow({ webPreferences: { nodeIntegration: true, contextIsolation: false, sandbox: false, webSecurity: false } })\n"
    )
    writeFileSync(join(dir, 'allow.json'), '[]')
    const result = scan.runScan({ input: join(dir, 'src'), allowFile: join(dir, 'allow.json') })
    expect(result.message).toBeUndefined()
    expect(result.ok).toBe(false)
    const checks = result.bad.map((f) => f.issue)
    expect(checks).toContain('CONTEXT_ISOLATION_JS_CHECK')
    expect(checks).toContain('LIMIT_NAVIGATION_GLOBAL_CHECK')
    expect(checks).toContain('WEB_SECURITY_JS_CHECK')
  })
})
