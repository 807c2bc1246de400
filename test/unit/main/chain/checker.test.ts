// Every outcome of a chain check, reached against a real node (anvil) with real transfers: the service's
// claims are built from what was sent, then bent where a test wants the service to be wrong.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ChainChecker } from '../../../../src/main/chain'
import type { Fetch } from '../../../../src/main/net/fetch'
import type { LegCheck, LegClaim } from '../../../../src/shared/chain-check'
import { outcomeText } from '../../../../src/shared/chain-check'
import { decimalToString, shiftDecimal } from '../../../../src/shared/decimal'
import { startTestChain, type Hex, type TestChain } from '../../../support/anvil'

let chain: TestChain
let sender: Hex
let recipient: Hex
beforeAll(async () => {
  chain = await startTestChain({ chainId: 31337, decimals: 6 })
  sender = chain.accounts[1] as Hex
  recipient = chain.accounts[2] as Hex
})
afterAll(async () => {
  await chain?.stop()
})

/** Smallest units of the 6-decimal test token as the token units a service claims. */
const units = (amount: bigint): string => decimalToString(shiftDecimal({ units: amount, scale: 0 }, 6))

/** What an honest service says of a leg sent on the test chain; `over` bends it. */
async function claimOf(role: 'Source' | 'Destination', hash: Hex, amount: bigint, over: Partial<LegClaim>): Promise<LegClaim> {
  const r = await chain.receipt(hash)
  return {
    role,
    chainId: chain.chainId,
    chainName: 'Anvil',
    hash,
    height: r ? Number(r.blockNumber) : null,
    contract: chain.bridge,
    recordContract: chain.bridge,
    sender: role === 'Source' ? sender : null,
    recipient: role === 'Destination' ? recipient : null,
    token: { address: chain.token, symbol: 'TUSD' },
    amount: units(amount),
    amountMissing: null,
    serviceRpc: chain.url,
    recordRpc: null,
    ...over
  }
}
const sourceClaim = (hash: Hex, amount: bigint, over: Partial<LegClaim> = {}): Promise<LegClaim> => claimOf('Source', hash, amount, over)
const destinationClaim = (hash: Hex, amount: bigint, over: Partial<LegClaim> = {}): Promise<LegClaim> => claimOf('Destination', hash, amount, over)

/**
 * A fetch that counts what it carries: every check must take the process's way to the network. `methods`
 * holds every call's method, `requests` each HTTP request's (a batch: several; a single call: one).
 */
function countingFetch(): { fetch: Fetch; methods: string[]; requests: { batch: boolean; methods: string[] }[] } {
  const methods: string[] = []
  const requests: { batch: boolean; methods: string[] }[] = []
  return {
    methods,
    requests,
    fetch: async (input, init) => {
      const body =
        typeof init?.body === 'string'
          ? init.body
          : input instanceof Request
            ? await input.clone().text()
            : ''
      type Call = { method?: string }
      const parsed = JSON.parse(body || '{}') as Call | Call[]
      const asked = (Array.isArray(parsed) ? parsed : [parsed]).map((c) => c.method ?? '?')
      methods.push(...asked)
      requests.push({ batch: Array.isArray(parsed), methods: asked })
      return fetch(input, init)
    }
  }
}

async function one(
  checker: ChainChecker,
  claim: LegClaim,
  overrides: Record<string, string> = {}
): Promise<LegCheck> {
  const [check] = await checker.checkLegs([claim], overrides)
  if (!check) throw new Error('no check')
  return check
}

