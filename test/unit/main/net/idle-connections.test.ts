// A watch asks the same hosts every interval. The CLI's roads (the plain one and the one pinned to the address
// policy's answers) keep an idle connection where the server names no limit of its own, as compass-tss's health
// server and Go servers do (they send no Keep-Alive hint), so a round does not open every connection again.
// What must not change: a server's own Keep-Alive hint still closes the connection first, and close() lets go
// of every kept connection at once.
import { createServer, type Server } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { AddressPolicy } from '../../../../src/main/net/address-policy'
import { networkFromEnv } from '../../../../src/main/net/env-proxy'
import type { Fetch, Network } from '../../../../src/main/net/fetch'

/** undici's own idle limit is 4 s: a pause past it, and past a Node server's default hint of 5 s */
const PAUSE_MS = 6_000

interface Counted {
  url: string
  connections(): number
  open(): number
  close(): Promise<void>
}

/** `hint`: the server's keepAliveTimeout (0: none, and no Keep-Alive header, as health.go). */
async function countingServer(hint: number): Promise<Counted> {
  const sockets = new Set<Socket>()
  let connections = 0
  const server: Server = createServer((_req, res) => res.end('{"ok":true}'))
  server.keepAliveTimeout = hint
  server.on('connection', (s: Socket) => {
    connections++
    sockets.add(s)
    s.on('close', () => sockets.delete(s))
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/status/p2p`,
    connections: () => connections,
    open: () => sockets.size,
    close: () => new Promise<void>((r) => server.close(() => r())).then(() => server.closeAllConnections())
  }
}

const pause = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms))

async function ask(fetch: Fetch, url: string): Promise<void> {
  const answer = await fetch(url)
  expect(answer.status).toBe(200)
  await answer.text()
}

/** Resolves when the server has no connection open (the client let go); waits as long as it takes. */
async function allClosed(server: Counted): Promise<void> {
  while (server.open() > 0) await pause(20)
}

/** The connections the server saw for two requests with `between` in between. */
async function connectionsOfTwo(fetch: Fetch, server: Counted, between: () => Promise<void>): Promise<number> {
  const before = server.connections()
  await ask(fetch, server.url)
  await between()
  await ask(fetch, server.url)
  return server.connections() - before
}

describe("the CLI's roads keep an idle connection between a watch's rounds", () => {
  const cleanup: (() => Promise<void>)[] = []
  afterEach(async () => {
    for (const c of cleanup.splice(0).reverse()) await c()
  })

  async function setUp(hint: number): Promise<{ server: Counted; network: Network; roads: [string, Fetch][] }> {
    const server = await countingServer(hint)
    const network = networkFromEnv({})
    cleanup.push(() => server.close(), () => network.close())
    const pinned = network.fetch.within?.('local', new AddressPolicy())
    expect(pinned).toBeDefined()
    return { server, network, roads: [['plain', network.fetch], ['pinned to the policy', pinned as Fetch]] }
  }

  it(
    'two requests a pause apart that outlasts undici’s own limit go over one connection, on both roads',
    async () => {
      const { server, roads } = await setUp(0)
      for (const [road, fetch] of roads) expect(await connectionsOfTwo(fetch, server, () => pause(PAUSE_MS)), road).toBe(1)
    }
  )

  it("a server's own Keep-Alive hint still wins: after it, the next request opens a connection", async () => {
    const { server, roads } = await setUp(1_000)
    // the server closes its idle connection after its hint; the client sees it go
    for (const [road, fetch] of roads) expect(await connectionsOfTwo(fetch, server, () => allClosed(server)), road).toBe(2)
  })

  it('close() lets go of the kept connections at once', async () => {
    const { server, network, roads } = await setUp(0)
    for (const [, fetch] of roads) await ask(fetch, server.url)
    expect(server.open()).toBeGreaterThan(0)
    await network.close()
    await allClosed(server)
    expect(server.open()).toBe(0)
  })
})
