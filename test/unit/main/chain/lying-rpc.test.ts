// A chain check lied to: real transfers on a real node (anvil), read through an RPC that forges receipts,
// inflates the head, bends batch replies and pads bodies (test/support/lying-rpc.ts). What must hold: a lie
// never reads as "confirmed"; the leg is either what the honest node says or "cannot check", with the reason.
import fc from 'fast-check'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ChainChecker } from '../../../../src/main/chain'
import { decimalToString, shiftDecimal } from '../../../../src/shared/decimal'
import type { LegCheck, LegClaim } from '../../../../src/shared/chain-check'
import { startTestChain, type Hex, type TestChain } from '../../../support/anvil'
import { startLyingRpc, type LyingRpc, type RpcReply } from '../../../support/lying-rpc'

let chain: TestChain
let proxy: LyingRpc
let sender: Hex
let recipient: Hex
beforeAll(async () => {
  chain = await startTestChain({ chainId: 31337, decimals: 6 })
  proxy = await startLyingRpc(chain.url)
  sender = chain.accounts[1] as Hex
  recipient = chain.accounts[2] as Hex
})
afterAll(async () => {
  await proxy?.close()
  await chain?.stop()
})
beforeEach(() => proxy.lie({}))

const units = (amount: bigint): string => decimalToString(shiftDecimal({ units: amount, scale: 0 }, 6))

async function claim(role: 'Source' | 'Destination', hash: Hex, amount: bigint, over: Partial<LegClaim> = {}): Promise<LegClaim> {
  const r = await chain.receipt(hash)
  return {
    role,
    chainId: chain.chainId,
    chainName: 'Anvil',
    hash,
    height: r ? Number(r.blockNumber) : null,
    contract: chain.bridge,
    recordContract: null,
    sender: role === 'Source' ? sender : null,
    recipient: role === 'Destination' ? recipient : null,
    token: { address: chain.token, symbol: 'TUSD' },
    amount: units(amount),
    amountMissing: null,
    serviceRpc: proxy.url,
    recordRpc: null,
    ...over
  }
}

async function one(c: LegClaim, checker = new ChainChecker({ retries: 0 })): Promise<LegCheck> {
  const [check] = await checker.checkLegs([c])
  if (!check) throw new Error('no check')
  return check
}