describe('a leg checked against its chain', () => {
  it('an honest source and destination are confirmed with their block and confirmations, through the given fetch', async () => {
    const net = countingFetch()
    const checker = new ChainChecker({ fetch: net.fetch })
    const src = await chain.deposit(sender, 1_500_000n)
    const dst = await chain.release(recipient, 1_490_000n)
    await chain.mine(2)
    const head = await chain.blockNumber()
    const [s, d] = await checker.checkLegs([
      await sourceClaim(src, 1_500_000n),
      await destinationClaim(dst, 1_490_000n)
    ])
    const srcReceipt = await chain.receipt(src)
    const srcBlock = Number(srcReceipt?.blockNumber)
    expect(s?.outcome).toEqual({
      kind: 'confirmed',
      block: srcBlock,
      blockHash: srcReceipt?.blockHash,
      blockTime: expect.any(Number),
      confirmations: head - srcBlock + 1,
      unclaimedAmount: null
    })
    expect(d?.outcome.kind).toBe('confirmed')
    expect(outcomeText(s as LegCheck)).toBe(`Confirmed: block ${srcBlock}, ${head - srcBlock + 1} confirmations`)
    expect(s?.rpcSource).toBe('service')
    // level 1 in one batch: one chain id and one head for the check, one receipt per mined leg (its
    // transaction is never asked), the token's decimals() and symbol() once; level 2 in another: the block at
    // each receipt's height and the head's block
    expect(net.requests.map((r) => ({ ...r, methods: [...r.methods].sort() }))).toEqual([
      { batch: true, methods: ['eth_blockNumber', 'eth_call', 'eth_call', 'eth_chainId', 'eth_getTransactionReceipt', 'eth_getTransactionReceipt'] },
      { batch: true, methods: ['eth_getBlockByNumber', 'eth_getBlockByNumber', 'eth_getBlockByNumber'] }
    ])
  })

  it('batched and one request per call, the real node gives every leg the same outcome', async () => {
    const ok = await chain.deposit(sender, 6_000_000n)
    const reverted = await chain.deposit(chain.accounts[6] as Hex, 7n)
    const dst = await chain.release(recipient, 5_990_000n)
    await chain.mine(1)
    const claims = [
      await sourceClaim(ok, 6_000_000n),
      await sourceClaim(ok, 6_000_001n),
      await sourceClaim(reverted, 7n, { sender: chain.accounts[6] as Hex }),
      await destinationClaim(dst, 5_990_000n),
      await sourceClaim(`0x${'ab'.repeat(32)}`, 1n, { height: null }),
      await sourceClaim(ok, 6_000_000n, { chainId: 5, serviceRpc: chain.url })
    ]
    const batched = countingFetch()
    const single = countingFetch()
    const a = await new ChainChecker({ fetch: batched.fetch }).checkLegs(claims)
    const b = await new ChainChecker({ fetch: single.fetch, batchSize: 1 }).checkLegs(claims)
    expect(a.map((c) => c.outcome)).toEqual(b.map((c) => c.outcome))
    expect(a.map((c) => c.outcome.kind)).toEqual(['confirmed', 'disagrees', 'reverted', 'confirmed', 'not-found', 'wrong-chain'])
    // the chain id, the head, every receipt and the token in one batch; the proofs and the not-found leg's
    // transaction (which waits for its empty receipt) in a second
    expect(batched.requests).toEqual([
      { batch: true, methods: expect.arrayContaining(['eth_chainId', 'eth_blockNumber', 'eth_getTransactionReceipt', 'eth_call']) },
      { batch: true, methods: expect.arrayContaining(['eth_getBlockByNumber', 'eth_getTransactionByHash']) }
    ])
    expect(single.requests.every((r) => !r.batch)).toBe(true)
    expect(batched.methods.sort()).toEqual(single.methods.sort())
  })

  it('a transfer the chain reverted is reverted, whatever the service says', async () => {
    const hash = await chain.deposit(chain.accounts[6] as Hex, 5n) // account 6 holds no tokens
    expect((await chain.receipt(hash))?.status).toBe('0x0')
    const check = await one(
      new ChainChecker(),
      await sourceClaim(hash, 5n, { sender: chain.accounts[6] as Hex })
    )
    expect(check.outcome.kind).toBe('reverted')
    expect(outcomeText(check)).toMatch(/^Reverted on chain in block \d+/)
  })

  it('a hash the chain does not know is not found', async () => {
    const check = await one(new ChainChecker(), await sourceClaim(`0x${'ab'.repeat(32)}`, 1n, { height: 12 }))
    expect(check.outcome).toEqual({ kind: 'not-found' })
  })

  it('a sent transaction not yet mined is pending, and confirmed once mined', async () => {
    await chain.rpc('eth_sendTransaction', [
      {
        from: sender,
        to: chain.token,
        data: `0x095ea7b3${chain.bridge.slice(2).padStart(64, '0')}${7n.toString(16).padStart(64, '0')}`,
        gas: '0x100000',
        gasPrice: '0x77359400'
      }
    ])
    await chain.automine(false)
    try {
      const hash = await chain.send({
        from: sender,
        to: chain.bridge,
        data: `0x47e7ef24${chain.token.slice(2).padStart(64, '0')}${7n.toString(16).padStart(64, '0')}`
      })
      const checker = new ChainChecker()
      const claim = await sourceClaim(hash, 7n)
      expect((await one(checker, claim)).outcome).toEqual({ kind: 'pending' })
      await chain.mine(1)
      const block = Number((await chain.receipt(hash))?.blockNumber)
      expect((await one(checker, { ...claim, height: block })).outcome).toMatchObject({
        kind: 'confirmed',
        block,
        confirmations: 1
      })
    } finally {
      await chain.automine(true)
    }
  })

  it('a service that names another amount, block, contract, sender or token disagrees, its value beside the chain’s', async () => {
    const hash = await chain.deposit(sender, 2_000_000n)
    const block = Number((await chain.receipt(hash))?.blockNumber)
    const checker = new ChainChecker()
    const wrong = async (over: Partial<LegClaim>, amount = 2_000_000n): Promise<LegCheck> =>
      one(checker, await sourceClaim(hash, amount, over))
    const amount = await wrong({}, 2_500_000n)
    expect(amount.outcome).toEqual({
      kind: 'disagrees',
      block,
      blockHash: expect.any(String),
      blockTime: expect.any(Number),
      confirmations: expect.any(Number),
      differences: [{ field: 'amount', service: '2.5 TUSD', chain: '2 TUSD' }]
    })
    expect(outcomeText(amount)).toBe('Disagrees: amount — service 2.5 TUSD, chain 2 TUSD')
    const height = await wrong({ height: block + 40 })
    expect(height.outcome).toMatchObject({
      kind: 'disagrees',
      differences: [{ field: 'block', service: String(block + 40), chain: String(block) }]
    })
    const contract = await wrong({ contract: chain.otherToken, recordContract: chain.otherToken })
    expect(contract.outcome).toMatchObject({
      kind: 'disagrees',
      // the money went to the contract the chain list does not name: nothing reached the named one
      differences: [{ field: 'contract', service: chain.otherToken, chain: chain.bridge }, { field: 'amount' }]
    })
    const from = await wrong({ sender: chain.accounts[3] as Hex })
    expect(from.outcome).toMatchObject({
      kind: 'disagrees',
      differences: [{ field: 'sender' }, { field: 'amount' }]
    })
    const token = await wrong({ token: { address: chain.otherToken, symbol: 'OTH' } })
    expect(token.outcome).toMatchObject({
      kind: 'disagrees',
      differences: [{ field: 'token', service: `OTH (${chain.otherToken})`, chain: chain.token.toLowerCase() }]
    })
    // a fraction of a smallest unit is an amount no log can show
    const fraction = await one(checker, {
      ...(await sourceClaim(hash, 2_000_000n)),
      amount: '2.0000005'
    })
    expect(fraction.outcome).toMatchObject({ kind: 'disagrees', differences: [{ field: 'amount' }] })
  })

  it('a destination that paid the recipient less than the service says disagrees on the amount, in the destination token’s decimals', async () => {
    const hash = await chain.release(recipient, 123_456_789n)
    const check = await one(new ChainChecker(), await destinationClaim(hash, 123_456_790n))
    expect(check.outcome).toMatchObject({
      kind: 'disagrees',
      differences: [{ field: 'amount', service: '123.45679 TUSD', chain: '123.456789 TUSD' }]
    })
    // amounts beyond 2^53 compare exactly
    const big = 2n ** 70n + 1n
    const bigHash = await chain.release(recipient, big)
    expect((await one(new ChainChecker(), await destinationClaim(bigHash, big))).outcome.kind).toBe(
      'confirmed'
    )
    expect((await one(new ChainChecker(), await destinationClaim(bigHash, big - 1n))).outcome.kind).toBe(
      'disagrees'
    )
  })

  it('an RPC that answers another chain id is the wrong chain', async () => {
    const hash = await chain.deposit(sender, 3n)
    const check = await one(new ChainChecker(), await sourceClaim(hash, 3n, { chainId: 56 }))
    expect(check.outcome).toEqual({ kind: 'wrong-chain', expected: 56, answered: chain.chainId })
  })

  it('cannot check a non-EVM hash, a chain with no RPC, or an RPC that is down, and says why without its key', async () => {
    const hash = await chain.deposit(sender, 4n)
    const checker = new ChainChecker({ retries: 0, timeoutMs: 5_000 })
    const tron = await one(checker, await sourceClaim(hash, 4n, { hash: 'ab'.repeat(32) }))
    expect(tron.outcome).toEqual({
      kind: 'cannot-check',
      reason: 'not an EVM transaction hash (a chain without EVM JSON-RPC, or no transaction at all)'
    })
    const none = await one(checker, await sourceClaim(hash, 4n, { serviceRpc: null }))
    expect(none.outcome).toEqual({
      kind: 'cannot-check',
      reason: "no RPC known for chain 31337: the service's chain list names none; add one in Settings or with --chain-rpc"
    })
    const closed = createServer()
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r))
    const port = (closed.address() as AddressInfo).port
    await new Promise<void>((r) => closed.close(() => r()))
    const down = await one(checker, await sourceClaim(hash, 4n), {
      [String(chain.chainId)]: `http://127.0.0.1:${port}/v3/abcdef0123456789abcdef?apikey=s3cr3t`
    })
    expect(down.outcome.kind).toBe('cannot-check')
    expect(outcomeText(down)).toMatch(/did not answer/)
    expect(JSON.stringify(down)).not.toMatch(/s3cr3t|abcdef0123456789abcdef/)
    expect(down.rpc).toBe(`http://127.0.0.1:${port}/v3/…?…`)
  })

  it('the user’s RPC for a chain wins over the service’s', async () => {
    const hash = await chain.deposit(sender, 8n)
    const check = await one(
      new ChainChecker(),
      await sourceClaim(hash, 8n, { serviceRpc: 'http://127.0.0.1:9/' }),
      { [String(chain.chainId)]: chain.url }
    )
    expect(check.outcome.kind).toBe('confirmed')
    expect(check.rpc).toBe(`${chain.url}/`)
    expect(check.rpcSource).toBe('user')
  })
})

