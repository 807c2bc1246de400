// compass-tss health servers for tests, answering as cmd/compass/health.go does: GET /ping (200, empty),
// /p2pid (text), /status/p2p and /status/scanner (indented JSON, sent as text/plain like Go's default), one
// server per node on its own loopback address (127.0.0.N) and the one port every node shares, as on a real
// network. A node can go down (its server closes) and come back, its scanner can lag.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface FakeNodeState {
  p2pId: string
  peers: number
  errors: string[] | null
  relayHeight: number
  /** chain name → [chain height, scanner height]; -1 where the node could not read one */
  scanners: Record<string, [number, number]>
}

export interface FakeNode {
  host: string
  state: FakeNodeState
  down(): Promise<void>
  up(): Promise<void>
}

export interface HealthFleet {
  port: number
  nodes: FakeNode[]
  close(): Promise<void>
}

function body(state: FakeNodeState, path: string): string | null {
  if (path === '/ping') return ''
  if (path === '/p2pid') return state.p2pId
  if (path === '/status/p2p') {
    const peers = Array.from({ length: state.peers }, (_, i) => ({
      address: '',
      ip: `10.0.0.${i + 1}`,
      status: '200 OK',
      stored_peer_id: `peer${i}`,
      nodes_peer_id: '',
      returned_peer_id: `peer${i}`,
      p2p_port_open: true,
      p2p_dial_ms: 1
    }))
    return JSON.stringify(
      { relay_height: state.relayHeight, peers, peer_count: state.peers, errors: state.errors },
      null,
      2
    )
  }
  if (path === '/status/scanner') {
    const out: Record<string, unknown> = {}
    for (const [chain, [height, scanned]] of Object.entries(state.scanners)) {
      out[chain] = {
        chain,
        chain_height: height,
        block_scanner_height: scanned,
        scanner_height_diff: height < 0 || scanned < 0 ? -1 : height - scanned
      }
    }
    return JSON.stringify(out, null, 2)
  }
  return null
}

function serve(state: () => FakeNodeState): Server {
  return createServer((req, res) => {
    const text = req.method === 'GET' ? body(state(), (req.url ?? '').split('?')[0] ?? '') : null
    if (text === null) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('404 page not found\n')
      return
    }
    res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end(text)
  })
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((done, fail) => {
    server.once('error', fail)
    server.listen(port, host, () => done((server.address() as AddressInfo).port))
  })
}

/** `count` nodes at 127.0.0.2 … on one port. */
export async function startHealthFleet(
  count: number,
  initial: (i: number) => FakeNodeState
): Promise<HealthFleet> {
  let port = 0
  const nodes: FakeNode[] = []
  for (let i = 0; i < count; i++) {
    const host = `127.0.0.${i + 2}`
    const node: FakeNode & { server: Server | null } = {
      host,
      state: initial(i),
      server: null,
      down: async () => {
        const s = node.server
        node.server = null
        if (!s) return
        // a kept-alive connection would go on answering: a node that is down answers nothing
        const closed = new Promise<void>((done) => s.close(() => done()))
        s.closeAllConnections()
        await closed
      },
      up: async () => {
        if (node.server) return
        const s = serve(() => node.state)
        await listen(s, port, host)
        node.server = s
      }
    }
    const s = serve(() => node.state)
    port = await listen(s, port, host)
    node.server = s
    nodes.push(node)
  }
  return { port, nodes, close: async () => void (await Promise.all(nodes.map((n) => n.down()))) }
}