describe('receipts are proven, not believed', () => {
  it('another transaction’s receipt is not this one’s', async () => {
    const asked = await chain.deposit(sender, 1_000_000n)
    const honest = await chain.deposit(sender, 1_000_000n)
    proxy.lie({ receiptOf: { [asked.toLowerCase()]: honest } })
    const check = await one(await claim('Source', asked, 1_000_000n, { height: null }))
    expect(check.outcome).toEqual({ kind: 'cannot-check', reason: expect.stringContaining(`the RPC answered with the receipt of ${honest}`) })
  })

  it('a receipt from an orphaned block, or a block past the head, cannot be checked', async () => {
    const hash = await chain.deposit(sender, 2_000_000n)
    const c = await claim('Source', hash, 2_000_000n)
    proxy.lie({ receipt: (r) => ({ ...r, blockHash: `0x${'0d'.repeat(32)}` }) })
    expect((await one(c)).outcome).toEqual({ kind: 'cannot-check', reason: expect.stringMatching(/but the chain's block \d+ is 0x[0-9a-f]{64} \(a receipt from an orphaned block, or forged\)/) })
    const head = await chain.blockNumber()
    proxy.lie({ receipt: (r) => ({ ...r, blockNumber: `0x${(head + 50).toString(16)}` }) })
    expect((await one({ ...c, height: null })).outcome).toEqual({ kind: 'cannot-check', reason: `the receipt names block ${head + 50}, past the chain's head ${head}` })
  })

  it('a head a billion blocks on is no head: the chain has no such block', async () => {
    const hash = await chain.deposit(sender, 3_000_000n)
    proxy.lie({ inflateHead: 1_000_000_000 })
    const check = await one(await claim('Source', hash, 3_000_000n))
    expect(check.outcome).toEqual({ kind: 'cannot-check', reason: expect.stringMatching(/the RPC says its head is block \d+, but has no block \d+ to show/) })
  })

  it('a forged second reply in a batch never wins; asked alone, the node’s own answer stands', async () => {
    const reverted = await chain.deposit(chain.accounts[6] as Hex, 5n)
    const c = await claim('Source', reverted, 5n, { sender: chain.accounts[6] as Hex })
    const forged = (replies: RpcReply[]): RpcReply[] =>
      replies.flatMap((r) => (r.result && typeof r.result === 'object' && 'logs' in r.result ? [r, { ...r, result: { ...r.result, status: '0x1' } }] : [r]))
    proxy.lie({ batch: forged })
    expect((await one(c)).outcome.kind).toBe('reverted')
    // and when the node lies alone too, the leg cannot be checked: never confirmed
    proxy.lie({ batch: forged, single: (r) => ({ ...r, id: Number(r.id) + 1 }) })
    expect((await one(c)).outcome).toEqual({ kind: 'cannot-check', reason: expect.stringContaining('not one reply per call') })
  })

  it('a body past the size cap is cannot check at once, never asked again piece by piece', async () => {
    const hash = await chain.deposit(sender, 4_000_000n)
    proxy.lie({ padBytes: 512 * 1024 })
    const before = proxy.seen.length
    const check = await one(await claim('Source', hash, 4_000_000n), new ChainChecker({ retries: 0, maxBytes: 256 * 1024 }))
    expect(check.outcome).toEqual({ kind: 'cannot-check', reason: expect.stringContaining('response larger than') })
    expect(proxy.seen.length - before).toBe(1)
  })
})

describe('any batch reply gives the honest outcome or cannot check', () => {
  it('permutations, duplicates with forged results, drops and foreign ids never forge an outcome', async () => {
    const ok = await chain.deposit(sender, 6_000_000n)
    const reverted = await chain.deposit(chain.accounts[6] as Hex, 7n)
    const paid = await chain.release(recipient, 5_000_000n)
    const claims = [
      await claim('Source', ok, 6_000_000n),
      await claim('Source', ok, 6_000_001n),
      await claim('Source', reverted, 7n, { sender: chain.accounts[6] as Hex }),
      await claim('Destination', paid, 5_000_000n),
      await claim('Source', `0x${'ab'.repeat(32)}`, 1n, { height: null })
    ]
    const honest = (await new ChainChecker({ retries: 0 }).checkLegs(claims.map((c) => ({ ...c, serviceRpc: chain.url })))).map((c) => c.outcome)
    expect(honest.map((o) => o.kind)).toEqual(['confirmed', 'disagrees', 'reverted', 'confirmed', 'not-found'])
    const forge = (r: RpcReply): RpcReply => {
      const v = r.result
      if (typeof v === 'string') return { ...r, result: v.length > 20 ? `0x${'0'.repeat(63)}1` : `0x${(BigInt(v) + 1000n).toString(16)}` }
      if (v && typeof v === 'object') return { ...r, result: { ...v, status: '0x1', blockNumber: '0x1', hash: `0x${'ee'.repeat(32)}` } }
      return { ...r, result: { status: '0x1' } }
    }
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          order: fc.array(fc.nat(), { maxLength: 40 }),
          duplicate: fc.array(fc.nat(), { maxLength: 4 }),
          forgedFirst: fc.boolean(),
          drop: fc.array(fc.nat(), { maxLength: 3 }),
          foreign: fc.boolean(),
          singlesLie: fc.boolean()
        }),
        async (plan) => {
          proxy.lie({
            batch: (replies) => {
              let out = [...replies]
              for (const d of plan.duplicate) {
                const r = out[d % out.length]!
                out.splice(d % out.length, plan.forgedFirst ? 0 : 1, ...(plan.forgedFirst ? [forge(r)] : [r, forge(r)]))
              }
              for (const d of plan.drop) if (out.length > 1) out.splice(d % out.length, 1)
              if (plan.foreign) out.push({ jsonrpc: '2.0', id: 987_654, result: '0x1' })
              // a permutation from the plan's numbers
              const keyed = out.map((r, i) => ({ r, k: plan.order[i % Math.max(1, plan.order.length)] ?? i }))
              out = keyed.sort((a, b) => a.k - b.k).map((x) => x.r)
              return out
            },
            // a single call answered under another id: the call fails, and its leg cannot be checked
            ...(plan.singlesLie ? { single: (r: RpcReply) => ({ ...r, id: Number(r.id) + 1 }) } : {})
          })
          const got = await new ChainChecker({ retries: 0 }).checkLegs(claims)
          got.forEach((check, i) => {
            if (check.outcome.kind !== 'cannot-check') expect(check.outcome).toEqual(honest[i])
          })
        }
      ),
      { numRuns: 40 }
    )
  })
})

