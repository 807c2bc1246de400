// Errors cross IPC, the harness's HTTP bridge and the CLI as plain data: kind says what class of failure it
// was, message is shown to the user as is.
export const ERROR_KINDS = [
  'input',
  'network',
  'timeout',
  'http',
  'protocol',
  'api',
  'rpc',
  'decode',
  'cancelled',
  'storage',
  'internal'
] as const
export type ErrorKind = (typeof ERROR_KINDS)[number]

export interface AppErrorData {
  kind: ErrorKind
  message: string
  /** the bridge operation or RPC method, e.g. queryHistory, tss_getVault, or the IPC channel */
  operation?: string
  /** envelope code, JSON-RPC error code or HTTP status */
  code?: number
  /** the input or record field at fault */
  field?: string
}

export class AppError extends Error {
  readonly kind: ErrorKind
  readonly operation?: string
  readonly code?: number
  readonly field?: string

  constructor(data: AppErrorData, options?: { cause?: unknown }) {
    super(data.message, options)
    this.name = 'AppError'
    this.kind = data.kind
    if (data.operation !== undefined) this.operation = data.operation
    if (data.code !== undefined) this.code = data.code
    if (data.field !== undefined) this.field = data.field
  }

  toData(): AppErrorData {
    const out: AppErrorData = { kind: this.kind, message: this.message }
    if (this.operation !== undefined) out.operation = this.operation
    if (this.code !== undefined) out.code = this.code
    if (this.field !== undefined) out.field = this.field
    return out
  }
}

export function isAppErrorData(value: unknown): value is AppErrorData {
  if (typeof value !== 'object' || value === null) return false
  const v = value as Record<string, unknown>
  return typeof v.message === 'string' && (ERROR_KINDS as readonly unknown[]).includes(v.kind)
}

/** Any thrown value as serialisable error data; unknown failures become `internal` with their message only. */
export function toErrorData(error: unknown, operation?: string): AppErrorData {
  if (error instanceof AppError) {
    const data = error.toData()
    if (data.operation === undefined && operation !== undefined) data.operation = operation
    return data
  }
  if (isAppErrorData(error)) return error
  if (error instanceof Error && error.name === 'AbortError') {
    return { kind: 'cancelled', message: 'The request was cancelled.', ...(operation ? { operation } : {}) }
  }
  const message = error instanceof Error ? error.message : String(error)
  return { kind: 'internal', message, ...(operation ? { operation } : {}) }
}

/** One line for people: "queryHistory: the service answered code 500: busy". */
export function describeError(error: AppErrorData): string {
  return error.operation && !error.message.startsWith(error.operation)
    ? `${error.operation}: ${error.message}`
    : error.message
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: AppErrorData }
