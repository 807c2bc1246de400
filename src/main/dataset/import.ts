// An export read back into our transfer model: the whole export of a loaded history (CSV or JSON, as export.ts
// writes it) gives each transfer's exact amounts, its sent and received tokens, its outcome, state, legs and
// times again. A file is untrusted input: every row is judged by zod, a refusal names the row and the column,
// and nothing is half-read — a file with one bad row gives no rows.
import { z } from 'zod'
import { AppError } from '@shared/errors'
import { decimalToString, parseDecimal, shiftDecimal } from '@shared/decimal'
import { DEFAULT_DIALECT, dialectSchema } from '@shared/dialects'
import { outcomeSchema } from '@shared/outcome'
import { NOT_PROVIDED } from '@shared/schemas/origin'
import { isoOfMs, MISSING, TRANSFER_MODEL_VERSION, transferSchema, type ModelAmount, type ModelToken, type Transfer } from '@shared/transfer'
import { EXPORT_COLUMNS, type ExportColumn } from './export'

/** Rows read at most: ten times the largest history anyone loads (a million rows). */
export const MAX_IMPORT_ROWS = 10_000_000
/** Bytes read at most: an export of ten million rows is ~5 GB; past a gigabyte a file is refused before it is read. */
export const MAX_IMPORT_BYTES = 1024 * 1024 * 1024

const cellText = z.union([z.string(), z.number(), z.null()]).transform((v) => (v === null ? null : String(v)))
const decimalText = z.string().regex(/^-?\d+(\.\d+)?$/, 'an exact decimal number')
const optionalDecimal = cellText.pipe(z.union([decimalText, z.null()]))
const optionalInt = cellText.pipe(z.union([z.string().regex(/^-?\d+$/, 'a whole number').transform(Number), z.null()]))
const optionalText = cellText.transform((v) => (v === '' ? null : v))

/** One exported row as export.ts writes it; every column of the whole export must be there (a visible-columns export cannot be read back). */
const rowSchema = z.object({
  timestamp: optionalText,
  hash: z.string().min(1, 'a transfer needs its source hash'),
  fromChainId: optionalInt,
  fromChain: optionalText,
  toChainId: optionalInt,
  toChain: optionalText,
  token: optionalText,
  tokenAddress: optionalText,
  amountWire: optionalText,
  amount: optionalDecimal,
  amountDecimals: optionalInt,
  receivedWire: optionalText,
  received: optionalDecimal,
  receivedToken: optionalText,
  receivedTokenAddress: optionalText,
  receivedDecimals: optionalInt,
  stableSymbol: optionalText,
  stableValue: optionalDecimal,
  state: optionalText,
  outcome: outcomeSchema,
  type: optionalText,
  from: optionalText,
  to: optionalText,
  relayerHash: optionalText,
  transferinHash: optionalText,
  orderId: optionalText,
  durationSeconds: optionalDecimal,
  service: optionalText.pipe(z.union([dialectSchema, z.null()]))
} satisfies Record<ExportColumn, z.ZodType>)
type Row = z.infer<typeof rowSchema>

/** "2026-11-27 02:37:05 UTC" → ISO 8601 UTC; null for none; an error for anything else. */
function isoOf(text: string | null): string | null {
  if (text === null) return null
  const m = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}) UTC$/.exec(text)
  if (!m) throw new Error(`a time written as "YYYY-MM-DD HH:MM:SS UTC", got "${text.slice(0, 40)}"`)
  return `${m[1]}T${m[2]}Z`
}

/** "Complete (1)" / "State 7" / "State not provided by this service" → the number and the word. */
function stateOf(text: string | null): Transfer['state'] {
  if (text === null || text === `State ${NOT_PROVIDED}`) return { number: null, word: null }
  const bare = /^State (-?\d+)$/.exec(text)
  if (bare) return { number: Number(bare[1]), word: null }
  const named = /^(.*) \((-?\d+)\)$/.exec(text)
  if (named) return { number: Number(named[2]), word: named[1] ?? null }
  throw new Error(`a state written as "Word (n)" or "State n", got "${text.slice(0, 40)}"`)
}

function typeOf(text: string | null): number | null {
  if (text === null) return null
  const m = /^(?:Type (-?\d+)|.* \((-?\d+)\))$/.exec(text)
  if (!m) throw new Error(`a type written as "Type n" or "Word (n)", got "${text.slice(0, 40)}"`)
  return Number(m[1] ?? m[2])
}

function token(symbol: string | null, address: string | null, decimals: number | null): ModelToken | null {
  return symbol === null && address === null && decimals === null ? null : { symbol, address, decimals }
}

/** The unit the wire digits were in: the value itself (token units), or the value scaled by the decimals. */
function unitOf(wire: string, value: string | null, decimals: number | null): ModelAmount['unit'] {
  if (value === null) return 'smallest'
  const canonical = (t: string): string | null => {
    try {
      return decimalToString(parseDecimal(t))
    } catch {
      return null
    }
  }
  if (canonical(wire) === value) return 'token'
  if (decimals !== null && canonical(decimalToString(shiftDecimal(parseDecimal(wire), decimals))) === value) return 'smallest'
  return 'token'
}

