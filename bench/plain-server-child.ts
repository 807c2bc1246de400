// The reference for metrics_scrape_vs_bare: a plain Node HTTP server in a process of its own (the watcher's
// kind of process), answering every GET with the same fixed text of the size the watcher's exposition has.
// Prints {url} as one JSON line; ends when stdin closes.
//   node out/bench/plain-server-child.js <bytes>
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

const bytes = Math.max(1, Number(process.argv[2] ?? 1000))
const body = Buffer.from('# plain\n'.padEnd(bytes, 'x'))
const server = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'text/plain; version=0.0.4; charset=utf-8', 'content-length': String(body.length) })
  res.end(body)
})
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${port}/metrics` })}\n`)
})
const stop = (): void => {
  server.close(() => process.exit(0))
  server.closeAllConnections()
}
process.stdin.on('end', stop)
process.stdin.on('close', stop)
process.stdin.resume()
process.on('SIGTERM', stop)
