// The one-word commands that ask the bridge something and print the answer: chains, tokens, history,
// transfer, vault. Text by default; --json prints the decoded payload with amounts as exact decimal text.
import type { HistoryPage, TransferDetail } from '@shared/schemas/wire'
import { addressSchema, txHashSchema } from '@shared/schemas/settings'
import { describeArrivals, describeDoubt } from '@shared/history-load'
import { withReceivedTokens } from '@shared/amounts'
import { transferOfDetail, transferOfRecord, type Transfer } from '@shared/transfer'
import { readFileSync, statSync } from 'node:fs'
import { AppError } from '@shared/errors'
import { MAX_IMPORT_BYTES, readExport } from '../main/dataset'
import { descriptorOf } from '@shared/dialects'
import { canonicalEpoch, checkInput, EVERY_CHAIN, everyChainSource, fetchAllHistory, lacks, operationsOf } from '../main/client'
import { callOptions, ENDPOINT_OPTIONS, wholeNumber, withClient } from './bridge-client'
import { command, UsageError, type Grammar } from './command-line'
import {
  chainsTable,
  historyTable,
  issueLines,
  jsonText,
  tokensTable,
  transferBlock,
  transferJson,
  transfersJson,
  vaultBlock,
  type Labels
} from './format'
import { defaultSettings } from '@shared/schemas/settings'
import type { CliContext } from './io'
import { chainRpcFlags, checkBlock, commandChecks, verifyExitCode } from './verify'
import { verdictOf } from '@shared/chain-check'

/** The one-word commands (chains … sim): parseArgs' own words for what it refuses, help as `--help` or `help`. */
export const ONE_WORD: Grammar = {
  word: '',
  help: null,
  helpWord: 'help',
  strict: true,
  helpOnError: false,
  unknownCommand: (word) => (word === undefined ? 'no command given' : `unknown command "${word}"`),
  notTaken: (cmd, name) => `${cmd} does not take --${name}`,
  argumentCount: (cmd, args, [min, max]) =>
    `${cmd} takes ${min === max ? min : `${min} to ${max}`} argument${max === 1 ? '' : 's'}, got ${args.length}`
}

/** The app's state and type labels, so a state reads as in the app ("Pending (0)"); defaults without a settings file. */
function labelsOf(ctx: CliContext): Labels {
  return ctx.stored.found() ? ctx.stored.settings().labels : defaultSettings().labels
}

const COMMON = {
  ...ENDPOINT_OPTIONS,
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' }
} as const

export const chains = command({
  grammar: ONE_WORD,
  name: ['chains'],
  options: COMMON,
  arguments: [0, 0],
  overview: { synopsis: 'chains', summary: 'supported chains' },
  run: async (ctx, { values }) => {
    const list = await withClient(ctx, values, (c) => c.queryChainList(callOptions(ctx)))
    ctx.print(values.json ? jsonText(list) : chainsTable(list))
  }
})

export const tokens = command({
  grammar: ONE_WORD,
  name: ['tokens'],
  options: { ...COMMON, 'chain-id': { type: 'string' } },
  arguments: [0, 0],
  overview: { synopsis: 'tokens [--chain-id N]', summary: 'supported tokens, optionally of one chain' },
  run: async (ctx, { values }) => {
    const chainId = wholeNumber(values['chain-id'], 'chain-id', 1)
    const all = await withClient(ctx, values, (c) => c.queryTokenList(callOptions(ctx)))
    const list = chainId === undefined ? all : { [String(chainId)]: all[String(chainId)] ?? [] }
    if (chainId !== undefined && (list[String(chainId)]?.length ?? 0) === 0)
      ctx.warn(`note: no tokens listed for chain ${chainId}`)
    ctx.print(values.json ? jsonText(list) : tokensTable(list))
  }
})

