// `bridgescope tss heights|pending|order|tx`: MAP's TSS cross-chain API from a terminal, through the app's
// own client. Text by default; --json prints the records as MAP sends them with every integer exact.
import { parseArgs } from 'node:util'
import { AppError } from '../shared/errors'
import { tssChainIdSchema, tssOrderIdSchema, tssTxSchema, type TssOrder } from '../shared/schemas/tss'
import { formatDuration, tracedLegs, tssOrderAgeSec, tssRoute, tssStatusLabel, unixSeconds } from '../shared/tss'
import { checkInput } from '../main/client/bridge-api'
import { networkFromEnv } from '../main/net/env-proxy'
import { TssClient, TSS_OPERATIONS } from '../main/client/tss-api'
import { jsonText, keyValues, table } from './format'
import { resolveTss, type FollowedChain } from './tss-endpoints'

export const TSS_USAGE = `usage: bridgescope tss heights [--chain-id N]...      scan height of each followed chain
       bridgescope tss pending --chain-id N           the chain's pending orders, oldest first, with their age
       bridgescope tss order <orderId>                one order across every leg
       bridgescope tss tx <hash>                      the order a transaction on any leg belongs to
Options: --tss-url URL (else BRIDGESCOPE_TSS_URL, else the active profile's TSS API, else the demo network),
         --base-url URL (the chain list heights follows), --timeout MS, --json (exact numbers).
`

export interface TssIo {
  print(text: string): void
  warn(line: string): void
  env: Record<string, string | undefined>
  signal?: AbortSignal
}

export class TssUsageError extends Error {}

/** Traces at most this many pending hashes for their age; the rest are listed without. */
const TRACE_LIMIT = 200
const TRACE_PARALLEL = 4

/** JSON with MAP's integer fields written as JSON numbers of their exact digits (never through a double). */
export function exactJson(value: unknown): string {
  return jsonText(value).replace(/"(height|log_index|timestamp|now|status)": "(-?\d+)"/g, '"$1": $2')
}

function timeText(seconds: string | null): string {
  const s = unixSeconds(seconds)
  return s === null ? '-' : new Date(s * 1000).toISOString().replace('.000Z', 'Z')
}

export function orderBlock(order: TssOrder, nowSec: number): string {
  const route = tssRoute(order)
  const head = keyValues([
    ['Order', order.order_id || '-'],
    ['Status', `${tssStatusLabel(order.status)}${order.status === null ? '' : ` (${order.status}${order.status_str ? `, "${order.status_str}"` : ''})`}`],
    ['Route', `${route.from ?? '?'} → ${route.to ?? '?'}`],
    ['Age', formatDuration(tssOrderAgeSec(order, nowSec))]
  ])
  const legs = tracedLegs(order)
  const rows = legs.map((l) => [l.label, l.leg.chain || '-', l.leg.height ?? '-', timeText(l.leg.timestamp), l.tookSec === null ? '-' : formatDuration(l.tookSec), l.leg.tx_hash])
  return `${head}\n${table(['LEG', 'CHAIN', 'HEIGHT', 'TIME (UTC)', 'TOOK', 'TX'], rows, new Set([2]))}`
}

async function pool<T, R>(items: readonly T[], limit: number, run: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array<R>(items.length)
  let next = 0
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++
      out[i] = await run(items[i] as T)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return out
}

