// `history --file EXPORT`: an export the app wrote, read back offline into the same history the CLI prints from a
// service — the same amounts, tokens and outcomes, in text and in --json — with no service asked at all.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { runCli as cli } from '../../support/local-service'
import { decodeButterHistory } from '../../../src/main/client/butter/decode'
import { envelopeData } from '../../../src/main/client/dialect-common'
import { toCsv, toJson } from '../../../src/main/dataset/export'
import { transferOfRecord, type Transfer } from '../../../src/shared/transfer'
import { docExample } from '../../support/doc-example'

const dir = mkdtempSync(join(tmpdir(), 'bridgescope-export-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const records = decodeButterHistory(envelopeData(docExample('butter', 'history-by-address.example.txt').body, 'queryBridgeHistoryByAddress')).list
const write = (name: string, text: string): string => {
  const path = join(dir, name)
  writeFileSync(path, text)
  return path
}

describe('history --file', () => {
  it('reads a CSV export back: the same table, no service asked (no URL is given, none is reachable)', async () => {
    const r = await cli(['history', '--file', write('h.csv', toCsv(records)), '--base-url', 'http://127.0.0.1:9'])
    expect(r.err).toBe('')
    expect(r.code).toBe(0)
    expect(r.out).toContain('793.967907953388')
    expect(r.out).toContain(`${records.length} transfers read from`)
  })

  it('reads a JSON export back into the model, --json writing the same transfers as the service gave', async () => {
    const r = await cli(['history', '--file', write('h.json', toJson(records)), '--json'])
    expect(r.code).toBe(0)
    const got = (JSON.parse(r.out) as { format: string; transfers: Transfer[] })
    expect(got.format).toBe('bridgescope.transfers')
    const kept = (t: Transfer) => [t.hash, t.sent.value, t.received.value, t.received.token?.symbol, t.outcome]
    expect(got.transfers.map(kept)).toEqual(records.map(transferOfRecord).map(kept))
  })

  it('a bad file: no such file, a torn row, a visible-columns export — exit 2 naming what is wrong, nothing printed', async () => {
    const missing = await cli(['history', '--file', join(dir, 'nope.csv')])
    expect(missing.code).toBe(2)
    expect(missing.err).toContain('no such file')
    const csv = toCsv(records).split('\n')
    const torn = await cli(['history', '--file', write('torn.csv', `${csv[0]}\n${csv[1]},extra\n`)])
    expect(torn.code).toBe(2)
    expect(torn.out).toBe('')
    expect(torn.err).toMatch(/row 1: \d+ cells/)
    const partial = await cli(['history', '--file', write('partial.csv', 'timestamp,hash\n2026-11-20 10:00:00 UTC,0x1\n')])
    expect(partial.code).toBe(2)
    expect(partial.err).toContain('not a whole Bridgescope export')
  })
})
