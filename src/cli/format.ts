// Human output of the CLI: aligned plain-text tables and key/value blocks. Amounts go through
// formatAmount with the token's own decimals; when the token detail could not be decoded the raw wire
// text is shown, marked "(raw)", rather than a guess.
import { escapeJsonForTerminal } from '@shared/terminal-text'
import { dateTimeText, durationMsText, stableValueText, typeText } from '@shared/format'
import { OUTCOME_WORDS } from '@shared/outcome'
import { NOT_PROVIDED } from '@shared/schemas/origin'
import type { Settings } from '@shared/schemas/settings'
import { amountWords, lacksField, transferDeliveryMs, transferStateText, TRANSFER_MODEL_VERSION, type ModelLeg, type Transfer } from '@shared/transfer'
import type { ChainRecord, DecodeIssue, TokenList } from '@shared/schemas/wire'
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

/** A leg's chain as a person reads it: its name where the service gives one, else its id. */
function chainWords(leg: ModelLeg): string {
  return leg.chainName ?? (leg.chainId === null ? '?' : `chain ${leg.chainId}`)
}

/** The received amount, with its token's symbol where it is another token than the one sent (a swap). */
function receivedWords(t: Transfer): string {
  const other = t.received.token?.symbol && t.received.token.symbol !== t.sent.token?.symbol
  return amountWords(t.received, { symbol: !!other })
}

export function historyTable(list: readonly Transfer[], labels: Labels): string {
  const rows = list.map((t) => [
    t.id === null ? '-' : String(t.id),
    t.times.sent === null ? '-' : dateTimeText(Date.parse(t.times.sent)).replace(/ UTC$/, ''),
    `${chainWords(t.legs.source)} → ${chainWords(t.legs.destination)}`,
    t.sent.token?.symbol ?? '?',
    amountWords(t.sent),
    receivedWords(t),
    t.stable ? stableValueText(t.stable.value) : '-',
    transferStateText(t, labels.state),
    OUTCOME_WORDS[t.outcome],
    t.type === null ? '-' : typeText(t.type, labels.type),
    t.hash
  ])
  const stableHead = list.find((t) => t.stable)?.stable?.symbol ?? 'STABLE'
  return table(
    ['ID', 'TIME (UTC)', 'ROUTE', 'TOKEN', 'AMOUNT', 'RECEIVED', stableHead, 'STATE', 'OUTCOME', 'TYPE', 'HASH'],
    rows,
    new Set([0, 4, 5, 6])
  )
}

/**
 * A height as the service gave it: one it does not provide is said so, and none (its "not known", 0 on the
 * wire) is not written as a block number a reader would take for a measurement.
 */
function heightText(n: number | null, t: Transfer, field: string): string {
  if (lacksField(t, field)) return NOT_PROVIDED
  return n === null ? 'not known' : String(n)
}

function legLine(leg: ModelLeg, t: Transfer, heightField: string, confirmField: string): string {
  if (leg.hash === null) return '-'
  return `${leg.hash} height ${heightText(leg.height, t, heightField)} confirmed ${heightText(leg.confirmHeight, t, confirmField)}`
}

function timeWords(iso: string | null, t: Transfer, field: string): string {
  if (iso !== null) return dateTimeText(Date.parse(iso))
  return lacksField(t, field) ? NOT_PROVIDED : 'not known'
}

export function transferBlock(t: Transfer, labels: Labels): string {
  const token = t.sent.token
  const relay = t.legs.relay
  const delivery = transferDeliveryMs(t)
  return keyValues([
    ['Token', token === null || token.symbol === null ? NOT_PROVIDED : `${token.symbol}${token.name || token.address ? ` (${[token.name, token.address].filter(Boolean).join(', ')})` : ''}`],
    ['From', `${chainWords(t.legs.source)} (${t.legs.source.chainId ?? '?'}) ${t.sender ?? '-'}`],
    ['To', `${chainWords(t.legs.destination)} (${t.legs.destination.chainId ?? '?'}) ${t.receiver ?? '-'}`],
    ['Sending', amountWords(t.sent, { symbol: true })],
    ['Receiving', amountWords(t.received, { symbol: true })],
    ...(t.fee ? [['Fee', amountWords(t.fee, { symbol: true })] as const] : []),
    ['Outcome', OUTCOME_WORDS[t.outcome]],
    ['State', transferStateText(t, labels.state)],
    ['Type', t.type === null ? NOT_PROVIDED : typeText(t.type, labels.type)],
    ['Sent', timeWords(t.times.sent, t, 'timestamp')],
    ['Updated', timeWords(t.times.updated, t, 'updatedAt')],
    ['Duration', delivery === null ? '-' : durationMsText(delivery)],
    ['Source tx', legLine(t.legs.source, t, 'fromHeight', 'confirmHeight')],
    ['Relayer', relay ? `${chainWords(relay)}${relay.chainId === null ? '' : ` (${relay.chainId})`} height ${relay.height ?? '-'} ${relay.hash ?? '-'}` : '-'],
    ['Receive tx', legLine(t.legs.destination, t, 'transferInHeight', 'transferInConfirmHeight')]
  ])
}

/**
 * What --json writes of transfers: our model (src/shared/transfer.ts), versioned, the same fields whichever service
 * answered. `format` names the shape, `version` its version (TRANSFER_MODEL_VERSION); README documents both.
 */
export function transfersJson(transfers: readonly Transfer[], page: { total: number | null; pageNo?: number; pageSize?: number }): unknown {
  return { format: 'bridgescope.transfers', version: TRANSFER_MODEL_VERSION, total: page.total, ...(page.pageNo ? { pageNo: page.pageNo, pageSize: page.pageSize } : {}), transfers }
}

export function transferJson(t: Transfer, extra: Record<string, unknown> = {}): unknown {
  return { format: 'bridgescope.transfer', version: TRANSFER_MODEL_VERSION, transfer: t, ...extra }
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
