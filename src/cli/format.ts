// Human output of the CLI: aligned plain-text tables and key/value blocks. Amounts go through
// formatAmount with the token's own decimals; when the token detail could not be decoded the raw wire
// text is shown, marked "(raw)", rather than a guess.
import { escapeJsonForTerminal } from '@shared/terminal-text'
import { amountText, receivedAmount, sentAmount, type ReadAmount } from '@shared/amounts'
import { formatDecimal } from '@shared/decimal'
import { relayerLeg } from '@shared/transfer-legs'
import type { ChainRecord, DecodeIssue, TokenList, TransferDetail, TransferRecord } from '@shared/schemas/wire'
import type { JsonValue, VaultResult } from '@shared/schemas/vault'

export type Row = readonly string[]

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

export function historyTable(list: readonly TransferRecord[]): string {
  const rows = list.map((r) => {
    const symbol = r.tokenObject?.symbol
    return [
      String(r.id),
      r.timestamp,
      `${r.fromChainid} → ${r.toChainid}`,
      symbol ?? '?',
      readText(sentAmount(r)),
      readText(receivedAmount(r)),
      r.stable ? formatDecimal(r.stable.value, { maxFractionDigits: 2 }) : '-',
      String(r.state),
      String(r.type),
      r.hash
    ]
  })
  const stableHead = list.find((r) => r.stable)?.stable?.symbol ?? 'STABLE'
  return table(
    ['ID', 'TIME', 'ROUTE', 'TOKEN', 'AMOUNT', 'RECEIVED', stableHead, 'STATE', 'TYPE', 'HASH'],
    rows,
    new Set([0, 4, 5, 6, 7, 8])
  )
}

export function transferBlock(d: TransferDetail): string {
  const token = d.tokenObject
  const leg = relayerLeg(d)
  const relayer = leg ? `${leg.chainName}${leg.chainId === null ? '' : ` (${leg.chainId})`} height ${text(leg.height)} ${text(leg.hash)}` : '-'
  return keyValues([
    ['Token', `${d.coin}${token ? ` (${token.name}, ${token.address})` : ''}`],
    ['From', `${d.fromChainName} (${d.fromChainId}) ${d.from}`],
    ['To', `${d.toChainName} (${d.toChainId}) ${d.to}`],
    ['Sending', readText({ wire: d.sending, decimals: d.fromDecimal, symbol: d.coin }, true)],
    ['Receiving', readText({ wire: d.receiving, decimals: d.receiveDecimal, symbol: d.coin }, true)],
    ['State', String(d.state)],
    ['Type', String(d.type)],
    ['Source tx', `${d.fromHash} height ${d.fromHeight} confirmed ${d.confirmHeight}`],
    ['Relayer', relayer],
    ['Receive tx', `${d.transferInHash} height ${d.transferInHeight} confirmed ${d.transferInConfirmHeight}`]
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