export const history = command({
  grammar: ONE_WORD,
  name: ['history'],
  options: {
    ...COMMON,
    address: { type: 'string' },
    'chain-id': { type: 'string' },
    page: { type: 'string' },
    'page-size': { type: 'string' },
    all: { type: 'boolean' },
    file: { type: 'string' }
  },
  arguments: [0, 0],
  overview: {
    synopsis: 'history --address A [--chain-id N] [--page N] [--page-size N] [--all] | history --file EXPORT',
    summary: "a user's transfers on one chain (every chain where the dialect allows); --file reads an export back, offline"
  },
  run: async (ctx, { values }) => {
    if (values.file !== undefined) return readExportFile(ctx, values.file, values.json === true)
    const address = values.address
    const chainId = wholeNumber(values['chain-id'], 'chain-id', 1)
    if (address === undefined) throw new UsageError('history needs --address')
    const pageNo = wholeNumber(values.page, 'page', 1)
    const pageSize = wholeNumber(values['page-size'], 'page-size', 1)
    const loadAll = values.all === true
    if (loadAll && pageNo !== undefined) throw new UsageError('--all and --page do not go together')
    // Input errors before any endpoint work: a bad address must not even start the demo network.
    checkInput(addressSchema, address, 'address', 'queryHistory')
    const call = callOptions(ctx)
    await withClient(ctx, values, async (c) => {
      let footer: string
      let page: HistoryPage
      if (loadAll) {
        // Every page; on every chain (no --chain-id) where the dialect has that history (Butter)
        const source = chainId === undefined ? everyChainSource(c) : c
        if (source === null) throw lacks(c.dialect, 'historyAllChains', operationsOf(c))
        const result = await fetchAllHistory(
          source,
          { address, chainId: chainId ?? EVERY_CHAIN },
          {
            ...(pageSize ? { pageSize } : {}),
            ...call,
            onProgress: (p) => {
              if (ctx.io.stderr.isTTY)
                ctx.io.stderr.write(`\rloaded ${p.loaded}/${p.total} (page ${p.pagesDone}/${p.pagesTotal || '?'})`)
            }
          }
        )
        if (ctx.io.stderr.isTTY) ctx.io.stderr.write('\n')
        const arrivals = describeArrivals(result.arrived)
        if (arrivals) ctx.warn(`note: ${arrivals}`)
        for (const doubt of result.doubts) ctx.warn(`warning: ${describeDoubt(doubt)}`)
        if (result.truncated) ctx.warn('warning: stopped at the page limit; the list is incomplete')
        page = { list: result.list, total: result.total }
        footer = `${result.list.length} transfers (total ${result.total}${chainId === undefined ? ', every chain' : ''})`
      } else if (chainId === undefined) {
        // Every chain at once: only a dialect that has it (Butter); the others say so and name what they have.
        if (!c.queryHistoryAllChains) throw lacks(c.dialect, 'historyAllChains', operationsOf(c))
        page = await c.queryHistoryAllChains(
          { address, ...(pageNo ? { pageNo } : {}), ...(pageSize ? { pageSize } : {}) },
          call
        )
        footer = pageFooter(page, pageNo ?? 1, pageSize ?? 10, ', every chain')
      } else {
        page = await c.queryHistory(
          { address, chainId, ...(pageNo ? { pageNo } : {}), ...(pageSize ? { pageSize } : {}) },
          call
        )
        footer = pageFooter(page, pageNo ?? 1, pageSize ?? 10, '')
      }
      for (const r of page.list)
        for (const line of issueLines(`record id ${r.id} (${r.hash})`, r.issues)) ctx.warn(line)
      // a dialect whose records name their received token needs no token list to read them
      if (operationsOf(c).includes('tokens') && !descriptorOf(c.dialect).namesReceivedToken) {
        // Received amounts are in the destination token's decimals, found in the token list; without it
        // they print as their exact wire value marked (raw), never scaled by the source token.
        const tokens = await c.queryTokenList(call).catch(() => {
          ctx.warn('warning: the token list could not be loaded; received amounts are shown raw')
          return null
        })
        withReceivedTokens(page.list, tokens)
      }
      const transfers = page.list.map(transferOfRecord)
      ctx.print(
        values.json
          ? jsonText(transfersJson(transfers, { total: page.totalKnown === false ? null : page.total, ...(loadAll ? {} : { pageNo: pageNo ?? 1, pageSize: pageSize ?? 10 }) }))
          : `${historyTable(transfers, labelsOf(ctx))}${footer}\n`
      )
    })
  }
})

/**
 * An export the app wrote (CSV or JSON, the whole export), read back into our transfer model and printed as a
 * history is: no service is asked, so it works offline. A bad file says which row and column, and prints nothing.
 */
function readExportFile(ctx: CliContext, path: string, json: boolean): void {
  let size: number
  try {
    size = statSync(path).size
  } catch (e) {
    throw new AppError({ kind: 'input', field: 'file', message: `--file ${path}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message}` })
  }
  if (size > MAX_IMPORT_BYTES) throw new AppError({ kind: 'input', field: 'file', message: `--file ${path}: ${size} bytes, more than an export of ten million transfers` })
  let transfers: Transfer[]
  try {
    transfers = readExport(readFileSync(path, 'utf8'))
  } catch (e) {
    throw new AppError({ kind: 'input', field: 'file', message: `--file ${path}: ${(e as Error).message}` })
  }
  ctx.print(json ? jsonText(transfersJson(transfers, { total: transfers.length })) : `${historyTable(transfers, labelsOf(ctx))}${transfers.length} transfers read from ${path}\n`)
}

