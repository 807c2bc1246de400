// The test chain itself: a real node whose transfers, reverts and reorgs the chain check is tested against.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestChain, type TestChain } from '../../../support/anvil'

let chain: TestChain
beforeAll(async () => {
  chain = await startTestChain({ chainId: 31337 })
})
afterAll(async () => {
  await chain.stop()
})

describe('the anvil test chain', () => {
  it('answers its chain id, and moves tokens through the bridge on both legs', async () => {
    expect(Number(await chain.rpc('eth_chainId'))).toBe(31337)
    const sender = chain.accounts[1] as `0x${string}`
    const source = await chain.receipt(await chain.deposit(sender, 1_500_000n))
    expect(source?.status).toBe('0x1')
    expect(source?.to).toBe(chain.bridge)
    const dest = await chain.receipt(await chain.release(chain.accounts[2] as `0x${string}`, 1_490_000n))
    expect(dest?.status).toBe('0x1')
  })

  it('a deposit beyond the balance is mined and reverted', async () => {
    const r = await chain.receipt(await chain.deposit(chain.accounts[5] as `0x${string}`, 1n))
    expect(r?.status).toBe('0x0')
  })

  it('a reverted snapshot drops a mined transaction; sent again with its nonce it lands in a later block with the same hash', async () => {
    const sender = chain.accounts[3] as `0x${string}`
    const snap = await chain.snapshot()
    const nonce = await chain.nonce(sender)
    const data =
      `0x${'a9059cbb'}${(chain.accounts[4] as string).slice(2).padStart(64, '0')}${5n.toString(16).padStart(64, '0')}` as `0x${string}`
    const hash = await chain.send({ from: sender, to: chain.token, data, nonce })
    const before = await chain.receipt(hash)
    await chain.revert(snap)
    expect(await chain.receipt(hash)).toBeNull()
    await chain.mine(3)
    expect(await chain.send({ from: sender, to: chain.token, data, nonce })).toBe(hash)
    const after = await chain.receipt(hash)
    expect(Number(after?.blockNumber)).toBe(Number(before?.blockNumber) + 3)
  })
})
