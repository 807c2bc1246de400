// A dishonest JSON-RPC on 127.0.0.1 in front of a real node (anvil): every call goes to the node, and its
// answers come back bent the way the test says. It can forge receipts (another transaction's receipt, a
// receipt from an orphaned block, a block past the head, a status flipped), inflate the head, reorder,
// duplicate (with a forged second reply) and drop batch replies, add replies to ids never asked, and pad a
// body past any size cap. What it cannot do is make the node's own blocks say something else: that is what
// a chain check's proofs lean on.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface RpcCall {
  jsonrpc: string
  id: number
  method: string
  params: unknown[]
}
export interface RpcReply {
  jsonrpc: '2.0'
  id: unknown
  result?: unknown
  error?: unknown
}

/** How the proxy lies; every part optional, changed between tests with `lie`. */
export interface Lies {
  /** asks the node for another transaction's receipt in place of this one's (hash → hash) */
  receiptOf?: Record<string, string>
  /** bends each receipt the node answered (a forged blockHash, blockNumber, status, logs…) */
  receipt?: (receipt: Record<string, unknown>) => Record<string, unknown>
  /** added to the head the node answers (eth_blockNumber) */
  inflateHead?: number
  /** the whole array of a batch's replies, bent: reordered, duplicated, dropped, foreign ids added */
  batch?: (replies: RpcReply[], calls: RpcCall[]) => RpcReply[]
  /** a single call's reply, bent (a wrong id) */
  single?: (reply: RpcReply, call: RpcCall) => RpcReply
  /** spaces appended to every body */
  padBytes?: number
}

export interface LyingRpc {
  url: string
  lie(lies: Lies): void
  /** every HTTP request seen: a batch or not, with its methods */
  readonly seen: { batch: boolean; methods: string[] }[]
  close(): Promise<void>
}

async function forward(upstream: string, body: unknown): Promise<unknown> {
  const res = await fetch(upstream, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  return res.json()
}

export async function startLyingRpc(upstream: string): Promise<LyingRpc> {
  let lies: Lies = {}
  const seen: { batch: boolean; methods: string[] }[] = []
  const answer = async (calls: RpcCall[]): Promise<RpcReply[]> => {
    const asked = calls.map((c) => {
      const other = c.method === 'eth_getTransactionReceipt' ? lies.receiptOf?.[String(c.params[0]).toLowerCase()] : undefined
      return other ? { ...c, params: [other] } : c
    })
    const replies = (await forward(upstream, asked)) as RpcReply[]
    const byId = new Map(replies.map((r) => [r.id, r]))
    return calls.map((c) => {
      const r = { ...(byId.get(c.id) as RpcReply) }
      if (c.method === 'eth_getTransactionReceipt' && r.result && lies.receipt) r.result = lies.receipt(r.result as Record<string, unknown>)
      if (c.method === 'eth_blockNumber' && typeof r.result === 'string' && lies.inflateHead) r.result = `0x${(BigInt(r.result) + BigInt(lies.inflateHead)).toString(16)}`
      return r
    })
  }
  const server: Server = createServer((req, res) => {
    let text = ''
    req.on('data', (c: Buffer) => (text += c.toString()))
    req.on('end', () => {
      const parsed = JSON.parse(text) as RpcCall | RpcCall[]
      const batch = Array.isArray(parsed)
      const calls = batch ? parsed : [parsed]
      seen.push({ batch, methods: calls.map((c) => c.method) })
      answer(calls).then(
        (replies) => {
          let body: unknown
          if (batch) body = lies.batch ? lies.batch(replies, calls) : replies
          else body = lies.single ? lies.single(replies[0]!, calls[0]!) : replies[0]
          res.writeHead(200, { 'content-type': 'application/json' })
          res.end(JSON.stringify(body) + ' '.repeat(lies.padBytes ?? 0))
        },
        (error: unknown) => {
          res.writeHead(502, { 'content-type': 'text/plain' })
          res.end(String(error))
        }
      )
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    lie: (l) => {
      lies = l
    },
    seen,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections()
        server.close(() => r())
      })
  }
}
