// The demo network's data is benign; a real service need not be. This spec points a profile at a tiny
// loopback service whose names, symbols, URLs and vault record carry markup and script URLs, and checks the
// Tokens, Chains and Vault views show them as text and link only http(s).
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { test, expect } from './fixtures'

const XSS = '<img src=x onerror="window.__pwned=1">'
const chain = {
  id: 1,
  chain: `<script>window.__pwned=1</script>`,
  contract: `"><svg onload="window.__pwned=1">`,
  rpc: 'javascript:window.__pwned=1',
  chainId: 1,
  gasLimit: '1',
  chainName: `Evil ${XSS}`,
  chainImg: 'javascript:window.__pwned=1',
  scanUrl: 'javascript:window.__pwned=1//',
  volume: null,
  tokenAddress: null,
  decimal: null,
  liquidity: { nested: '<b>bold</b>' },
  extraField: 'data:text/html,<script>window.__pwned=1</script>'
}
const token = {
  id: 1,
  tokenId: '1',
  address: '0x' + 'a'.repeat(40),
  name: `Name ${XSS}`,
  chainId: 1,
  isMint: 1,
  symbol: '<script>window.__pwned=1</script>',
  decimal: 18,
  img: 'http://evil.example/track.png',
  vaultToken: 'javascript:window.__pwned=1',
  vaultDecimal: 18,
  pid: 1
}
const vault = [{ epoch: 7, public_key: `<svg onload="window.__pwned=1">`, status: '<i>active</i>', chains: [1], addresses: [{ chain: 1, address: 'javascript:window.__pwned=1' }] }]

function start(vaultFor: (epoch: string) => unknown = () => vault): Promise<Server> {
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => (body += c.toString()))
    req.on('end', () => {
      res.setHeader('content-type', 'application/json')
      const url = req.url ?? ''
      if (url.endsWith('/api/queryChainList')) return res.end(JSON.stringify({ code: 200, message: 'success', data: { list: [chain] } }))
      if (url.endsWith('/api/queryTokenList')) return res.end(JSON.stringify({ code: 200, message: 'success', data: { list: { '1': [token] } } }))
      if (url.endsWith('/rpc')) {
        const call = JSON.parse(body || '{}') as { id?: number; params?: string[] }
        return res.end(JSON.stringify({ jsonrpc: '2.0', id: call.id ?? 1, result: vaultFor(call.params?.[0] ?? 'latest') }))
      }
      res.statusCode = 404
      res.end('{}')
    })
  })
  return new Promise((ok) => server.listen(0, '127.0.0.1', () => ok(server)))
}

test('hostile names, symbols and URLs render as text; only http(s) becomes a link', async ({ page, harness, consoleErrors }) => {
  const server = await start()
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  try {
    const saved = harness.context.settings.saveProfile({ name: 'Hostile', baseUrl: base, rpcUrls: [`${base}/rpc`] })
    const id = saved.profiles.find((p) => p.name === 'Hostile')?.id ?? ''
    harness.context.settings.activate(id)
      const dialogs: string[] = []
    page.on('dialog', (d) => {
      dialogs.push(d.message())
      void d.dismiss()
    })

    await page.goto(`${harness.url}#/chains`)
    const card = page.getByTestId('chain-card')
    await expect(card).toContainText(`Evil ${XSS}`)
    await expect(card.locator('dd[data-field="chain"]')).toHaveText(chain.chain)
    await expect(card.locator('dd[data-field="scanUrl"]')).toContainText('not an http(s) link')
    await expect(card.locator('dd[data-field="liquidity"]')).toContainText('<b>bold</b>')
    await expect(card.locator('dd[data-field="extraField"]')).toContainText('data:text/html')

    await page.goto(`${harness.url}#/tokens`)
    const row = page.getByTestId('token-row')
    await expect(row).toContainText(token.symbol)
    await expect(row).toContainText(token.name)
    // A plain-http icon from elsewhere is not loaded: the generated badge stands in.
    await expect(row.locator('img')).toHaveCount(0)

    await page.goto(`${harness.url}#/vault`)
    await expect(page.getByTestId('vault-public-key')).toHaveText(vault[0]!.public_key)
    await expect(page.getByTestId('vault-card')).toContainText('<i>active</i>')

    // each view with the service's answer drawn, not only its heading (every view has one, the view before too)
    const drawn = {
      chains: () => expect(page.getByTestId('chain-card')).toContainText(`Evil ${XSS}`),
      tokens: () => expect(page.getByTestId('token-row')).toContainText(token.name),
      vault: () => expect(page.getByTestId('vault-public-key')).toHaveText(vault[0]!.public_key)
    }
    for (const view of ['chains', 'tokens', 'vault'] as const) {
      await page.goto(`${harness.url}#/${view}`)
      await drawn[view]()
      const hrefs = await page.locator('main a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''))
      for (const href of hrefs) expect(href).toMatch(/^(https?:|#)/)
      expect(await page.locator('main img[src="x"], main script, main svg[onload]').count()).toBe(0)
    }
    expect(await page.evaluate(() => (globalThis as unknown as { __pwned?: number }).__pwned)).toBeUndefined()
    expect(dialogs).toEqual([])
    expect(consoleErrors).toEqual([])
  } finally {
    await new Promise((ok) => server.close(ok))
  }
})

test('a vault answer of an unknown shape is kept whole: tree and diff still work', async ({ page, harness, consoleErrors }) => {
  // Epoch 1 and 2 differ in one nested value; neither has the documented fields.
  const server = await start((epoch) => ({ vault: { key: epoch === '0x1' ? 'old-key' : 'new-key', extra: [epoch] }, meta: { shape: 'custom' } }))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  try {
    const saved = harness.context.settings.saveProfile({ name: 'Odd vault', baseUrl: base, rpcUrls: [`${base}/rpc`] })
    harness.context.settings.activate(saved.profiles.find((p) => p.name === 'Odd vault')?.id ?? '')
    await page.goto(`${harness.url}#/vault?epoch=2`)
    await expect(page.getByTestId('vault-unrecognised')).toBeVisible()
    await expect(page.getByTestId('vault-card')).toHaveCount(0)
    const tree = page.getByTestId('json-tree')
    await expect(tree).toContainText('new-key')
    await expect(tree).toContainText('meta')
    await page.getByLabel('Epoch A').fill('1')
    await page.getByLabel('Epoch B').fill('2')
    await page.getByRole('button', { name: 'Compare' }).click()
    // an unrecognised shape is summarised in the raw path wording, nothing lost
    await expect(page.getByTestId('diff-line').filter({ hasText: '$.vault.key' })).toHaveText('$.vault.key: old-key → new-key')
    await page.getByRole('button', { name: /Raw changes by JSON path/ }).click()
    await expect(page.getByTestId('diff-entry').filter({ hasText: '$.vault.key' })).toContainText('"old-key"')
    await expect(page.getByTestId('diff-entry').filter({ hasText: '$.vault.extra[0]' })).toContainText('"0x2"')
    expect(consoleErrors).toEqual([])
  } finally {
    await new Promise((ok) => server.close(ok))
  }
})
