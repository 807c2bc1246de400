// A loopback proxy in front of the harness's demo network that rewrites every display string and URL of the
// wire records into hostile content: HTML, <script>, event handlers, javascript: and data: URLs. It edits
// the text (also inside the JSON-encoded detail strings), so the bodies keep the exact wire shape.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export const PAYLOAD_FLAG = '__pwned'
const SET = `window.${PAYLOAD_FLAG}=1`

/** field → hostile value; no double quotes or backslashes, so they drop into JSON and nested JSON alike */
export const HOSTILE: Record<string, string> = {
  chainName: `<img src=x onerror=${SET}>Evilchain`,
  fromChainName: `<img src=x onerror=${SET}>From`,
  toChainName: `<svg onload=${SET}>To`,
  name: `<script>${SET}</script>Eviltoken`,
  symbol: `<b onmouseover=${SET}>EVIL</b>`,
  coin: `<script>${SET}</script>COIN`,
  chain: `<iframe src=javascript:${SET}>`,
  chainImg: `javascript:${SET}`,
  img: `data:image/svg+xml,<svg onload=${SET}>`,
  scanUrl: `javascript:${SET}//`,
  rpc: `data:text/html,<script>${SET}</script>`
}

export function rewrite(text: string): string {
  let out = text
  for (const [key, value] of Object.entries(HOSTILE)) {
    out = out.replace(new RegExp(String.raw`(\\?"${key}\\?":\\?")[^"\\]*`, 'g'), (_m, head: string) => head + value)
  }
  return out
}

export interface HostileServer {
  baseUrl: string
  rpcUrl: string
  close(): Promise<void>
}

/** A proxy to `upstream` whose bodies pass `rewriteText` (every hostile string of HOSTILE, unless said). */
export async function startHostileServer(upstream: string, rewriteText: (text: string) => string = rewrite): Promise<HostileServer> {
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      void fetch(upstream + (req.url ?? '/'), {
        method: req.method ?? 'POST',
        headers: { 'content-type': 'application/json' },
        ...(chunks.length ? { body: Buffer.concat(chunks) } : {})
      })
        .then(async (r) => {
          const body = Buffer.from(rewriteText(await r.text()), 'utf8')
          res.writeHead(r.status, { 'Content-Type': 'application/json', 'Content-Length': body.length })
          res.end(body)
        })
        .catch((error: unknown) => {
          res.writeHead(502, { 'Content-Type': 'text/plain' })
          res.end(String(error))
        })
    })
  })
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    baseUrl,
    rpcUrl: `${baseUrl}/rpc`,
    close: () =>
      new Promise((ok) => {
        server.closeAllConnections()
        server.close(() => ok())
      })
  }
}
