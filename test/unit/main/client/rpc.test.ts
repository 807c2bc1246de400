import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { canonicalEpoch } from '../../../../src/main/client/rpc'
import { recogniseVaultRecords } from '../../../../src/shared/schemas/vault'
import { AppError } from '../../../../src/shared/errors'

describe('canonicalEpoch', () => {
  it('accepts latest, decimal and hex in any case', () => {
    expect(canonicalEpoch('latest')).toBe('latest')
    expect(canonicalEpoch(' LATEST ')).toBe('latest')
    expect(canonicalEpoch('12')).toBe('0xc')
    expect(canonicalEpoch('0xc')).toBe('0xc')
    expect(canonicalEpoch('0XC')).toBe('0xc')
    expect(canonicalEpoch('0x000c')).toBe('0xc')
    expect(canonicalEpoch(0)).toBe('0x0')
    expect(canonicalEpoch(255)).toBe('0xff')
  })
  it('rejects negative and garbage with an input error', () => {
    for (const bad of ['-1', '', '0x', '1.5', 'abc', '0xg', '1e3', -1, 1.5, Number.NaN]) {
      expect(() => canonicalEpoch(bad)).toThrow(AppError)
    }
  })
  it('decimal and hex of the same number agree', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 200n }), (n) => {
        expect(canonicalEpoch(n.toString())).toBe(canonicalEpoch('0x' + n.toString(16)))
      })
    )
  })
})

describe('recogniseVaultRecords', () => {
  it('array, single object, or null', () => {
    const rec = { epoch: 3, public_key: '0xab', addresses: [{ chain: 1, address: '0x1' }] }
    expect(recogniseVaultRecords([rec])).toEqual([rec])
    expect(recogniseVaultRecords(rec)).toEqual([rec])
    expect(recogniseVaultRecords({ foo: 1 })).toBeNull()
    expect(recogniseVaultRecords([])).toBeNull()
    expect(recogniseVaultRecords('x')).toBeNull()
    expect(recogniseVaultRecords([rec, 5])).toBeNull()
  })
})
