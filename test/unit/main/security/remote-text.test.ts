/* eslint-disable no-control-regex -- the tests look for control characters on purpose */
// Remote text is data, everywhere: CSV cells never become formulas, the CLI never writes a control
// sequence from remote text, and decimal text is capped before it can freeze a formatter or a terminal.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { main } from '../../../../src/cli'
import { parseLossless } from '../../../../src/main/client/lossless-json'
import { decodeHistoryPage } from '../../../../src/main/client/mcs/decode'
import { cell } from '../../../../src/main/dataset/export'
import { startSimulator, type Simulator } from '../../../support/simulator'
import { escapeJsonForTerminal, terminalSafe } from '../../../../src/shared/terminal-text'
import { startPrefixProxy } from '../client/helpers'
import { historyBodyWithAmount } from '../fuzz/hostile'

const unquote = (c: string): string => (c.startsWith('"') ? c.slice(1, -1).replace(/""/g, '"') : c)

describe('CSV cells are data', () => {
  it('formula-like cells are defused, "-1+HYPERLINK(…)" and "-2+3+cmd|…" included', () => {
    for (const text of ['-1+HYPERLINK("http://evil.example","x")', '-2+3+cmd|\' /C calc\'!A0', '=1+1', '+SUM(A1)', '@SUM(1)', '\t=1', '\r=1', '-1e3+1', '-0x1']) {
      expect(unquote(cell(text)).startsWith("'")).toBe(true)
    }
  })

  it('a whole number stays a number: plain and negative decimals are not touched', () => {
    for (const text of ['-12.5', '-3', '0', '100.000000', '99500000000000000000.000000']) expect(cell(text)).toBe(text)
    expect(cell(-7)).toBe('-7')
  })

  it('property: any cell starting with = + - @ tab or CR is defused unless the whole cell is a number', () => {
    fc.assert(
      fc.property(fc.constantFrom('=', '+', '-', '@', '\t', '\r'), fc.string(), (lead, rest) => {
        const text = lead + rest
        const out = unquote(cell(text))
        if (/^-?\d+(?:\.\d+)?$/.test(text)) expect(out).toBe(text)
        else expect(out).toBe(`'${text}`)
      }),
      { numRuns: 500 }
    )
  })
})

describe('the terminal never runs remote text', () => {
  const attacks = {
    osc52: '\u001b]52;c;cm0gLXJmIH4=\u0007',
    title: '\u001b]0;pwned\u0007',
    clear: '\u001b[2J\u001b[H',
    c1csi: '\u009b2J',
    bidi: '\u202eevil',
    bell: '\u0007\u0008'
  }
  it('each known sequence is removed, the text around it kept', () => {
    for (const attack of Object.values(attacks)) {
      const out = terminalSafe(`Eth${attack}ereum`)
      expect(out.startsWith('Eth')).toBe(true)
      expect(out.endsWith('ereum')).toBe(true)
      expect(out).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/)
    }
  })

  it('property: no output of terminalSafe holds a control character but tab and newline', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        expect(terminalSafe(s)).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/)
      }),
      { numRuns: 500 }
    )
  })

  it('JSON keeps its value: C1 and bidi characters are written as escapes', () => {
    const value = { name: `a${attacks.c1csi}b${attacks.bidi}` }
    const text = escapeJsonForTerminal(JSON.stringify(value))
    expect(text).not.toMatch(/[\u007f-\u009f\u202a-\u202e]/)
    expect(JSON.parse(text)).toEqual(value)
  })
})

let sim: Simulator
let proxy: Awaited<ReturnType<typeof startPrefixProxy>>
beforeAll(async () => {
  sim = await startSimulator({ seed: 4, transfers: 200, rotateEveryMs: null })
  // Every chain name carries an OSC 52 clipboard write, a retitle and a screen clear.
  const hostileName = '\\u001b]52;c;cm0gLXJmIH4=\\u0007\\u001b]0;pwned\\u0007\\u001b[2J\\u009b2JEvil'
  proxy = await startPrefixProxy(sim.baseUrl, '/p', (body) => body.replace(/"chainName":"[^"]*"/g, `"chainName":"${hostileName}"`))
})
afterAll(async () => {
  await proxy.close()
  await sim.close()
})

async function cli(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = ''
  let err = ''
  const code = await main(args, {
    stdout: { write: (s: string) => (out += s) },
    stderr: { write: (s: string) => (err += s) },
    env: { BRIDGESCOPE_DATA_DIR: mkdtempSync(join(tmpdir(), 'bs-cli-')) }
  })
  return { code, out, err }
}

describe('the CLI prints remote names as text', () => {
  it('`chains` shows the hostile names without any control sequence, in text and in --json', async () => {
    const text = await cli(['chains', '--base-url', `${proxy.url}/p`])
    expect(text.code).toBe(0)
    expect(text.out).toContain('Evil')
    expect(text.out).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/)
    const json = await cli(['chains', '--json', '--base-url', `${proxy.url}/p`])
    expect(json.code).toBe(0)
    expect(json.out).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/)
    const list = JSON.parse(json.out) as { chainName: string }[]
    expect(list[0]?.chainName).toContain('\u001b]52;c;') // the value itself is kept exactly, as data
  })
})

describe('decimal text is capped', () => {
  const envelope = historyBodyWithAmount
  it('an amount of 200,000 digits fails its record with a reason naming the field and the limit', () => {
    const data = parseLossless(envelope('9'.repeat(200_000).slice(0, 999)))
    expect(() => decodeHistoryPage(data)).toThrow(/field "amount": a decimal number of at most 100 digits/)
    expect(() => parseLossless(envelope('9'.repeat(200_000)))).toThrow(/a number of 200000 characters/)
  })
  it('five million digits are refused at once, and an exponent cannot expand past the cap', () => {
    expect(() => parseLossless(envelope('1'.repeat(5_000_000)))).toThrow(/at most 1000 are read/)
    expect(() => decodeHistoryPage(parseLossless(envelope('1e5000000')))).toThrow(/at most 100 digits/)
    // 100 digits are still an amount
    expect(decodeHistoryPage(parseLossless(envelope(`${'9'.repeat(94)}.000000`))).list[0]?.amount).toBe(`${'9'.repeat(94)}.000000`)
  })
})