describe('remembered checks and reorgs', () => {
  it('a confirmed check deeper than the finality depth is not asked again; a shallow one is', async () => {
    const net = countingFetch()
    const checker = new ChainChecker({ fetch: net.fetch, finalityDepth: 5 })
    const hash = await chain.deposit(sender, 9n)
    const claim = await sourceClaim(hash, 9n)
    expect((await one(checker, claim)).cached).toBe(false)
    const asked = net.methods.length
    expect((await one(checker, claim)).cached).toBe(false) // one confirmation: a reorg could still matter
    expect(net.methods.length).toBeGreaterThan(asked)
    await chain.mine(5)
    expect((await one(checker, claim)).outcome).toMatchObject({ kind: 'confirmed', confirmations: 6 })
    const before = net.methods.length
    const kept = await one(checker, claim)
    expect(kept).toMatchObject({ cached: true, outcome: { kind: 'confirmed', confirmations: 6 } })
    expect(net.methods.length).toBe(before)
  })

  it('a transaction dropped by a reorg turns confirmed into not found, then into its new block, and says so', async () => {
    const checker = new ChainChecker()
    const snap = await chain.snapshot()
    const nonce = await chain.nonce(sender)
    const data =
      `0xa9059cbb${recipient.slice(2).padStart(64, '0')}${11n.toString(16).padStart(64, '0')}` as Hex
    const hash = await chain.send({ from: sender, to: chain.token, data, nonce })
    const first = Number((await chain.receipt(hash))?.blockNumber)
    // a leg that moves no token the service names (as a relayer leg): only the transaction is at stake
    const claim = await sourceClaim(hash, 11n, { role: 'Relayer', sender: null, token: null, amount: null, contract: chain.token, recordContract: null, height: null })
    expect((await one(checker, claim)).outcome).toMatchObject({ kind: 'confirmed', block: first })
    await chain.revert(snap)
    const dropped = await one(checker, claim)
    expect(dropped).toMatchObject({
      outcome: { kind: 'not-found' },
      reorg: { previousBlock: first, now: null }
    })
    expect(outcomeText(dropped)).toBe(
      `Not found: the chain does not know this transaction (reorg: it was in block ${first}; what was said then is undone)`
    )
    await chain.mine(2)
    expect(await chain.send({ from: sender, to: chain.token, data, nonce })).toBe(hash)
    const moved = await one(checker, claim)
    expect(moved).toMatchObject({
      outcome: { kind: 'confirmed', block: first + 2 },
      reorg: { previousBlock: first, now: first + 2 }
    })
    // once seen in its new block, later checks are plain again
    expect((await one(checker, claim)).reorg).toBeNull()
  })
})

setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

describe('an RPC whose answer drips', () => {
  let server: Server
  let collector: ReturnType<typeof setInterval>
  beforeAll(async () => {
    server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      const timer = setInterval(() => res.write(' '), 200)
      res.on('close', () => clearInterval(timer))
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    collector = setInterval(() => gc(), 50)
  })
  afterAll(async () => {
    clearInterval(collector)
    server.closeAllConnections()
    await new Promise<void>((r) => server.close(() => r()))
  })

  it('is a cannot-check naming the timeout, with GC forced throughout', async () => {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    const checker = new ChainChecker({ timeoutMs: 1_000, retries: 0 })
    const claim = await sourceClaim(`0x${'cd'.repeat(32)}`, 1n, { serviceRpc: url })
    let timer: ReturnType<typeof setTimeout> | undefined
    const backstop = new Promise<never>(
      (_, reject) => (timer = setTimeout(() => reject(new Error('still waiting after 10 s')), 10_000))
    )
    try {
      const check = await Promise.race([one(checker, claim), backstop])
      expect(check.outcome).toMatchObject({
        kind: 'cannot-check',
        reason: expect.stringMatching(/no complete answer within 1 s/)
      })
    } finally {
      clearTimeout(timer)
    }
  })
})
