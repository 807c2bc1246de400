// Received amounts in the destination token's decimals, on every surface that shows history rows:
// the rows the table gets, sorting by Received, the CSV and JSON exports and the CLI's text. Routes from the
// simulator (which now sends inAmount as the real service does): USDT-like 6 → 18 and 18 → 6, and the same
// history behind a token list that lacks the destination token (the amount is then raw, never mis-scaled).
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { main } from '../../../../src/cli'
import { createAppContext, type AppContext } from '../../../../src/main/app-context'
import { dispatch } from '../../../../src/main/ipc/dispatch'
import { startSimulator, type Simulator } from '../../../support/simulator'
import { amountWords } from '../../../../src/shared/transfer'
import type { TableRow } from '../../../../src/shared/table-row'
import { formatAmount, toScaledUnits } from '../../../../src/shared/decimal'
import type { TransferDetail } from '../../../../src/shared/schemas/wire'
import { startPrefixProxy } from '../client/helpers'
import { confFactory } from '../faults/rig'
import { testDemo } from '../../../support/demo-plan'

interface Route {
  name: string
  detail: TransferDetail
}

let sim: Simulator
let proxy: Awaited<ReturnType<typeof startPrefixProxy>>
let ctx: AppContext
const routes: Route[] = []

async function call<T>(channel: string, input?: unknown): Promise<T> {
  const r = (await dispatch(ctx.handlers, channel, input, { emit: () => undefined })) as { ok: boolean; value?: T; error?: { message: string } }
  if (!r.ok) throw new Error(`${channel}: ${r.error?.message}`)
  return r.value as T
}

beforeAll(async () => {
  sim = await startSimulator({ seed: 1, transfers: 3000, rotateEveryMs: null })
  ctx = await createAppContext({ demo: testDemo(), dataDir: mkdtempSync(join(tmpdir(), 'bs-recv-')), storeFactory: confFactory, shell: 'harness', version: 't', broadcast: () => undefined, watch: { enabled: false } })
  ctx.settings.saveProfile({ id: 'sim', name: 'Sim', baseUrl: sim.baseUrl, rpcUrls: [sim.rpcUrl] })
  ctx.settings.activate('sim')
  for (const txHash of sim.sample().txHashes) {
    const d = (await call<{ data: TransferDetail }>('transfer:get', { txHash })).data
    if (d.state !== 1) continue
    const name = `${d.fromDecimal} → ${d.receiveDecimal}`
    if ((d.fromDecimal === 6 && d.receiveDecimal === 18) || (d.fromDecimal === 18 && d.receiveDecimal === 6)) {
      if (!routes.some((r) => r.name === name)) routes.push({ name, detail: d })
    }
  }
  // The same service behind a proxy whose token list has no token on any destination chain of ours.
  proxy = await startPrefixProxy(sim.baseUrl, '/p', (body) => {
    if (!body.includes('"vaultToken"')) return body
    const parsed = JSON.parse(body) as { data: { list: Record<string, unknown[]> } }
    for (const r of routes) delete parsed.data.list[String(r.detail.toChainId)]
    return JSON.stringify(parsed)
  })
})
afterAll(async () => {
  await ctx.dispose()
  await proxy.close()
  await sim.close()
})

/** The loaded history of the transfer's sender, and the transfer's own row in it. */
async function loaded(d: TransferDetail): Promise<{ datasetId: string; row: TableRow }> {
  const { datasetId } = await call<{ datasetId: string }>('history:loadAll', { jobId: `j-${d.fromHash.slice(2, 10)}`, address: d.from, chainId: d.fromChainId })
  const rows = await call<{ rows: TableRow[] }>('history:rows', { datasetId, offset: 0, limit: 5, filter: { text: d.fromHash } })
  return { datasetId, row: rows.rows[0] as TableRow }
}

function csvRow(csv: string, hash: string): Record<string, string> {
  const [head, ...lines] = csv.trim().split('\n')
  const names = (head as string).split(',')
  const line = lines.find((l) => l.includes(hash)) as string
  const values = line.split(',')
  return Object.fromEntries(names.map((n, i) => [n, values[i] ?? '']))
}

