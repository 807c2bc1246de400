// @vitest-environment jsdom
// The profile form as a user meets it: typing starts in its first field, Enter does not save a half-filled
// form, and a refused save names the field as labelled on screen, its limit, and lines counted from 1.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen } from '@testing-library/svelte'
import ProfileForm from '../../../../src/renderer/src/components/settings/ProfileForm.svelte'
import { fieldProblem } from '../../../../src/renderer/src/lib/field-messages'
import type { AppErrorData, Result } from '../../../../src/shared/errors'

afterEach(cleanup)

function api(answer: Result<unknown>) {
  const profilesSave = vi.fn(async () => answer)
  Object.assign(window, { bridgescope: { profilesSave, on: () => () => undefined } })
  return profilesSave
}

const refused = (field: string, message: string): Result<unknown> => ({
  ok: false,
  error: {
    kind: 'input',
    operation: 'profiles:save',
    field,
    message: `Invalid input for profiles:save: ${field}: ${message}`
  }
})

describe('ProfileForm', () => {
  it('focus is in the Name field as soon as the form opens', async () => {
    api({ ok: true, value: {} })
    render(ProfileForm, { profile: null, onsaved: vi.fn(), oncancel: vi.fn() })
    await Promise.resolve()
    expect(document.activeElement).toBe(screen.getByLabelText(/^Name/))
  })
  it('Enter in a one-line field moves to the next field and saves nothing; Ctrl+Enter saves', async () => {
    const save = api({ ok: true, value: {} })
    const onsaved = vi.fn()
    render(ProfileForm, { profile: null, onsaved, oncancel: vi.fn() })
    const name = screen.getByLabelText(/^Name/)
    await fireEvent.input(name, { target: { value: 'Mine' } })
    await fireEvent.keyDown(name, { key: 'Enter' })
    expect(save).not.toHaveBeenCalled()
    expect(document.activeElement).toBe(screen.getByLabelText('Query service URL'))
    await fireEvent.keyDown(document.activeElement as Element, { key: 'Enter', ctrlKey: true })
    expect(save).toHaveBeenCalledOnce()
  })
  it('says the name limit up front and keeps typing within it', () => {
    api({ ok: true, value: {} })
    render(ProfileForm, { profile: null, onsaved: vi.fn(), oncancel: vi.fn() })
    expect(screen.getByText('(up to 80 characters)')).toBeTruthy()
    expect(screen.getByLabelText(/^Name/).getAttribute('maxlength')).toBe('80')
  })
  it('a refused RPC URL is named by its label and its line on screen, from 1', async () => {
    api(refused('rpcUrls.0', 'an http(s) URL'))
    render(ProfileForm, { profile: null, onsaved: vi.fn(), oncancel: vi.fn() })
    await fireEvent.input(screen.getByLabelText(/^RPC node URLs/), { target: { value: 'ftp://x' } })
    await fireEvent.click(screen.getByRole('button', { name: 'Save profile' }))
    expect((await screen.findByRole('alert')).textContent).toBe(
      'RPC node URLs, line 1: must be an http(s) URL, such as https://example.org'
    )
  })
})

describe('field messages', () => {
  const labels = {
    name: { label: 'Name' },
    baseUrl: { label: 'Query service URL' },
    timeoutMs: { label: 'Timeout', msAsSeconds: true },
    rpcUrls: { label: 'RPC node URLs', lineOf: (i: number) => i + 2 }
  }
  const e = (field: string, message: string): AppErrorData => ({
    kind: 'input',
    field,
    message: `Invalid input for profiles:save: ${field}: ${message}`
  })
  it('speaks in labels and limits, never in paths or zod', () => {
    expect(fieldProblem(e('name', 'Too big: expected string to have <=80 characters'), labels)).toBe(
      'Name: at most 80 characters'
    )
    expect(fieldProblem(e('baseUrl', 'an http(s) URL'), labels)).toBe(
      'Query service URL: must be an http(s) URL, such as https://example.org'
    )
    expect(fieldProblem(e('timeoutMs', 'Too small: expected number to be >=1000'), labels)).toBe(
      'Timeout: at least 1 s'
    )
    expect(fieldProblem(e('rpcUrls.1', 'an http(s) URL'), labels)).toMatch(/^RPC node URLs, line 3: /)
  })
  it('a field it does not know keeps the service words, without the channel prefix', () => {
    expect(fieldProblem(e('other', 'bad'), labels)).toBe('bad')
  })
  it("a field's message goes once that field is changed; another field's typing leaves it", async () => {
    api(refused('name', 'a profile needs a name'))
    render(ProfileForm, { profile: null, onsaved: vi.fn(), oncancel: vi.fn() })
    await fireEvent.click(screen.getByRole('button', { name: 'Save profile' }))
    expect((await screen.findByRole('alert')).textContent).toContain('a profile needs a name')
    await fireEvent.input(screen.getByLabelText('Query service URL'), { target: { value: 'https://bridge.example' } })
    expect(screen.getByRole('alert').textContent).toContain('a profile needs a name')
    await fireEvent.input(screen.getByLabelText(/^Name/), { target: { value: 'Mine' } })
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.getByLabelText(/^Name/).getAttribute('aria-invalid')).toBe('false')
  })
})
