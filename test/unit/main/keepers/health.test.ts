// Where a registered p2p address is dialled, and what is never dialled: the relay chain names the hosts, so
// anything that is not a plain host (with at most a port) is refused before a request exists.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { healthTarget, readNodeHealth } from '../../../../src/main/keepers'

describe('a registered p2p address', () => {
  it('a bare host or IP takes the profile port; an explicit port wins; IPv6 is bracketed', () => {
    expect(healthTarget('8.219.235.57', 6040)).toEqual({ host: '8.219.235.57', port: 6040 })
    expect(healthTarget(' node-1.example ', 6040)).toEqual({ host: 'node-1.example', port: 6040 })
    expect(healthTarget('127.0.0.1:7040', 6040)).toEqual({ host: '127.0.0.1', port: 7040 })
    expect(healthTarget('::1', 6040)).toEqual({ host: '[::1]', port: 6040 })
    expect(healthTarget('[::1]:7040', 6040)).toEqual({ host: '[::1]', port: 7040 })
  })

  it('anything with a scheme, path, user info, query or space is no host and is never dialled', () => {
    for (const bad of ['http://a', 'a/b', 'u:p@a', 'a?x', 'a b', '', 'a:0', 'a:70000', 'a#f'])
      expect(healthTarget(bad, 6040)).toBeNull()
    fc.assert(
      fc.property(fc.string(), (s) => {
        const t = healthTarget(s, 6040)
        if (t !== null) expect(`${t.host}:${t.port}`).toMatch(/^([A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\]):\d+$/)
      })
    )
  })

  it('a node answering another shape is reachable with that said among its errors, not a crash', async () => {
    const server = createServer((req, res) => {
      if (req.url === '/status/scanner') return void res.end('{"Eth": {"chain": 5}}')
      if (req.url === '/status/p2p') return void res.end('<html>oops</html>')
      res.end(req.url === '/p2pid' ? 'peer' : '')
    })
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()))
    try {
      const port = (server.address() as AddressInfo).port
      const node = await readNodeHealth('127.0.0.1', port, { retries: 0 })
      expect(node).toMatchObject({ reachable: true, p2pId: 'peer', peerCount: null, scanners: [] })
      expect(node.reachable && node.errors.join('\n')).toMatch(
        /\/status\/p2p did not answer JSON[\s\S]*\/status\/scanner answered another shape/
      )
      expect(await readNodeHealth('http://127.0.0.1/', port, { retries: 0 })).toMatchObject({
        reachable: false,
        url: null,
        reason: expect.stringContaining('is not a host')
      })
    } finally {
      server.close()
      server.closeAllConnections()
    }
  })

  it("a watch's lean round asks the two status paths only: reachable when either answers, down when neither does", async () => {
    const asked: string[] = []
    const server = createServer((req, res) => {
      asked.push(req.url ?? '')
      if (req.url === '/status/p2p') return void res.writeHead(500).end('boom')
      if (req.url === '/status/scanner') return void res.end('{"Bsc": {"chain": "Bsc", "chain_height": 100, "block_scanner_height": 60, "scanner_height_diff": 40}}')
      res.end('')
    })
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()))
    const port = (server.address() as AddressInfo).port
    try {
      const node = await readNodeHealth('127.0.0.1', port, { retries: 0 }, true)
      expect(node).toMatchObject({ reachable: true, p2pId: null, scanners: [{ chain: 'Bsc', lag: 40 }] })
      expect(node.reachable && node.errors.join('\n')).toMatch(/^\/status\/p2p: /)
      expect(asked.sort()).toEqual(['/status/p2p', '/status/scanner'])
    } finally {
      server.closeAllConnections()
      await new Promise<void>((done) => server.close(() => done()))
    }
    // nothing listens there now
    const down = await readNodeHealth('127.0.0.1', port, { retries: 0 }, true)
    expect(down).toMatchObject({ reachable: false, url: `http://127.0.0.1:${port}` })
    expect(down.reachable === false && down.reason).toBeTruthy()
  })
})
