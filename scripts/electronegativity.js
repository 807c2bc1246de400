// Electronegativity in CI: scans src/ for Electron misconfigurations and fails on any finding above
// INFORMATIONAL that security/electronegativity-allow.json does not justify.
//
// The tool exits 0 even with findings, so we read its CSV report. Without -e it assumes Electron 0.1.0 and
// reports false positives, so the installed Electron version is passed. AvailableSecurityFixesGlobalCheck
// is excluded (it downloads release notes with no timeout), and scripts/no-network.js makes every other
// connection attempt (its translation download) fail at once: the check is offline and bounded.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve, dirname } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const TIMEOUT_MS = 180_000
const SEVERITY_RANK = { INFORMATIONAL: 0, LOW: 1, MEDIUM: 2, HIGH: 3, CRITICAL: 4 }

/** RFC 4180 CSV: quoted fields may hold commas, newlines and doubled quotes. */
export function parseCsv(text) {
  const rows = []
  let row = []
  let field = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"'
        i++
      } else if (c === '"') quoted = false
      else field += c
    } else if (c === '"') quoted = true
    else if (c === ',') {
      row.push(field)
      field = ''
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++
      row.push(field)
      rows.push(row)
      row = []
      field = ''
    } else field += c
  }
  if (field !== '' || row.length > 0) {
    row.push(field)
    rows.push(row)
  }
  return rows.filter((r) => r.some((f) => f.trim() !== ''))
}

/** Report rows as objects keyed by the (trimmed) header names. */
export function readFindings(csv) {
  const [header, ...rows] = parseCsv(csv)
  if (!header) return []
  const names = header.map((h) => h.trim())
  return rows.map((r) => Object.fromEntries(names.map((n, i) => [n, (r[i] ?? '').trim()])))
}

const norm = (p) => p.replace(/\\/g, '/').replace(/^\.?\//, '').replace(/^src\//, '')

/** Findings above INFORMATIONAL that no allow entry (same check id and file) justifies. */
export function unjustified(findings, allow) {
  return findings.filter((f) => {
    const rank = SEVERITY_RANK[String(f.severity).toUpperCase()] ?? 4
    if (rank <= 0) return false
    return !allow.some((a) => a.check === f.issue && norm(a.file) === norm(f.filename))
  })
}

export function loadAllowList(path) {
  const list = JSON.parse(readFileSync(path, 'utf8'))
  if (!Array.isArray(list)) throw new Error(`${path}: expected an array`)
  for (const [i, a] of list.entries()) {
    for (const key of ['check', 'file', 'reason']) {
      if (typeof a?.[key] !== 'string' || a[key].trim().length < (key === 'reason' ? 20 : 1)) {
        throw new Error(`${path}[${i}]: "${key}" must be a string${key === 'reason' ? ' of at least 20 characters' : ''}`)
      }
    }
  }
  return list
}

function electronVersion() {
  return JSON.parse(readFileSync(join(root, 'node_modules/electron/package.json'), 'utf8')).version
}

export function runScan({ input = join(root, 'src'), allowFile = join(root, 'security/electronegativity-allow.json') } = {}) {
  const out = mkdtempSync(join(tmpdir(), 'bridgescope-electronegativity-'))
  const report = join(out, 'report.csv')
  try {
    const cli = join(root, 'node_modules/@doyensec/electronegativity/dist/index.js')
    const args = ['--import', pathToFileURL(join(root, 'scripts/no-network.js')).href, '--import', pathToFileURL(join(root, 'scripts/serial-writes.js')).href, cli, '-i', input, '-o', report, '-r', '-e', electronVersion(), '-x', 'AvailableSecurityFixesGlobalCheck']
    const run = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8', timeout: TIMEOUT_MS, env: { ...process.env, LANG: 'en-US' } })
    if (run.error || run.status !== 0 || !existsSync(report)) {
      return { ok: false, message: `electronegativity did not produce a report (status ${run.status}, ${run.error?.message ?? 'no error'}):\n${run.stdout}\n${run.stderr}` }
    }
    const findings = readFindings(readFileSync(report, 'utf8'))
    const allow = loadAllowList(allowFile)
    const bad = unjustified(findings, allow)
    const unused = allow.filter((a) => !findings.some((f) => f.issue === a.check && norm(a.file) === norm(f.filename)))
    return { ok: bad.length === 0, findings, bad, unused }
  } finally {
    rmSync(out, { recursive: true, force: true })
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const result = runScan()
  if (result.message) {
    console.error(result.message)
    process.exit(2)
  }
  for (const a of result.unused) console.warn(`electronegativity: allow entry no longer needed: ${a.check} in ${a.file}`)
  if (!result.ok) {
    console.error(`electronegativity: ${result.bad.length} unjustified finding(s):`)
    for (const f of result.bad) console.error(`  ${f.severity} ${f.issue} ${f.filename}:${f.location} — ${f.description}\n    ${f.sample}`)
    console.error('Fix them, or justify each in security/electronegativity-allow.json (check, file, reason).')
    process.exit(1)
  }
  console.log(`electronegativity: ${result.findings.length} finding(s), all justified or informational.`)
}
