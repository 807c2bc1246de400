// @vitest-environment jsdom
// Links a person can judge: a chain card shows the URL it links as the browser will open it, a URL the service
// named into the user's network is no link (its reason beside it), every link carries the host it opens and
// the preview shows that host while the link is pointed at.
import { fireEvent, render } from '@testing-library/svelte'
import { createRawSnippet } from 'svelte'
import { describe, expect, it } from 'vitest'
import type { ChainRecord } from '../../../../src/shared/schemas/wire'
import ChainCard from '../../../../src/renderer/src/components/chains/ChainCard.svelte'
import ExternalLink from '../../../../src/renderer/src/components/ExternalLink.svelte'
import Hash from '../../../../src/renderer/src/components/Hash.svelte'
import LinkPreview from '../../../../src/renderer/src/components/LinkPreview.svelte'

const chain = (over: Partial<ChainRecord>): ChainRecord => ({
  id: 1, chain: 'c', chainId: 56, chainName: 'Chain', contract: '0x1', rpc: 'https://rpc.example/', gasLimit: '0', chainImg: '', scanUrl: 'https://scan.example/',
  volume: null, tokenAddress: null, decimal: null, liquidity: null, ...over
}) as ChainRecord

const label = createRawSnippet(() => ({ render: () => '<span>label</span>' }))

describe('links a person can judge', () => {
  it('a chain card links the URL as it opens and shows that URL, not the disguise', () => {
    const { container } = render(ChainCard, { chain: chain({ scanUrl: 'https://evil.example\\@good.example/', rpc: 'https://\u0430pple.com/rpc' }) })
    const scan = container.querySelector('dd[data-field="scanUrl"]')!
    expect(scan.querySelector('a')?.getAttribute('href')).toBe('https://evil.example/@good.example/')
    expect(scan.querySelector('a')?.textContent).toBe('https://evil.example/@good.example/')
    expect(scan.querySelector('a')?.getAttribute('data-link-host')).toBe('evil.example')
    const rpc = container.querySelector('dd[data-field="rpc"]')!
    expect(rpc.querySelector('a')?.textContent).toBe('https://xn--pple-43d.com/rpc')
    // a host that is not what the service's text seems to say: shown as written too
    expect(rpc.textContent).toContain('written as https://\u0430pple.com/rpc')
    expect(scan.textContent).not.toContain('written as')
    const plain = render(ChainCard, { chain: chain({ scanUrl: 'https://Scan.example' }) })
    expect(plain.container.querySelector('dd[data-field="scanUrl"]')!.textContent).not.toContain('written as')
  })

  it('a chain card names why a private or non-http URL is not a link', () => {
    const { container } = render(ChainCard, { chain: chain({ scanUrl: 'http://192.168.1.1/', rpc: 'javascript:alert(1)' }) })
    const scan = container.querySelector('dd[data-field="scanUrl"]')!
    expect(scan.querySelector('a')).toBeNull()
    expect(scan.textContent).toContain('only a URL you typed may lead there')
    expect(container.querySelector('dd[data-field="rpc"] a')).toBeNull()
    expect(container.querySelector('dd[data-field="rpc"]')!.textContent).toContain('not an http(s) link')
  })

  it('an explorer link to a loopback host is text with its reason; the user may link there', () => {
    const hash = `0x${'b'.repeat(64)}`
    const { container } = render(Hash, { value: hash, scanUrl: 'http://127.0.0.1:8545/', kind: 'address' })
    expect(container.querySelector('a')).toBeNull()
    expect(container.querySelector('[data-link-refused]')?.getAttribute('title')).toMatch(/127\.0\.0\.1:8545, loopback; only a URL you typed/)
    expect(container.querySelector('[data-hash]')?.getAttribute('title')).toBe(hash)
    const mine = render(ExternalLink, { href: 'http://127.0.0.1:8545/', author: 'user', children: label })
    expect(mine.container.querySelector('a')?.getAttribute('data-link-host')).toBe('127.0.0.1:8545')
  })

  it('the preview shows the host of the link pointed at or focused, and nothing else', async () => {
    const preview = render(LinkPreview)
    const { container } = render(Hash, { value: `0x${'c'.repeat(64)}`, scanUrl: 'https://bscscan.com/', kind: 'address' })
    const a = container.querySelector('a')!
    await fireEvent.pointerOver(a.querySelector('[data-hash]')!)
    const shown = preview.container.querySelector('[data-testid="link-preview"]')
    expect(shown?.querySelector('strong')?.textContent).toBe('bscscan.com')
    expect(shown?.textContent).toContain(`https://bscscan.com/address/0x${'c'.repeat(64)}`)
    await fireEvent.pointerOut(a)
    expect(preview.container.querySelector('[data-testid="link-preview"]')).toBeNull()
    await fireEvent.focusIn(a)
    expect(preview.container.querySelector('[data-testid="link-preview"] strong')?.textContent).toBe('bscscan.com')
  })
})
