// The GET clients' common part (Butter's swap-data API and MAP's Bridge Scan API, each in its own folder):
// every call is a GET with query parameters and the same {code, message, data} envelope; inputs are checked
// before anything is sent, as the original client does.
import { z } from 'zod'
import { AppError } from '@shared/errors'
import type { TransferDetail } from '@shared/schemas/wire'
import type { VaultResult } from '@shared/schemas/vault'
import { checkInput, DEFAULT_MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE } from './inputs'
import { apiUrl, getForText, getJson, httpOptionsOf, httpUrl, type ArrivedBody, type HttpOptions } from './http'
import { unwrapEnvelope } from './envelope'
import { AnswerMemo } from './answer-memo'
import { parseBody } from './lossless-json'
import { lacks, type CallOptions, type ClientOptions, type QueryDialect, type QueryOperation } from './query-client'


export type SuccessorClientOptions = ClientOptions

const pageNoSchema = z.int('a page number is a whole number').min(1, 'pages start at 1')

/** {base}/api/<operation>?<params>, the base's own path prefix kept (as apiUrl does for the original). */
export function getUrl(baseUrl: string, operation: string, params: Record<string, string | number | undefined>): string {
  const url = new URL(apiUrl(baseUrl, operation))
  for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, String(v))
  return url.toString()
}

export abstract class GetClient {
  abstract readonly dialect: QueryDialect
  abstract readonly operations: readonly QueryOperation[]
  readonly maxPageSize: number
  readonly rpcUrls: readonly string[] = []
  protected readonly pageSizeSchema: z.ZodType<number>
  private readonly http: HttpOptions
  /** each transfer's last answer and record: a watch asks every pending transfer every round */
  private readonly details = new AnswerMemo<TransferDetail>()

  constructor(opts: SuccessorClientOptions, largestPage: number) {
    this.maxPageSize = Math.min(opts.maxPageSize ?? DEFAULT_MAX_PAGE_SIZE, largestPage)
    this.pageSizeSchema = z.int('a page size is a whole number').min(1, 'at least 1').max(this.maxPageSize, `at most ${this.maxPageSize}`)
    this.http = httpOptionsOf(opts)
  }

  private httpFor(call: CallOptions): HttpOptions {
    return { ...this.http, ...(call.signal ? { signal: call.signal } : {}) }
  }

  protected async get(baseUrl: string, operation: string, params: Record<string, string | number | undefined>, call: CallOptions): Promise<unknown> {
    return unwrapEnvelope(await getJson(getUrl(baseUrl, operation, params), operation, this.httpFor(call)), operation)
  }

  /** get up to the body text: for a decoder that reads the text its own way (Butter's history page). */
  protected getText(baseUrl: string, operation: string, params: Record<string, string | number | undefined>, call: CallOptions): Promise<ArrivedBody> {
    return getForText(getUrl(baseUrl, operation, params), operation, this.httpFor(call))
  }

  protected page(query: { pageNo?: number | undefined; pageSize?: number | undefined }, op: string): { pageNo: number; pageSize: number } {
    return {
      pageNo: checkInput(pageNoSchema, query.pageNo ?? 1, 'pageNo', op),
      pageSize: checkInput(this.pageSizeSchema, query.pageSize ?? Math.min(DEFAULT_PAGE_SIZE, this.maxPageSize), 'pageSize', op)
    }
  }

  /** One transfer by one query parameter: the value checked (named as `field`), asked, "none" told as such, decoded. */
  protected async lookup<V extends string | number>(
    base: string,
    op: string,
    ask: { field: string; param: string; value: unknown; schema: z.ZodType<V>; what: string },
    decode: (data: unknown, operation: string) => TransferDetail,
    call: CallOptions
  ): Promise<TransferDetail> {
    const value = checkInput(ask.schema, ask.value, ask.field, op)
    const url = getUrl(base, op, { [ask.param]: value })
    const arrived = await getForText(url, op, this.httpFor(call))
    return this.details.decoded(`${url}|${arrived.status}|${arrived.contentType ?? ''}`, arrived.text, (text) => {
      const data = unwrapEnvelope(parseBody(text, op, arrived.status, arrived.contentType), op)
      notFound(data, op, ask.what)
      return decode(data, op)
    })
  }

  getVault(): Promise<VaultResult> {
    return Promise.reject(lacks(this.dialect, 'vault', this.operations))
  }
}

export function checkBase(url: string, field: string): string {
  if (url.trim() === '') throw new AppError({ kind: 'input', field, message: `${field}: no URL is configured` })
  return httpUrl(url, field).toString()
}

/** A single-transfer answer whose `info` is null: the service knows no such transfer. */
export function notFound(data: unknown, operation: string, what: string): void {
  if (data === null || (typeof data === 'object' && data !== null && 'info' in data && data.info === null)) {
    throw new AppError({ kind: 'api', operation, message: `the service knows no transfer with that ${what}` })
  }
}

