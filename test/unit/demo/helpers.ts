// Small HTTP helpers for the sim tests: everything goes over real sockets to 127.0.0.1.
export const AMOUNT_FIELDS_RE =
  /"(amount|inAmount|sending|receiving|[a-z][a-z0-9]*Valume)":(-?\d+(?:\.\d+)?)/g

export async function post(url: string, body?: unknown): Promise<{ status: number; text: string }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body)
  })
  return { status: res.status, text: await res.text() }
}

/** Every amount-like number in the raw text, as written. */
export function rawAmounts(text: string): { field: string; value: string }[] {
  return [...text.matchAll(AMOUNT_FIELDS_RE)].map((m) => ({ field: m[1] ?? '', value: m[2] ?? '' }))
}

/** Parses the wire text with amount numbers turned into their exact text, as the app's client does. */
export function parseLossless(text: string): unknown {
  return JSON.parse(text.replace(AMOUNT_FIELDS_RE, '"$1":"$2"'))
}

export interface Envelope<T> {
  code: number
  message: string
  data: T
}

export function rpcBody(params: unknown, id: unknown = 1, method = 'tss_getVault'): string {
  return JSON.stringify({ jsonrpc: '2.0', method, params, id })
}
