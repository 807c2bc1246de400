import { describe, expect, it } from 'vitest'
import { paletteTargets, txHashProblem, type PaletteContext } from '../../../../src/renderer/src/lib/transfers/palette-input'
import { stableText } from '../../../../src/renderer/src/lib/transfers/cells'
import { amountText } from '../../../../src/shared/amounts'

const address = '0x' + 'ab'.repeat(20)
const hash = '0x' + 'cd'.repeat(32)

describe('palette targets', () => {
  it('an address goes to Transfers, a hash to Transfer', () => {
    expect(paletteTargets(` ${address} `)).toEqual([{ kind: 'address', address, label: `Transfers of ${address}` }])
    expect(paletteTargets(hash)[0]).toMatchObject({ kind: 'transfer', txHash: hash })
  })
  it('other text matches view names, prefix matches first', () => {
    const t = paletteTargets('trans')
    expect(t.map((x) => x.kind === 'view' && x.view)).toEqual(['transfers', 'transfer'])
    expect(paletteTargets('vau')[0]).toMatchObject({ kind: 'view', view: 'vault' })
    // the view named exactly what was typed comes first
    expect(paletteTargets('transfer').map((x) => x.kind === 'view' && x.view)).toEqual(['transfer', 'transfers'])
    expect(paletteTargets('Transfers')[0]).toMatchObject({ kind: 'view', view: 'transfers' })
    expect(paletteTargets('nothing-like-this')).toEqual([])
    expect(paletteTargets('').length).toBe(10) // every view of the nav (route.ts VIEWS)
  })
  it('a hash is also offered for a cross-chain trace; a hash of another chain only for that', () => {
    expect(paletteTargets(hash).map((x) => x.kind)).toEqual(['transfer', 'trace'])
    expect(paletteTargets(hash)[1]).toMatchObject({ kind: 'trace', query: hash })
    const btc = '8c2d4520b91d4407c542256d46eace870b012704e10712ad220619af6b195780'
    expect(paletteTargets(btc)).toEqual([{ kind: 'trace', query: btc, label: `Trace cross-chain order ${btc}` }])
    // a word is still a view search, never a trace
    expect(paletteTargets('crosschain')[0]).toMatchObject({ kind: 'view', view: 'crosschain' })
  })
})

describe('tx hash validation', () => {
  it('names what is wrong', () => {
    expect(txHashProblem(hash)).toBeNull()
    expect(txHashProblem('')).toMatch(/Enter/)
    expect(txHashProblem('cd'.repeat(32))).toMatch(/starts with 0x/)
    expect(txHashProblem('0xzz')).toMatch(/hex digits/)
    expect(txHashProblem('0xabc')).toMatch(/this one has 3/)
  })
})

describe('amount cells', () => {
  it('formats exactly with the token decimals, raw without them', () => {
    expect(amountText({ wire: '10000000000000000000001.000000', decimals: 18, symbol: null })).toEqual({ text: '10,000.000000000000000001', raw: false })
    expect(amountText({ wire: '1500000.000000', decimals: null, symbol: null })).toEqual({ text: '1500000.000000', raw: true })
    expect(amountText({ wire: 'not-a-number', decimals: 6, symbol: null })).toEqual({ text: 'not-a-number', raw: true })
  })
  it('shows the stable value with its symbol', () => {
    expect(stableText({ stable: { symbol: 'USDT', value: '1234.567891' } })).toBe('1,234.57 USDT')
    expect(stableText({ stable: null })).toBe('—')
  })
})

describe('palette: the chain an address opens on', () => {
  const names = new Map([
    [22776, 'MAP Relay Chain'],
    [1, 'Ethereum'],
    [56, 'BNB Smart Chain']
  ])
  const ctx: PaletteContext = {
    chainName: (id) => names.get(id) ?? `chain ${id}`,
    known: [
      { address, chainId: 1, transfers: 524 },
      { address, chainId: 56, transfers: 40 },
      { address, chainId: 1, transfers: 524 }
    ],
    fallbackChainId: 22776
  }
  it('a pasted address is offered once per chain, each naming its chain, and opens on that chain', () => {
    const t = paletteTargets(address.toUpperCase().replace('0X', '0x'), ctx)
    expect(t.map((x) => x.label)).toEqual([
      `Transfers of ${address.toUpperCase().replace('0X', '0x')} on Ethereum (524 transfers)`,
      `Transfers of ${address.toUpperCase().replace('0X', '0x')} on BNB Smart Chain (40 transfers)`,
      `Transfers of ${address.toUpperCase().replace('0X', '0x')} on MAP Relay Chain`
    ])
    expect(t.map((x) => x.kind === 'address' && x.chainId)).toEqual([1, 56, 22776])
  })
  it('an unknown address opens on the fallback chain, and says which', () => {
    const other = '0x' + '12'.repeat(20)
    expect(paletteTargets(other, ctx)).toEqual([{ kind: 'address', address: other, chainId: 22776, label: `Transfers of ${other} on MAP Relay Chain` }])
  })
  it('with nothing typed, the known addresses come once per chain, then the views', () => {
    const t = paletteTargets('', ctx)
    expect(t.filter((x) => x.kind === 'address')).toHaveLength(2)
    expect(t.filter((x) => x.kind === 'view')).toHaveLength(10)
  })
  it('"epoch 4" opens the Vault at epoch 4; theme words switch the theme', () => {
    expect(paletteTargets('epoch 4')).toEqual([{ kind: 'vault', epoch: '4', label: 'Vault at epoch 4 (0x4)' }])
    expect(paletteTargets('Epoch 0x1f')[0]).toMatchObject({ kind: 'vault', epoch: '0x1f' })
    expect(paletteTargets('epoch banana').some((x) => x.kind === 'vault')).toBe(false)
    expect(paletteTargets('dark')[0]).toEqual({ kind: 'theme', theme: 'dark', label: 'Use the dark theme' })
    expect(paletteTargets('light')[0]).toMatchObject({ kind: 'theme', theme: 'light' })
    expect(paletteTargets('theme').filter((x) => x.kind === 'theme')).toHaveLength(3)
  })
})
