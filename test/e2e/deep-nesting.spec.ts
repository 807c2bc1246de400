// 12.4: a service that answers 100,000 levels of `[` where the chain list or the vault should be gets an
// error on screen that says why, never a view that shows "Loading…" for ever.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { test, expect } from './fixtures'

const deep = '['.repeat(100_000) + ']'.repeat(100_000)

async function startDeepServer(): Promise<Server> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' })
      if (req.url === '/rpc') {
        const { id } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: number }
        res.end(`{"jsonrpc":"2.0","id":${id},"result":${deep}}`)
      } else res.end(`{"code":200,"message":"success","data":{"list":${deep}}}`)
    })
  })
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  return server
}

test('12.4 deep nesting where the chain list and the vault should be: an error that says why, not Loading…', async ({ page, harness, consoleErrors }) => {
  const server = await startDeepServer()
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  try {
    const saved = harness.context.settings.saveProfile({ name: 'Deep', baseUrl: base, rpcUrls: [`${base}/rpc`], timeoutMs: 5000 })
    harness.context.settings.activate(saved.profiles.find((p) => p.name === 'Deep')?.id ?? '')
    for (const hash of ['#/chains', '#/vault']) {
      await page.goto(`${harness.url}${hash}`)
      await expect(page.getByTestId('error-box')).toContainText(/deeper than 64 levels/)
      await expect(page.getByText(/^Loading.*…$/)).toHaveCount(0)
    }
    expect(consoleErrors).toEqual([])
  } finally {
    await new Promise((ok) => server.close(ok))
  }
})