function amount(tok: ModelToken | null, value: string | null, wire: string | null, missing: string): ModelAmount {
  const exact = value === null ? null : decimalToString(parseDecimal(value))
  if (wire === null) return { token: tok, value: exact, wire: null, unit: null, missing: exact === null ? missing : null }
  return { token: tok, value: exact, wire, unit: unitOf(wire, exact, tok?.decimals ?? null), missing: null }
}

function receivedMissing(outcome: Transfer['outcome']): string {
  return outcome === 'refunded' ? MISSING.refunded : outcome === 'failed' ? MISSING.failed : outcome === 'in-flight' ? MISSING.notYet : MISSING.unknown
}

function transferOfRow(r: Row): Transfer {
  const sent = isoOf(r.timestamp)
  const updated = sent !== null && r.durationSeconds !== null ? isoOfMs(Date.parse(sent) + Number(r.durationSeconds) * 1000) : null
  const leg = (role: 'source' | 'relay' | 'destination', chainId: number | null, chainName: string | null, hash: string | null, time: string | null) => ({
    role,
    chainId,
    chainName,
    hash,
    height: null,
    confirmHeight: null,
    time,
    explorer: null
  })
  return {
    version: TRANSFER_MODEL_VERSION,
    dialect: r.service ?? DEFAULT_DIALECT,
    hash: r.hash,
    id: null,
    orderId: r.orderId,
    sender: r.from,
    receiver: r.to,
    legs: {
      source: leg('source', r.fromChainId, r.fromChain, r.hash, sent),
      relay: r.relayerHash ? leg('relay', null, null, r.relayerHash, null) : null,
      destination: leg('destination', r.toChainId, r.toChain, r.transferinHash, r.outcome === 'delivered' ? updated : null)
    },
    sent: amount(token(r.token, r.tokenAddress, r.amountDecimals), r.amount, r.amountWire, MISSING.notProvided),
    received: amount(token(r.receivedToken, r.receivedTokenAddress, r.receivedDecimals), r.received, r.receivedWire, receivedMissing(r.outcome)),
    fee: null,
    stable: r.stableSymbol !== null && r.stableValue !== null ? { symbol: r.stableSymbol, value: decimalToString(parseDecimal(r.stableValue)) } : null,
    state: stateOf(r.state),
    outcome: r.outcome,
    type: typeOf(r.type),
    times: { sent, updated },
    notProvided: [],
    issues: []
  }
}

/** The cells of a CSV text (RFC 4180 quoting), with the export's formula guard (a leading ') taken off again. */
export function csvRows(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  const endCell = (): void => {
    row.push(/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell)
    cell = ''
  }
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"'
        i++
      } else if (c === '"') quoted = false
      else cell += c
    } else if (c === '"' && cell === '') quoted = true
    else if (c === ',') endCell()
    else if (c === '\n' || (c === '\r' && text[i + 1] === '\n')) {
      if (c === '\r') i++
      endCell()
      rows.push(row)
      row = []
      if (rows.length > MAX_IMPORT_ROWS + 1) throw new AppError({ kind: 'input', message: `the file holds more than ${MAX_IMPORT_ROWS} rows` })
    } else cell += c
  }
  if (quoted) throw new AppError({ kind: 'input', message: 'the CSV ends inside a quoted cell' })
  if (cell !== '' || row.length > 0) {
    endCell()
    rows.push(row)
  }
  return rows
}

function objectsOfCsv(text: string): unknown[] {
  const [header, ...rows] = csvRows(text)
  if (!header) return []
  const missing = EXPORT_COLUMNS.filter((c) => !header.includes(c))
  if (missing.length > 0) {
    throw new AppError({ kind: 'input', message: `not a whole Bridgescope export: the header lacks ${missing.join(', ')} (an export of the visible columns only cannot be read back)` })
  }
  return rows.map((cells, i) => {
    if (cells.length !== header.length) throw new AppError({ kind: 'input', message: `row ${i + 1}: ${cells.length} cells where the header names ${header.length}` })
    return Object.fromEntries(header.map((h, k) => [h, cells[k] === '' ? null : cells[k]]))
  })
}

/** The transfers of an export (CSV or JSON, told apart by their first character), or an error naming the row and column. */
export function readExport(text: string): Transfer[] {
  const body = text.replace(/^\uFEFF/, '').trimStart()
  let objects: unknown[]
  if (body.startsWith('[')) {
    let parsed: unknown
    try {
      parsed = JSON.parse(body)
    } catch (e) {
      throw new AppError({ kind: 'input', message: `the JSON export does not parse: ${(e as Error).message}` })
    }
    if (!Array.isArray(parsed)) throw new AppError({ kind: 'input', message: 'a JSON export is an array of rows' })
    objects = parsed
  } else objects = objectsOfCsv(body)
  if (objects.length > MAX_IMPORT_ROWS) throw new AppError({ kind: 'input', message: `the file holds more than ${MAX_IMPORT_ROWS} rows` })
  return objects.map((o, i) => {
    const row = rowSchema.safeParse(o)
    if (!row.success) {
      const issue = row.error.issues[0]
      throw new AppError({ kind: 'input', field: String(issue?.path[0] ?? ''), message: `row ${i + 1}, column ${String(issue?.path[0] ?? '?')}: ${issue?.message ?? 'invalid'}` })
    }
    try {
      return transferSchema.parse(transferOfRow(row.data))
    } catch (e) {
      throw new AppError({ kind: 'input', message: `row ${i + 1}: ${(e as Error).message}` })
    }
  })
}