describe('received amounts in the destination token decimals', () => {
  it('the demo data has delivered 6 → 18 and 18 → 6 transfers', () => {
    expect(routes.map((r) => r.name).sort()).toEqual(['18 → 6', '6 → 18'])
  })

  for (const name of ['6 → 18', '18 → 6']) {
    it(`${name}: the table row, the CSV and the JSON show the amount the receiver got, in its token`, async () => {
      const { detail: d } = routes.find((r) => r.name === name) as Route
      const expected = formatAmount(d.receiving, d.receiveDecimal) // queryBridgeInfo names receiveDecimal
      const { datasetId, row } = await loaded(d)
      expect(row.received.wire).toBe(d.receiving)
      expect(row.received.token?.decimals).toBe(d.receiveDecimal)
      expect(amountWords(row.received)).toBe(expected)
      // less than sent (the bridge's fee), but the same order of magnitude: not 10^12 off either way
      const sent = toScaledUnits(formatAmount(d.sending, d.fromDecimal, { grouping: false }), 40)
      const got = toScaledUnits(formatAmount(d.receiving, d.receiveDecimal, { grouping: false }), 40)
      expect(got < sent && got * 100n > sent * 99n).toBe(true)

      const csv = (await call<{ content: string }>('history:export', { datasetId, format: 'csv', filter: { text: d.fromHash } })).content
      const c = csvRow(csv, d.fromHash)
      expect(c).toMatchObject({ receivedWire: d.receiving, received: formatAmount(d.receiving, d.receiveDecimal, { grouping: false }), receivedDecimals: String(d.receiveDecimal) })
      expect(c).toMatchObject({ amountWire: d.sending, amount: formatAmount(d.sending, d.fromDecimal, { grouping: false }), amountDecimals: String(d.fromDecimal) })
      const json = JSON.parse((await call<{ content: string }>('history:export', { datasetId, format: 'json', filter: { text: d.fromHash } })).content) as Record<string, unknown>[]
      expect(json[0]).toMatchObject({ receivedWire: d.receiving, received: c.received, receivedDecimals: d.receiveDecimal, amountWire: d.sending, amount: c.amount })
      expect(Object.keys(json[0] as object)).toEqual(Object.keys(c))
    })

    it(`${name}: the CLI's text prints the received amount in the destination token`, async () => {
      const { detail: d } = routes.find((r) => r.name === name) as Route
      let out = ''
      const code = await main(['history', '--address', d.from, '--chain-id', String(d.fromChainId), '--all', '--base-url', sim.baseUrl], {
        stdout: { write: (s: string) => (out += s) },
        stderr: { write: () => true },
        env: { BRIDGESCOPE_DATA_DIR: mkdtempSync(join(tmpdir(), 'bs-recv-cli-')) }
      })
      expect(code).toBe(0)
      const line = out.split('\n').find((l) => l.includes(d.fromHash)) as string
      expect(line).toContain(formatAmount(d.receiving, d.receiveDecimal))
      expect(line).not.toContain('(raw)')
    })

  }

  it('sorting by Received orders by the value received, across tokens of any decimals (the busiest address)', async () => {
    const { address, chainId } = sim.sample().addresses[0] as { address: string; chainId: number }
    const { datasetId } = await call<{ datasetId: string }>('history:loadAll', { jobId: 'busiest', address, chainId })
    for (const dir of ['desc', 'asc'] as const) {
      const sorted = (await call<{ rows: TableRow[] }>('history:rows', { datasetId, offset: 0, limit: 500, sort: { key: 'inAmount', dir } })).rows
      const known = sorted.filter((r) => r.received.value !== null)
      expect(new Set(known.map((r) => r.received.token?.decimals)).size).toBeGreaterThan(1) // mixed decimals were ordered
      const values = known.map((r) => toScaledUnits(r.received.value as string, 40))
      for (let i = 1; i < values.length; i++) expect(dir === 'desc' ? values[i - 1]! >= values[i]! : values[i - 1]! <= values[i]!).toBe(true)
    }
  })

  it('a destination token missing from the token list: the exact wire value, marked raw, on every surface', async () => {
    const { detail: d } = routes[0] as Route
    ctx.settings.saveProfile({ id: 'proxy', name: 'Proxy', baseUrl: `${proxy.url}/p`, rpcUrls: [sim.rpcUrl] })
    ctx.settings.activate('proxy')
    try {
      const { datasetId, row } = await loaded(d)
      expect(row.received.token).toBeNull()
      expect(row.received).toMatchObject({ value: null, wire: d.receiving })
      expect(amountWords(row.received)).toBe(`${d.receiving} (raw)`)
      const c = csvRow((await call<{ content: string }>('history:export', { datasetId, format: 'csv', filter: { text: d.fromHash } })).content, d.fromHash)
      expect(c).toMatchObject({ receivedWire: d.receiving, received: '', receivedDecimals: '' })
      let out = ''
      await main(['history', '--address', d.from, '--chain-id', String(d.fromChainId), '--all', '--base-url', `${proxy.url}/p`], {
        stdout: { write: (s: string) => (out += s) },
        stderr: { write: () => true },
        env: { BRIDGESCOPE_DATA_DIR: mkdtempSync(join(tmpdir(), 'bs-recv-cli-')) }
      })
      expect(out.split('\n').find((l) => l.includes(d.fromHash))).toContain(`${d.receiving} (raw)`)
    } finally {
      ctx.settings.activate('sim')
    }
  })
})