describe('what the check trusts, and how money must move', () => {
  it('a token the service’s list does not identify cannot be confirmed; another token’s event is no delivery', async () => {
    const paid = await chain.release(recipient, 1_000_000n)
    const unknown = await one(await claim('Destination', paid, 1_000_000n, { token: { address: null, symbol: 'TUSD' } }))
    expect(unknown.outcome).toEqual({ kind: 'cannot-check', reason: "the token TUSD is not in the service's token list for chain 31337: it cannot be identified, so what moved cannot be confirmed" })
    const fake = await chain.release(recipient, 1_000_000n, chain.otherToken)
    const other = await one(await claim('Destination', fake, 1_000_000n))
    expect(other.outcome).toMatchObject({ kind: 'disagrees', differences: [{ field: 'token', chain: chain.otherToken.toLowerCase() }] })
  })

  it('decimals come from the token contract: a smallest-unit amount written as token units disagrees', async () => {
    const hash = await chain.deposit(sender, 1_500_000n)
    expect((await one(await claim('Source', hash, 1_500_000n))).outcome.kind).toBe('confirmed')
    const raw = await one({ ...(await claim('Source', hash, 1_500_000n)), amount: '1500000' })
    expect(raw.outcome).toMatchObject({ kind: 'disagrees', differences: [{ field: 'amount', service: '1500000 TUSD', chain: '1.5 TUSD' }] })
  })

  it('an amount the service does not give is said so; the leg’s other checks still run', async () => {
    const hash = await chain.release(recipient, 2_500_000n)
    const c = { ...(await claim('Destination', hash, 0n)), amount: null, amountMissing: 'the service gives no amount (not provided by this service)' }
    const check = await one(c)
    expect(check.outcome).toMatchObject({ kind: 'confirmed', unclaimedAmount: `amount the service gives no amount (not provided by this service); the chain moved 2.5 TUSD to ${recipient} from the bridge` })
    expect((await one({ ...c, height: 1 })).outcome).toMatchObject({ kind: 'disagrees', differences: [{ field: 'block' }] })
  })

  it('a recipient paying itself is no delivery, even when the chain list names no bridge', async () => {
    const data = `0xa9059cbb${recipient.slice(2).padStart(64, '0')}${(3_000_000n).toString(16).padStart(64, '0')}` as Hex
    const self = await chain.send({ from: recipient, to: chain.token, data })
    const check = await one(await claim('Destination', self, 3_000_000n, { contract: null }))
    expect(check.outcome).toMatchObject({ kind: 'disagrees', differences: [{ field: 'amount', chain: expect.stringMatching(/^nothing moved to 0x[0-9a-fA-F]{40} from the bridge/) }] })
  })

  it('a delivery mined before its source is not its delivery', async () => {
    const early = await chain.release(recipient, 4_000_000n)
    await chain.rpc('evm_increaseTime', [3600])
    const source = await chain.deposit(sender, 4_000_000n)
    const [s, d] = await new ChainChecker({ retries: 0 }).checkLegs([await claim('Source', source, 4_000_000n), await claim('Destination', early, 4_000_000n)])
    expect(s?.outcome.kind).toBe('confirmed')
    expect(d?.outcome).toMatchObject({ kind: 'disagrees', differences: [{ field: 'time', chain: expect.stringMatching(/before the source leg$/) }] })
  })

  it('a delivery stamped up to 15 s before its source is within the block producers’ clock skew; 16 s before is not', async () => {
    const latest = Number((await chain.rpc<{ timestamp: Hex }>('eth_getBlockByNumber', ['latest', false])).timestamp)
    const word = (v: string | bigint): string => (typeof v === 'bigint' ? v.toString(16) : v.slice(2).toLowerCase()).padStart(64, '0')
    const stamped = async (ts: number, send: () => Promise<Hex>): Promise<Hex> => {
      await chain.rpc('evm_setNextBlockTimestamp', [ts])
      return send()
    }
    const pair = async (deliveredAt: number, sentAt: number, amount: bigint): Promise<(LegCheck | undefined)[]> => {
      const delivery = await stamped(deliveredAt, () => chain.release(recipient, amount))
      await chain.send({ from: sender, to: chain.token, data: `0x095ea7b3${word(chain.bridge)}${word(amount)}` })
      const source = await stamped(sentAt, () => chain.send({ from: sender, to: chain.bridge, data: `0x47e7ef24${word(chain.token)}${word(amount)}` }))
      return new ChainChecker({ retries: 0 }).checkLegs([await claim('Source', source, amount), await claim('Destination', delivery, amount)])
    }
    const t = latest + 1_000
    const [s1, d1] = await pair(t, t + 15, 6_000_000n)
    expect(s1?.outcome.kind).toBe('confirmed')
    expect(d1?.outcome.kind).toBe('confirmed')
    const [s2, d2] = await pair(t + 100, t + 116, 7_000_000n)
    expect(s2?.outcome.kind).toBe('confirmed')
    expect(d2?.outcome).toMatchObject({ kind: 'disagrees', differences: [{ field: 'time', chain: expect.stringMatching(/before the source leg$/) }] })
  })

  it('the record’s own RPC and contract are claims, not sources: differing from the chain list they disagree, alone they are not asked', async () => {
    const hash = await chain.deposit(sender, 5_000_000n)
    const c = await claim('Source', hash, 5_000_000n)
    const differs = await one({ ...c, recordRpc: 'http://127.0.0.1:9/evil', recordContract: chain.otherToken })
    expect(differs.outcome).toMatchObject({
      kind: 'disagrees',
      differences: [
        { field: 'rpc', service: 'http://127.0.0.1:9/evil', against: 'chain list' },
        { field: 'contract', service: chain.otherToken, chain: chain.bridge, against: 'chain list' }
      ]
    })
    expect(differs.rpcSource).toBe('service')
    const alone = await one({ ...c, serviceRpc: null, recordRpc: chain.url })
    expect(alone.outcome).toEqual({ kind: 'cannot-check', reason: expect.stringContaining(`(the RPC the record itself names, ${chain.url}/, is not a source)`) })
  })
})

