// `bridgescope tss heights|pending|order|tx`: MAP's TSS cross-chain API from a terminal, through the app's
// own client. Text by default; --json prints the records as MAP sends them with every integer exact.
import { AppError } from '@shared/errors'
import { tssChainIdSchema, tssOrderIdSchema, tssTxSchema, type TssOrder } from '@shared/schemas/tss'
import { durationText as formatDuration, orderIdText, unixDateTimeText } from '@shared/format'
import { tracedLegs, tssOrderAgeSec, tssRoute, tssStatusLabel, unixSeconds } from '@shared/tss'
import { checkInput, TSS_OPERATIONS, type TssClient } from '../main/client'
import type { TssFollowed } from '../main/watch'
import { callOptions, wholeNumber } from './bridge-client'
import { command, UsageError, type CommandLine, type Grammar } from './command-line'
import { jsonText, keyValues, table } from './format'
import type { CliContext } from './io'
import { withTssClient, type TssEndpoints } from './tss-endpoints'

export const TSS_USAGE = `usage: bridgescope tss heights [--chain-id N]...      scan height of each followed chain
       bridgescope tss pending --chain-id N           the chain's pending orders, oldest first, with their age
       bridgescope tss order <orderId>                one order across every leg
       bridgescope tss tx <hash>                      the order a transaction on any leg belongs to
Options: --tss-url URL (else BRIDGESCOPE_TSS_URL, else the active profile's TSS API, else the demo network),
         --base-url URL (the chain list heights follows), --timeout MS, --json (exact numbers).
`

/** `tss …`: parseArgs' own words for what it refuses; every tss command takes the same options. */
const TSS: Grammar = {
  word: 'tss',
  help: TSS_USAGE,
  strict: true,
  helpOnError: false,
  unknownCommand: (word) => `unknown tss command "${word ?? ''}"`,
  notTaken: (cmd, name) => `${cmd} does not take --${name}`,
  argumentCount: (cmd, _args, [, max]) => `${cmd} takes ${max === 1 ? 'one argument' : 'no argument'}`
}

const TSS_OPTIONS = {
  'tss-url': { type: 'string' },
  'base-url': { type: 'string' },
  'chain-id': { type: 'string', multiple: true },
  timeout: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' }
} as const
type TssLine = CommandLine<typeof TSS_OPTIONS>

/** Traces at most this many pending hashes for their age; the rest are listed without. */
const TRACE_LIMIT = 200
const TRACE_PARALLEL = 4

/** JSON with MAP's integer fields written as JSON numbers of their exact digits (never through a double). */
export function exactJson(value: unknown): string {
  return jsonText(value).replace(/"(height|log_index|timestamp|now|status)": "(-?\d+)"/g, '"$1": $2')
}

function timeText(seconds: string | null): string {
  const s = unixSeconds(seconds)
  return s === null ? '-' : unixDateTimeText(s)
}