/** "page 2 of 3 (total 25)", or "page 2 (total not given by this service)" where the service sends none. */
function pageFooter(page: HistoryPage, pageNo: number, size: number, where: string): string {
  if (page.totalKnown === false) return `page ${pageNo} (total not given by this service${where})`
  return `page ${pageNo} of ${Math.max(1, Math.ceil(page.total / size))} (total ${page.total}${where})`
}

export const transfer = command({
  grammar: ONE_WORD,
  name: ['transfer'],
  options: {
    ...COMMON,
    'order-id': { type: 'string' },
    'record-id': { type: 'string' },
    verify: { type: 'boolean' },
    'chain-rpc': { type: 'string', multiple: true }
  },
  arguments: [0, 1],
  overview: {
    synopsis: 'transfer <txHash> | --order-id ID | --record-id N [--verify [--chain-rpc ID=URL]]',
    summary: 'details of one transfer; --verify checks each leg on its chain'
  },
  run: async (ctx, { values, args }) => {
    const orderId = values['order-id']
    const recordId = wholeNumber(values['record-id'], 'record-id', 1)
    if ([args[0], orderId, recordId].filter((v) => v !== undefined).length !== 1) {
      throw new UsageError('transfer takes one of: a transaction hash, --order-id ID, --record-id N')
    }
    const hash = args[0] === undefined ? null : checkInput(txHashSchema, args[0], 'txHash', 'queryBridgeInfo')
    const chainRpc = chainRpcFlags(values['chain-rpc'])
    return withClient(ctx, values, async (c, ep, fetch) => {
      const call = callOptions(ctx)
      const lookUp = (): Promise<TransferDetail> => {
        if (hash !== null) return c.queryBridgeInfo(hash, call)
        if (orderId !== undefined) {
          if (!c.queryByOrderId) throw lacks(c.dialect, 'transferByOrderId', operationsOf(c))
          return c.queryByOrderId(orderId, call)
        }
        if (!c.queryByRecordId) throw lacks(c.dialect, 'transferByRecordId', operationsOf(c))
        return c.queryByRecordId(recordId as number, call)
      }
      const detail = await lookUp()
      for (const line of issueLines(`transfer ${detail.fromHash}`, detail.issues)) ctx.warn(line)
      const labels = labelsOf(ctx)
      const model = transferOfDetail(detail)
      if (!values.verify) return ctx.print(values.json ? jsonText(transferJson(model)) : transferBlock(model, labels))
      const [tokens, chains] = await Promise.all([
        c.queryTokenList(call).catch(() => {
          ctx.warn('warning: the token list could not be loaded; no token can be identified, so no leg that moves one can be confirmed')
          return null
        }),
        c.queryChainList(call).catch(() => {
          ctx.warn("warning: the chain list could not be loaded; only RPCs given with --chain-rpc or in Settings are asked")
          return null
        })
      ])
      const asked = hash !== null ? { hash } : orderId !== undefined ? { orderId } : { recordId: recordId as number }
      const checks = commandChecks(ctx, {
        fetch,
        chainRpc,
        serviceUrls: ep.tokensUrl ? [ep.baseUrl, ep.tokensUrl] : [ep.baseUrl],
        ...(ep.timeoutMs ? { timeoutMs: ep.timeoutMs } : {})
      })
      const check = await checks.checkWith(detail, { tokens, chains }, asked)
      ctx.print(
        values.json
          ? jsonText(transferJson(model, { check, verdict: verdictOf(check) }))
          : transferBlock(model, labels) + checkBlock(check)
      )
      return verifyExitCode(check)
    })
  }
})

export const vault = command({
  grammar: ONE_WORD,
  name: ['vault'],
  options: COMMON,
  arguments: [0, 1],
  overview: { synopsis: 'vault [latest|<epoch>]', summary: 'the TSS vault (epoch as decimal or 0x hex)' },
  run: async (ctx, { values, args }) => {
    const epoch = canonicalEpoch(args[0] ?? 'latest')
    const result = await withClient(ctx, values, (c) => c.getVault(epoch, callOptions(ctx)), 'rpc')
    if (result.records === null) ctx.warn('note: the vault result has an unrecognised shape; shown whole')
    ctx.print(values.json ? jsonText(result) : vaultBlock(result))
  }
})