export async function runTssCommand(argv: string[], io: TssIo): Promise<void> {
  let parsed
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        'tss-url': { type: 'string' },
        'base-url': { type: 'string' },
        'chain-id': { type: 'string', multiple: true },
        timeout: { type: 'string' },
        json: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' }
      }
    })
  } catch (error) {
    throw new TssUsageError(error instanceof Error ? error.message : String(error))
  }
  const { values, positionals } = parsed
  const [what, ...rest] = positionals
  if (values.help === true) return io.print(TSS_USAGE)
  if (what !== 'heights' && what !== 'pending' && what !== 'order' && what !== 'tx') throw new TssUsageError(`unknown tss command "${what ?? ''}"`)
  const wantsArg = what === 'order' || what === 'tx'
  if (rest.length !== (wantsArg ? 1 : 0)) throw new TssUsageError(`tss ${what} takes ${wantsArg ? 'one argument' : 'no argument'}`)
  let timeoutMs: number | undefined
  if (values.timeout !== undefined) {
    if (!/^\d+$/.test(values.timeout) || Number(values.timeout) < 1 || Number(values.timeout) > 600_000) {
      throw new AppError({ kind: 'input', field: 'timeout', message: `--timeout must be a whole number from 1 to 600000, got "${values.timeout}"` })
    }
    timeoutMs = Number(values.timeout)
  }
  // Inputs are checked before any endpoint work: a bad hash must not even start the demo network.
  const ids = (values['chain-id'] ?? []).map((v) => checkInput(tssChainIdSchema, v, 'chainId'))
  if (what === 'pending' && ids.length !== 1) throw new TssUsageError('tss pending needs one --chain-id')
  const arg = rest[0] ?? ''
  if (what === 'order') checkInput(tssOrderIdSchema, arg, 'orderId', TSS_OPERATIONS.order)
  if (what === 'tx') checkInput(tssTxSchema, arg, 'tx', TSS_OPERATIONS.tx)

  const ep = await resolveTss(
    { ...(values['tss-url'] ? { tssUrl: values['tss-url'] } : {}), ...(values['base-url'] ? { baseUrl: values['base-url'] } : {}), ...(timeoutMs ? { timeoutMs } : {}) },
    io.env,
    io.warn
  )
  const call = io.signal ? { signal: io.signal } : {}
  // the CLI's way to the network: HTTP_PROXY, HTTPS_PROXY and NO_PROXY, loopback direct
  const network = networkFromEnv(io.env)
  try {
    const client = new TssClient({ url: ep.tssUrl, ...(ep.timeoutMs ? { timeoutMs: ep.timeoutMs } : {}), fetch: network.fetch })
    const nowSec = Math.floor(Date.now() / 1000)
    if (what === 'heights') {
      const chains: FollowedChain[] = ids.length ? ids.map((chainId) => ({ chainId, name: '' })) : await ep.chains(call)
      const heights = await pool(chains, TRACE_PARALLEL, async (c) => {
        try {
          return { ...c, height: await client.chainHeight(c.chainId, call), error: null }
        } catch (error) {
          if (error instanceof AppError && error.kind === 'cancelled') throw error
          return { ...c, height: null, error: error instanceof Error ? error.message : String(error) }
        }
      })
      for (const h of heights) if (h.error) io.warn(`warning: chain ${h.chainId}: ${h.error}`)
      if (heights.every((h) => h.error)) throw new AppError({ kind: 'network', operation: TSS_OPERATIONS.height, message: 'no chain answered' })
      io.print(
        values.json
          ? exactJson(heights.map((h) => ({ chainId: h.chainId, name: h.name, height: h.height, ...(h.error ? { error: h.error } : {}) })))
          : table(['CHAIN ID', 'NAME', 'SCAN HEIGHT'], heights.map((h) => [h.chainId, h.name || '-', h.height ?? (h.error ? 'error' : 'none')]), new Set([0, 2]))
      )
      return
    }
    if (what === 'pending') {
      const chainId = ids[0] as string
      const txs = await client.pendingTxs(chainId, call)
      const traced = await pool(txs.slice(0, TRACE_LIMIT), TRACE_PARALLEL, async (tx) => {
        try {
          return await client.orderByTx(tx, call)
        } catch (error) {
          if (error instanceof AppError && error.kind === 'cancelled') throw error
          io.warn(`warning: ${tx}: ${error instanceof Error ? error.message : String(error)}`)
          return null
        }
      })
      const rows = txs.map((tx, i) => ({ tx, order: traced[i] ?? null, age: traced[i] ? tssOrderAgeSec(traced[i], nowSec) : null }))
      rows.sort((a, b) => (b.age ?? -1) - (a.age ?? -1))
      if (txs.length > TRACE_LIMIT) io.warn(`note: ${txs.length} pending; the first ${TRACE_LIMIT} were traced for their age`)
      if (values.json) return io.print(exactJson({ chainId, pending: rows.map((r) => ({ tx: r.tx, ageSec: r.age, order: r.order })) }))
      const oldest = rows[0]?.age ?? null
      io.print(
        table(
          ['TX', 'AGE', 'STATUS', 'ROUTE', 'ORDER'],
          rows.map((r) => {
            const route = r.order ? tssRoute(r.order) : null
            return [r.tx, formatDuration(r.age), r.order ? tssStatusLabel(r.order.status) : 'not traced', route ? `${route.from ?? '?'} → ${route.to ?? '?'}` : '-', r.order?.order_id || '-']
          }),
          new Set([1])
        ) + `${txs.length} pending on chain ${chainId}${oldest === null ? '' : `, oldest ${formatDuration(oldest)}`}\n`
      )
      return
    }
    const order = what === 'order' ? await client.order(arg, call) : await client.orderByTx(arg, call)
    if (order === null) {
      throw new AppError({
        kind: 'api',
        operation: what === 'order' ? TSS_OPERATIONS.order : TSS_OPERATIONS.tx,
        message: `the TSS API knows no order ${what === 'order' ? 'with id' : 'with a leg'} ${arg.trim()}`
      })
    }
    io.print(values.json ? exactJson(order) : orderBlock(order, nowSec))
  } finally {
    await network.close()
    await ep.close?.()
  }
}
