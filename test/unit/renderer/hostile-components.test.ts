// @vitest-environment jsdom
// The shared components that put remote strings on screen: hostile names stay text, hostile URLs never
// become links or image sources.
import { render } from '@testing-library/svelte'
import { createRawSnippet } from 'svelte'
import { describe, expect, it } from 'vitest'
import ErrorBox from '../../../src/renderer/src/components/ErrorBox.svelte'
import ExternalLink from '../../../src/renderer/src/components/ExternalLink.svelte'
import Hash from '../../../src/renderer/src/components/Hash.svelte'
import RemoteIcon from '../../../src/renderer/src/components/RemoteIcon.svelte'

const SCRIPT = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>'
const BAD_URLS = ['javascript:window.__pwned=1', 'JAVASCRIPT:alert(1)', ' javascript:alert(1)', 'data:text/html,<script>1</script>', 'vbscript:x', 'file:///etc/passwd']

function noActiveContent(container: HTMLElement): void {
  expect(container.querySelectorAll('script, iframe, object, embed').length).toBe(0)
  for (const el of container.querySelectorAll('*')) {
    for (const attr of el.getAttributeNames()) expect(attr.startsWith('on'), `${el.tagName} ${attr}`).toBe(false)
    for (const name of ['href', 'src']) expect(el.getAttribute(name) ?? '').not.toMatch(/^\s*(javascript|data|vbscript|file):/i)
  }
  expect((window as unknown as { __pwned?: unknown }).__pwned).toBeUndefined()
}

describe('hostile remote strings in shared components', () => {
  it('ExternalLink shows non-http(s) URLs as plain text, never as a link', () => {
    for (const href of BAD_URLS) {
      const { container, unmount } = render(ExternalLink, { href, children: createRawSnippet(() => ({ render: () => '<span>label</span>' })) })
      expect(container.querySelector('a')).toBeNull()
      noActiveContent(container)
      unmount()
    }
    const { container } = render(ExternalLink, { href: 'https://scan.example/tx/1', children: createRawSnippet(() => ({ render: () => '<span>ok</span>' })) })
    expect(container.querySelector('a')?.getAttribute('rel')).toContain('noopener')
  })

  it('RemoteIcon never loads a javascript:, data: or plain-http URL and draws the name as text', () => {
    for (const src of [...BAD_URLS, 'http://tracker.example/pixel.png']) {
      const { container, unmount } = render(RemoteIcon, { src, name: SCRIPT })
      expect(container.querySelector('img')).toBeNull()
      expect(container.querySelector('svg')?.getAttribute('aria-label')).toBe(SCRIPT)
      noActiveContent(container)
      unmount()
    }
  })

  it('Hash with a hostile explorer URL links nowhere and shows the value as text', () => {
    const { container } = render(Hash, { value: `0x${'a'.repeat(64)}`, scanUrl: 'javascript:window.__pwned=1//', kind: 'tx' })
    expect(container.querySelector('a')).toBeNull()
    noActiveContent(container)
  })

  it('ErrorBox shows a hostile service message as text', () => {
    const { container } = render(ErrorBox, { error: { kind: 'api', message: SCRIPT, operation: 'queryChainList', code: 500 } })
    expect(container.textContent).toContain(SCRIPT)
    noActiveContent(container)
  })
})
