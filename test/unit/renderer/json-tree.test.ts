// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { fireEvent, render, screen } from '@testing-library/svelte'
import JsonTree from '../../../src/renderer/src/components/vault/JsonTree.svelte'
import FieldValue from '../../../src/renderer/src/components/FieldValue.svelte'
import ConfirmButton from '../../../src/renderer/src/components/ConfirmButton.svelte'

describe('JsonTree', () => {
  const value = { epoch: 3, key: '<b>x</b>', list: [1, null, { deep: { deeper: true } }] }

  it('shows values as text, with containers folded below the opening depth', () => {
    const { container } = render(JsonTree, { value, label: 'record', openDepth: 2 })
    expect(container.textContent).toContain('"<b>x</b>"')
    expect(container.querySelector('b')).toBeNull()
    expect(container.textContent).toContain('null')
    // depth 2 (the object inside the list) is folded
    expect(container.textContent).not.toContain('deeper')
  })

  it('folds and unfolds with buttons that report their state', async () => {
    render(JsonTree, { value, label: 'record', openDepth: 1 })
    const list = screen.getByRole('button', { name: /^list:/ })
    expect(list.getAttribute('aria-expanded')).toBe('false')
    await fireEvent.click(list)
    expect(list.getAttribute('aria-expanded')).toBe('true')
    await fireEvent.click(screen.getByRole('button', { name: 'Expand all' }))
    expect(document.body.textContent).toContain('deeper')
  })

  it('pages very long arrays', async () => {
    const { container } = render(JsonTree, { value: Array.from({ length: 450 }, (_, i) => i), openDepth: 1 })
    expect(container.querySelectorAll('.leaf')).toHaveLength(200)
    await fireEvent.click(screen.getByRole('button', { name: /Show 250 more/ }))
    expect(container.querySelectorAll('.leaf')).toHaveLength(400)
  })
})

describe('FieldValue', () => {
  it('writes null, empty and absent distinctly', () => {
    const a = render(FieldValue, { value: null })
    // a dash with a tooltip that says the service gave no value, not the raw word "null"
    expect(a.container.textContent).toBe('—')
    expect(a.container.querySelector('[data-null="true"]')?.getAttribute('title')).toBe('not given by the service (null)')
    a.unmount()
    expect(render(FieldValue, { value: '' }).container.textContent).toBe('""')
  })
  it('writes objects as JSON text', () => {
    expect(render(FieldValue, { value: { a: '<i>' } }).container.textContent).toBe('{"a":"<i>"}')
  })
})

describe('ConfirmButton', () => {
  it('acts only after the second, confirming click', async () => {
    let done = 0
    render(ConfirmButton, { label: 'Clear cache', confirmLabel: 'Clear', question: 'Really?', onconfirm: () => done++ })
    await fireEvent.click(screen.getByRole('button', { name: 'Clear cache' }))
    expect(done).toBe(0)
    await fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(done).toBe(0)
    await fireEvent.click(screen.getByRole('button', { name: 'Clear cache' }))
    await fireEvent.click(screen.getByRole('button', { name: 'Clear' }))
    expect(done).toBe(1)
  })
})
