import { describe, expect, it } from 'vitest'
import { fieldMessage, fieldOf, formatBytes, parseUrlLines, routeKey } from '../../../src/renderer/src/lib/settings-actions'

describe('settings helpers', () => {
  it('maps a field path from main to the form field', () => {
    expect(fieldOf({ kind: 'input', message: 'x', field: 'rpcUrls.1' })).toBe('rpcUrls')
    expect(fieldOf({ kind: 'input', message: 'x' })).toBeNull()
    expect(fieldOf(null)).toBeNull()
  })
  it('drops the dispatch prefix and the field path from messages, naming the field as the form labels it', () => {
    const error = { kind: 'input' as const, field: 'baseUrl', message: 'Invalid input for profiles:save: baseUrl: an http(s) URL' }
    expect(fieldMessage(error, { baseUrl: { label: 'Query service URL' } })).toBe('Query service URL: must be an http(s) URL, such as https://example.org')
    expect(fieldMessage(error, {})).toBe('must be an http(s) URL, such as https://example.org')
  })
  it('reads URLs one per line', () => {
    expect(parseUrlLines(' https://a \n\n\r\nhttps://b\n')).toEqual(['https://a', 'https://b'])
  })
  it('builds route keys from chain ids only', () => {
    expect(routeKey(' 1', '056')).toBe('1-56')
    expect(routeKey('1', 'x')).toBeNull()
    expect(routeKey('', '2')).toBeNull()
  })
  it('formats sizes', () => {
    expect(formatBytes(512)).toBe('512 B')
    expect(formatBytes(2048)).toBe('2.0 KB')
    expect(formatBytes(5 * 1024 * 1024)).toBe('5.0 MB')
  })
})
