// How each fault kind turns into bytes on the socket. Kinds that make no sense for an operation (rpcError
// and badId on the /api operations) are ignored for it.
import type { ServerResponse } from 'node:http'
import { RawJson, writeJson, type WireValue } from '../../src/demo/json'
import type { RpcId } from '../../src/demo/core'
import { send } from '../../src/demo/respond'

const JSON_TYPE = 'application/json;charset=UTF-8'

export function sendHtml502(res: ServerResponse): void {
  send(
    res,
    502,
    '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n' +
      '<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n',
    'text/html'
  )
}

/** Half of a valid body, with a Content-Length that matches the half: the HTTP exchange is clean, the JSON is not. */
export function sendTruncated(res: ServerResponse, text: string): void {
  const body = Buffer.from(text, 'utf8')
  const half = body.subarray(0, Math.floor(body.length / 2))
  res.writeHead(200, { 'Content-Type': JSON_TYPE, 'Content-Length': half.length })
  res.end(half)
}

/** Rewrites a valid answer so some fields carry the wrong JSON type (counts and ids become strings etc.). */
export function withWrongTypes(text: string): string {
  return text
    .replace(/"total":\d+/g, '"total":"x"')
    .replace(/"(chainId|fromChainid|toChainid|fromChainId|toChainId)":\d+/g, '"$1":"abc"')
    .replace(/"epoch":\d+/g, '"epoch":true')
    .replace(/"public_key":"0x[0-9a-f]+"/g, '"public_key":42')
    .replace(/"(amount|sending)":[\d.]+/g, '"$1":"lots"')
}

/** The same answer addressed to another request. */
export function withOtherId(text: string, id: RpcId): string {
  const other: WireValue = typeof id === 'number' ? id + 1000 : id === null ? 7777 : `${id}-other`
  const parsed = JSON.parse(text) as Record<string, unknown>
  return writeJson({ jsonrpc: '2.0', id: other, ...rawRest(parsed) })
}

function rawRest(parsed: Record<string, unknown>): Record<string, WireValue> {
  const out: Record<string, WireValue> = {}
  for (const [k, v] of Object.entries(parsed))
    if (k !== 'jsonrpc' && k !== 'id') out[k] = new RawJson(JSON.stringify(v))
  return out
}

/**
 * Streams a body of about `mb` MiB: prefix, `item` repeated, suffix. Nothing the size of the body is built;
 * writes wait for 'drain', and stop when the client goes away.
 */
export async function streamHuge(
  res: ServerResponse,
  mb: number,
  prefix: string,
  item: string,
  suffix: (count: number) => string
): Promise<void> {
  const target = Math.ceil(mb * 1024 * 1024)
  const count = Math.max(1, Math.ceil(target / (item.length + 1)))
  res.writeHead(200, { 'Content-Type': JSON_TYPE })
  const perChunk = Math.max(1, Math.floor(65536 / (item.length + 1)))
  let written = 0
  let chunk = prefix
  while (written < count) {
    if (res.destroyed) return
    const n = Math.min(perChunk, count - written)
    const parts: string[] = []
    for (let k = 0; k < n; k++) parts.push(written + k === 0 ? item : ',' + item)
    chunk += parts.join('')
    written += n
    if (!res.write(chunk)) {
      await new Promise<void>((resolve) => {
        const done = (): void => {
          res.off('drain', done)
          res.off('close', done)
          resolve()
        }
        res.on('drain', done)
        res.on('close', done)
      })
    }
    chunk = ''
  }
  res.end(suffix(count))
}
