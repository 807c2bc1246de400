// A loopback service that answers every operation with a well-formed envelope (or a JSON-RPC answer with the
// right id) whose payload is 100,000 levels of `[`: right where the chain list, token list, history page,
// transfer or vault record should be. Shared by the unit and the e2e deep-nesting tests.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export const nested = (levels: number, inner = '1'): string => '['.repeat(levels) + inner + ']'.repeat(levels)

export async function startDeepServer(levels = 100_000): Promise<{ base: string; close(): Promise<void> }> {
  const deep = nested(levels)
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' })
      if (req.url === '/rpc') {
        const { id } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: number }
        res.end(`{"jsonrpc":"2.0","id":${id},"result":${deep}}`)
      } else if (/query(TokenList|ChainList|History)$/.test(req.url ?? '')) {
        res.end(`{"code":200,"message":"success","data":{"list":${deep},"total":1}}`)
      } else res.end(`{"code":200,"message":"success","data":${deep}}`)
    })
  })
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((ok) => server.close(() => ok()))
  }
}