describe('no lie made permanent', () => {
  it('a kept confirmation is proven again by its block hash; when the chain replaced that block it is undone and said so', async () => {
    let clock = 1_000_000
    const checker = new ChainChecker({ retries: 0, finalityDepth: 2, reproveAfterMs: 60_000, now: () => clock })
    const snap = await chain.snapshot()
    const hash = await chain.deposit(sender, 6_000_000n)
    await chain.mine(3)
    const c = await claim('Source', hash, 6_000_000n)
    const first = await one(c, checker)
    expect(first).toMatchObject({ cached: false, outcome: { kind: 'confirmed' } })
    // shown again soon: kept, nothing asked
    const seen = proxy.seen.length
    expect(await one(c, checker)).toMatchObject({ cached: true })
    expect(proxy.seen.length).toBe(seen)
    // after a while: its block asked for again, and only that
    clock += 60_000
    expect(await one(c, checker)).toMatchObject({ cached: true, outcome: { kind: 'confirmed' } })
    expect(proxy.seen.slice(seen).flatMap((s) => s.methods)).toEqual(['eth_getBlockByNumber'])
    // the chain drops the block and grows another in its place
    await chain.revert(snap)
    await chain.mine(6)
    clock += 60_000
    const undone = await one(c, checker)
    expect(undone.outcome.kind).toBe('not-found')
    expect(undone.cached).toBe(false)
    const block = (first.outcome as { block: number }).block
    expect(undone.reorg).toMatchObject({ previousBlock: block, now: null })
  })
})
