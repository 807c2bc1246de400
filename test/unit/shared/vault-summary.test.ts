import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { diffJson, formatPath } from '@shared/json-diff'
import type { JsonValue } from '@shared/schemas/vault'
import { describeVaultChange, summariseVault } from '@shared/vault-summary'

const rec = (epoch: number, key: string, addrs: Record<number, string>, extra: Record<string, JsonValue> = {}): JsonValue => ({
  epoch,
  public_key: key,
  status: 'active',
  chains: Object.keys(addrs).map(Number),
  addresses: Object.entries(addrs).map(([chain, address]) => ({ chain: Number(chain), address })),
  ...extra
})

describe('vault summary', () => {
  it('names a rotation in the vault’s own terms: epoch, key rotated, per-chain address old → new, chain added', () => {
    const a = [rec(5, '0x04aa', { 1: '0x11', 56: '0x22' })]
    const b = [rec(6, '0x04bb', { 1: '0x11', 56: '0x33', 137: '0x44' })]
    const texts = summariseVault(a, b).map((l) => l.text)
    expect(texts).toEqual(['epoch: 5 → 6', 'key rotated: 0x04aa → 0x04bb', 'chain 137 added', 'chain 56: address 0x22 → 0x33', 'chain 137: address added 0x44'])
    // chain 1's address did not change, so it is not mentioned
    expect(texts.join('\n')).not.toContain('chain 1:')
  })

  it('status change and chain removed; unknown fields fall back to the raw JSON-path wording', () => {
    const a = { ...(rec(5, '0x04aa', { 1: '0x11', 56: '0x22' }) as object), status: 'active', threshold: 3 } as JsonValue
    const b = { ...(rec(5, '0x04aa', { 1: '0x11' }) as object), status: 'retired', threshold: 4 } as JsonValue
    const lines = summariseVault(a, b)
    expect(lines.map((l) => l.text)).toEqual(['status: active → retired', 'chain 56 removed', 'chain 56: address removed (was 0x22)', '$.threshold: 3 → 4'])
    expect(lines.at(-1)?.what).toBe('raw')
  })

  it('a shape that is not the documented one is listed path by path, raw', () => {
    const lines = summariseVault({ vault: { k: 1 } }, { vault: { k: 2 }, more: true })
    expect(lines.map((l) => [l.what, l.text])).toEqual([
      ['raw', '$.more added: true'],
      ['raw', '$.vault.k: 1 → 2']
    ])
  })

  it('the alert body groups many per-chain lines so a rotation fits a notification', () => {
    const addrs = (p: string): Record<number, string> => ({ 1: p + '1', 10: p + '2', 56: p + '3', 137: p + '4', 250: p + '5' })
    const body = describeVaultChange(summariseVault([rec(5, '0x04aa', addrs('0xa'))], [rec(6, '0x04bb', addrs('0xb'))]))
    expect(body).toBe('epoch: 5 → 6; key rotated: 0x04aa → 0x04bb; address changed on 5 chains: 1, 10, 56, 137, …')
    expect(describeVaultChange([])).toBe('no visible change')
  })

  // Property: every change the JSON-path diff finds is either summarised (a line about the same record and
  // field) or listed raw at its own path — none is lost.
  it('property: every JSON-path change is either summarised or listed raw', () => {
    const chainId = fc.constantFrom(1, 10, 56, 137, 250, 8453)
    const hex = fc.constantFrom('0x01', '0x02', '0x03')
    const record = fc.record(
      {
        epoch: fc.integer({ min: 0, max: 3 }),
        public_key: hex,
        status: fc.constantFrom('active', 'retired'),
        chains: fc.uniqueArray(chainId, { maxLength: 4 }),
        addresses: fc.uniqueArray(fc.record({ chain: chainId, address: hex }), { selector: (a) => a.chain, maxLength: 4 }),
        threshold: fc.integer({ min: 1, max: 3 }),
        meta: fc.dictionary(fc.constantFrom('x', 'y'), fc.integer({ min: 0, max: 2 }))
      },
      { requiredKeys: ['epoch'] }
    ) as fc.Arbitrary<JsonValue>
    const shape = fc.oneof(record, fc.array(record, { minLength: 1, maxLength: 3 }), fc.jsonValue() as fc.Arbitrary<JsonValue>)
    fc.assert(
      fc.property(shape, shape, (a, b) => {
        const lines = summariseVault(a, b)
        for (const entry of diffJson(a, b).entries) {
          const path = formatPath(entry.path)
          const covered = lines.some((l) => {
            if (l.what === 'raw') return path === l.path || path.startsWith(l.path + '.') || path.startsWith(l.path + '[') || l.path.startsWith(path)
            // a named line covers its record (or the whole record) and its field
            const field = /^\$(\[\d+\])?(\.[a-z_]+)?/.exec(l.path)
            const recordPart = field?.[1] ?? ''
            const fieldPart = field?.[2] ?? ''
            return path === '$' + recordPart || path.startsWith('$' + recordPart + fieldPart) || (l.what.startsWith('record') && path.startsWith('$' + recordPart))
          })
          if (!covered) throw new Error(`lost ${path} (${entry.kind}) from ${JSON.stringify(lines.map((l) => l.path))}`)
        }
        // and nothing is reported where nothing changed
        if (diffJson(a, b).entries.length === 0) expect(lines).toEqual([])
      }),
      { numRuns: 400 }
    )
  })
})