export function orderBlock(order: TssOrder, nowSec: number): string {
  const route = tssRoute(order)
  const head = keyValues([
    ['Order', orderIdText(order.order_id) ?? '-'],
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


interface TssSession {
  client: TssClient
  ep: TssEndpoints
  /** the --chain-id values, checked */
  ids: string[]
  call: { signal?: AbortSignal }
  nowSec: number
}

/**
 * Checks the line (inputs before any endpoint work: a bad hash must not even start the demo network), then
 * runs `work` with a client of the TSS API.
 */
async function withTss(ctx: CliContext, { values }: TssLine, check: (ids: string[]) => void, work: (s: TssSession) => Promise<void>): Promise<void> {
  const timeoutMs = wholeNumber(values.timeout, 'timeout', 1, 600_000)
  const ids = (values['chain-id'] ?? []).map((v) => checkInput(tssChainIdSchema, v, 'chainId'))
  check(ids)
  await withTssClient(ctx, { ...values, timeoutMs, chainIds: ids }, (client, ep) => work({ client, ep, ids, call: callOptions(ctx), nowSec: Math.floor(Date.now() / 1000) }))
}

export const tssHeights = command({
  grammar: TSS,
  name: ['tss', 'heights'],
  options: TSS_OPTIONS,
  arguments: [0, 0],
  overview: { synopsis: 'tss heights [--chain-id N]...', summary: 'TSS cross-chain API: scan height of each followed chain' },
  run: (ctx, line) =>
    withTss(ctx, line, () => undefined, async ({ client, ep, call }) => {
      const chains: TssFollowed[] = await ep.chains(call)
      const heights = await pool(chains, TRACE_PARALLEL, async (c) => {
        try {
          return { ...c, height: await client.chainHeight(c.chainId, call), error: null }
        } catch (error) {
          if (error instanceof AppError && error.kind === 'cancelled') throw error
          return { ...c, height: null, error: error instanceof Error ? error.message : String(error) }
        }
      })
      for (const h of heights) if (h.error) ctx.warn(`warning: chain ${h.chainId}: ${h.error}`)
      if (heights.every((h) => h.error)) throw new AppError({ kind: 'network', operation: TSS_OPERATIONS.height, message: 'no chain answered' })
      ctx.print(
        line.values.json
          ? exactJson(heights.map((h) => ({ chainId: h.chainId, name: h.name, height: h.height, ...(h.error ? { error: h.error } : {}) })))
          : table(['CHAIN ID', 'NAME', 'SCAN HEIGHT'], heights.map((h) => [h.chainId, h.name || '-', h.height ?? (h.error ? 'error' : 'none')]), new Set([0, 2]))
      )
    })
})

export const tssPending = command({
  grammar: TSS,
  name: ['tss', 'pending'],
  options: TSS_OPTIONS,
  arguments: [0, 0],
  overview: { synopsis: 'tss pending --chain-id N', summary: "the chain's pending orders with their age" },
  run: (ctx, line) =>
    withTss(
      ctx,
      line,
      (ids) => {
        if (ids.length !== 1) throw new UsageError('tss pending needs one --chain-id')
      },
      async ({ client, ids, call, nowSec }) => {
        const chainId = ids[0] as string
        const txs = await client.pendingTxs(chainId, call)
        const traced = await pool(txs.slice(0, TRACE_LIMIT), TRACE_PARALLEL, async (tx) => {
          try {
            return await client.orderByTx(tx, call)
          } catch (error) {
            if (error instanceof AppError && error.kind === 'cancelled') throw error
            ctx.warn(`warning: ${tx}: ${error instanceof Error ? error.message : String(error)}`)
            return null
          }
        })
        const rows = txs.map((tx, i) => ({ tx, order: traced[i] ?? null, age: traced[i] ? tssOrderAgeSec(traced[i], nowSec) : null }))
        rows.sort((a, b) => (b.age ?? -1) - (a.age ?? -1))
        if (txs.length > TRACE_LIMIT) ctx.warn(`note: ${txs.length} pending; the first ${TRACE_LIMIT} were traced for their age`)
        if (line.values.json) return ctx.print(exactJson({ chainId, pending: rows.map((r) => ({ tx: r.tx, ageSec: r.age, order: r.order })) }))
        const oldest = rows[0]?.age ?? null
        ctx.print(
          table(
            ['TX', 'AGE', 'STATUS', 'ROUTE', 'ORDER'],
            rows.map((r) => {
              const route = r.order ? tssRoute(r.order) : null
              return [r.tx, formatDuration(r.age), r.order ? tssStatusLabel(r.order.status) : 'not traced', route ? `${route.from ?? '?'} → ${route.to ?? '?'}` : '-', orderIdText(r.order?.order_id) ?? '-']
            }),
            new Set([1])
          ) + `${txs.length} pending on chain ${chainId}${oldest === null ? '' : `, oldest ${formatDuration(oldest)}`}\n`
        )
      }
    )
})

/** `tss order <orderId>` and `tss tx <hash>`: one order traced across its legs, found by its id or a leg's hash. */
function traceCommand(what: 'order' | 'tx'): (ctx: CliContext, line: TssLine) => Promise<void> {
  const operation = what === 'order' ? TSS_OPERATIONS.order : TSS_OPERATIONS.tx
  return (ctx, line) => {
    const arg = line.args[0] ?? ''
    return withTss(
      ctx,
      line,
      () => void (what === 'order' ? checkInput(tssOrderIdSchema, arg, 'orderId', operation) : checkInput(tssTxSchema, arg, 'tx', operation)),
      async ({ client, call, nowSec }) => {
        const order = what === 'order' ? await client.order(arg, call) : await client.orderByTx(arg, call)
        if (order === null) {
          throw new AppError({ kind: 'api', operation, message: `the TSS API knows no order ${what === 'order' ? 'with id' : 'with a leg'} ${arg.trim()}` })
        }
        ctx.print(line.values.json ? exactJson(order) : orderBlock(order, nowSec))
      }
    )
  }
}

export const tssOrder = command({
  grammar: TSS,
  name: ['tss', 'order'],
  options: TSS_OPTIONS,
  arguments: [1, 1],
  // one line in the overview for both ways to find an order
  overview: { synopsis: 'tss order <orderId> | tss tx <hash>', summary: 'one order across every leg (a hash on any leg)' },
  run: traceCommand('order')
})

export const tssTx = command({
  grammar: TSS,
  name: ['tss', 'tx'],
  options: TSS_OPTIONS,
  arguments: [1, 1],
  overview: null,
  run: traceCommand('tx')
})
