// Human output of the CLI: aligned plain-text tables and key/value blocks. Amounts go through
// formatAmount with the token's own decimals; when the token detail could not be decoded the raw wire
// text is shown, marked "(raw)", rather than a guess.
import { escapeJsonForTerminal } from '@shared/terminal-text'
import { amountText, detailReceivedAmount, detailSentAmount, receivedAmount, sentAmount, type ReadAmount } from '@shared/amounts'
import { notReceivedText, receivedKnown, stableValueText, stateText, typeText } from '@shared/format'
import { OUTCOME_WORDS } from '@shared/outcome'
import { NOT_PROVIDED, notProvided, type TransferOrigin } from '@shared/schemas/origin'
import type { Settings } from '@shared/schemas/settings'
import { relayerLeg } from '@shared/transfer-legs'
import { notDelivered, outcomeOf } from '@shared/states'
import type { ChainRecord, DecodeIssue, TokenList, TransferDetail, TransferRecord } from '@shared/schemas/wire'
import type { JsonValue, VaultResult } from '@shared/schemas/vault'

export type Row = readonly string[]

/** The user's state and type labels (Settings → Labels), read through the app's store; defaults without one. */
export type Labels = Pick<Settings['labels'], 'state' | 'type'>

/** Columns padded to their widest cell; numbers-like columns listed in `right` are right-aligned. */
export function table(header: Row, rows: readonly Row[], right: ReadonlySet<number> = new Set()): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)))
  const line = (r: Row): string =>
    r
      .map((cell, i) => (right.has(i) ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd()
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n') + '\n'
}

export function keyValues(pairs: readonly (readonly [string, string])[]): string {
  const width = Math.max(...pairs.map(([k]) => k.length))
  return pairs.map(([k, v]) => `${k.padEnd(width)}  ${v}`).join('\n') + '\n'
}

/** An amount in token units when the decimals are known, else the wire text marked raw. */
export function readText(a: ReadAmount, withSymbol = false): string {
  const t = amountText(a, { symbol: withSymbol })
  return t.raw ? `${t.text} (raw)` : t.text
}

function text(v: unknown): string {
  if (v === null || v === undefined) return '-'
  return typeof v === 'string' ? v : JSON.stringify(v)
}

export function chainsTable(chains: readonly ChainRecord[]): string {
  return table(
    ['CHAIN ID', 'NAME', 'CHAIN', 'CONTRACT', 'EXPLORER'],
    chains.map((c) => [String(c.chainId), c.chainName, c.chain, c.contract, c.scanUrl]),
    new Set([0])
  )
}

export function tokensTable(list: TokenList): string {
  const rows: Row[] = []
  for (const [chainId, tokens] of Object.entries(list)) {
    for (const t of tokens) {
      rows.push([chainId, t.symbol, t.name, String(t.decimal), t.address, t.isMint ? 'yes' : 'no', t.vaultToken ?? '-'])
    }
  }
  return table(['CHAIN ID', 'SYMBOL', 'NAME', 'DECIMALS', 'ADDRESS', 'MINT', 'VAULT TOKEN'], rows, new Set([0, 3]))
}

export function historyTable(list: readonly TransferRecord[], labels: Labels): string {
  const rows = list.map((r) => {
    const symbol = r.tokenObject?.symbol
    return [
      String(r.id),
      r.timestamp,
      `${r.fromChainid} → ${r.toChainid}`,
      symbol ?? '?',
      readText(sentAmount(r)),
      receivedKnown(r) || notProvided(r.origin, 'inAmount') ? readText(receivedAmount(r)) : notReceivedText(r),
      r.stable ? stableValueText(r.stable.value) : '-',
      stateText(r, labels.state),
      OUTCOME_WORDS[outcomeOf(r)],
      notProvided(r.origin, 'type') ? '-' : typeText(r.type, labels.type),
      r.hash
    ]
  })
  const stableHead = list.find((r) => r.stable)?.stable?.symbol ?? 'STABLE'
  return table(
    ['ID', 'TIME (UTC)', 'ROUTE', 'TOKEN', 'AMOUNT', 'RECEIVED', stableHead, 'STATE', 'OUTCOME', 'TYPE', 'HASH'],
    rows,
    new Set([0, 4, 5, 6])
  )
}

/**
 * A height as the service gave it: one it does not provide is said so, and 0 (its "not known") is not written
 * as a block number a reader would take for a measurement.
 */
function heightText(n: number | null, origin: TransferOrigin | undefined, field: string): string {
  if (notProvided(origin, field)) return NOT_PROVIDED
  return n === null || n <= 0 ? 'not known' : String(n)
}

/** What a detail says was received: the amount once delivered, else why nothing is known to have arrived. */
function receivingText(d: TransferDetail): string {
  if (notDelivered(d, d.transferInHash)) return 'unknown (not received yet)'
  if (!d.transferInHash && outcomeOf(d) !== 'delivered') return notReceivedText(d)
  return readText(detailReceivedAmount(d), true)
}

export function transferBlock(d: TransferDetail, labels: Labels): string {
  const token = d.tokenObject
  const leg = relayerLeg(d)
  const relayer = leg ? `${leg.chainName}${leg.chainId === null ? '' : ` (${leg.chainId})`} height ${text(leg.height)} ${text(leg.hash)}` : '-'
  return keyValues([
    ['Token', `${d.coin}${token ? ` (${token.name}, ${token.address})` : ''}`],
    ['From', `${d.fromChainName} (${d.fromChainId}) ${d.from}`],
    ['To', `${d.toChainName} (${d.toChainId}) ${d.to}`],
    ['Sending', readText(detailSentAmount(d), true)],
    ['Receiving', receivingText(d)],
    ['Outcome', OUTCOME_WORDS[outcomeOf(d)]],
    ['State', stateText(d, labels.state)],
    ['Type', notProvided(d.origin, 'type') ? NOT_PROVIDED : typeText(d.type, labels.type)],
    ['Source tx', `${d.fromHash} height ${heightText(d.fromHeight, d.origin, 'fromHeight')} confirmed ${heightText(d.confirmHeight, d.origin, 'confirmHeight')}`],
    ['Relayer', relayer],
    [
      'Receive tx',
      d.transferInHash
        ? `${d.transferInHash} height ${heightText(d.transferInHeight, d.origin, 'transferInHeight')} confirmed ${heightText(d.transferInConfirmHeight, d.origin, 'transferInConfirmHeight')}`
        : '-'
    ]
  ])
}

export function vaultBlock(v: VaultResult): string {
  if (v.records === null) {
    return `Vault (${v.query}): result of an unrecognised shape, shown as sent:\n${JSON.stringify(v.raw, null, 2)}\n`
  }
  const parts = v.records.map((r) => {
    const head = keyValues([
      ['Epoch', text(r.epoch)],
      ['Status', text(r.status)],
      ['Public key', text(r.public_key)],
      ['Chains', Array.isArray(r.chains) ? r.chains.map((c) => text(c)).join(', ') : '-']
    ])
    const addresses = r.addresses?.length
      ? table(['CHAIN', 'ADDRESS'], r.addresses.map((a) => [String(a.chain), a.address]))
      : ''
    return head + addresses
  })
  return `Vault (${v.query})\n\n${parts.join('\n')}`
}

/** One warning line per undecodable field: names the record and the field. */
export function issueLines(what: string, issues: readonly DecodeIssue[]): string[] {
  return issues.map((i) => `warning: ${what}: field ${i.field} could not be decoded (${i.reason})`)
}

/**
 * JSON for --json: two-space indent; exact amounts are already strings. Control characters JSON.stringify
 * leaves raw (C1, bidi) are written as \u escapes: the same JSON value, nothing a terminal acts on.
 */
export function jsonText(value: unknown): string {
  return escapeJsonForTerminal(JSON.stringify(value as JsonValue, null, 2)) + '\n'
}
