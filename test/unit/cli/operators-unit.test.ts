// The systemd units docs/operators.md tells an operator to install keep secrets out of ExecStart: a command
// line is shown to every user of the machine (ps, /proc/<pid>/cmdline, systemctl status), so webhook URLs,
// keyed node URLs and tokens come from a credential or an EnvironmentFile, and ExecStart expands no variable
// (each `${…}` there would be a secret written into the command line).
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { redactText } from '../../../src/shared/redact'

const GUIDE = readFileSync('docs/operators.md', 'utf8')

/** Every ExecStart the guide writes: in its ini blocks, and in its prose (`ExecStart=… …`). */
function execStarts(markdown: string): string[] {
  const blocks = [...markdown.matchAll(/```ini\n([\s\S]*?)```/g)].flatMap((m) => (m[1] ?? '').split('\n'))
  const prose = [...markdown.matchAll(/`(ExecStart=[^`]*)`/g)].map((m) => (m[1] ?? '').replace(/\s*\n\s*/g, ' '))
  return [...blocks.filter((l) => l.startsWith('ExecStart=')), ...prose]
}

/** Why an ExecStart would leak a secret, or null. */
function leak(line: string): string | null {
  if (/\$\{?[A-Za-z_]/.test(line)) return 'expands a variable into the command line'
  if (/--webhook(\s|=)/.test(line)) return 'names a webhook URL on the command line (use --webhook-file)'
  if (redactText(line) !== line) return `carries a secret-looking value: ${line} → ${redactText(line)}`
  return null
}

describe("the operators' guide's systemd units", () => {
  it('keep every secret out of ExecStart', () => {
    const lines = execStarts(GUIDE)
    expect(lines.length).toBeGreaterThanOrEqual(2)
    for (const line of lines) expect(leak(line), line).toBeNull()
  })

  it('take the webhooks from a credential or an environment file', () => {
    const unit = /```ini\n([\s\S]*?)```/.exec(GUIDE)?.[1] ?? ''
    expect(unit).toMatch(/^LoadCredential=webhooks:/m)
    expect(unit).toMatch(/^EnvironmentFile=/m)
    expect(unit).toMatch(/^ExecStart=.* --webhook-file %d\/webhooks$/m)
  })

  it('the check bites on the unit as it used to be written', () => {
    expect(leak('ExecStart=/usr/bin/node cli.js watch vault --rpc-url ${RPC_A} --webhook ${WEBHOOK_URL}')).not.toBeNull()
    expect(leak('ExecStart=/usr/bin/node cli.js watch vault --webhook https://hooks.slack.com/services/T000/B000/XXXXXXXXXXXXXXXXXXXXXXXX')).not.toBeNull()
    expect(leak('ExecStart=/usr/bin/node cli.js watch vault --rpc-url https://mainnet.infura.io/v3/0123456789abcdef0123456789abcdef')).not.toBeNull()
    expect(leak('ExecStart=/usr/bin/node cli.js watch vault --rpc-url https://node-a.example/rpc --webhook-file %d/webhooks')).toBeNull()
  })
})
