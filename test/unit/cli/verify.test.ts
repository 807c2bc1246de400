// `transfer <hash> --verify` against two real chains (anvil) and a query service whose records point at
// their transactions: honest ones, and ones with a wrong amount, block or contract, a hash the chain does
// not know, a reverted source, a leg not yet mined, an RPC for another chain, a leg that cannot be checked,
// a record about another transfer, a chain list without an RPC. Exit 0 only when every leg is confirmed.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { main } from '../../../src/cli'
import type { TransferCheck } from '../../../src/shared/chain-check'
import { startTestChain, type Hex, type TestChain } from '../../support/anvil'
import { startChainService, type ChainService, type TransferFacts } from '../../support/chain-service'

let a: TestChain
let b: TestChain
let service: ChainService
let dataDir: string
let sender: Hex
let recipient: Hex

beforeAll(async () => {
  ;[a, b] = await Promise.all([
    startTestChain({ chainId: 31337, decimals: 6 }),
    startTestChain({ chainId: 31338, decimals: 18 })
  ])
  service = await startChainService([a, b])
  dataDir = mkdtempSync(join(tmpdir(), 'bridgescope-verify-'))
  sender = a.accounts[1] as Hex
  recipient = b.accounts[2] as Hex
})
afterAll(async () => {
  await service?.close()
  await Promise.all([a?.stop(), b?.stop()])
  rmSync(dataDir, { recursive: true, force: true })
})

async function cli(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = ''
  let err = ''
  // the deadline is the service's and the chains' to meet, not the test machine's: a shared, busy machine can starve
  // anvil for seconds, and a verdict of "cannot check: timed out" is not what these tests are about
  const code = await main(['transfer', ...args, '--base-url', service.baseUrl, '--verify', '--timeout', '120000'], {
    stdout: { write: (s: string) => (out += s) },
    stderr: { write: (s: string) => (err += s) },
    env: { BRIDGESCOPE_DATA_DIR: dataDir }
  })
  return { code, out, err }
}

const height = async (chain: TestChain, hash: string): Promise<number> =>
  Number((await chain.receipt(hash as Hex))?.blockNumber)

/** A transfer that really happened on both chains, as an honest service reports it. */
async function honest(sending = 1_000_000n, receiving = 990_000_000_000_000_000n): Promise<TransferFacts> {
  const src = await a.deposit(sender, sending)
  const dst = await b.release(recipient, receiving)
  return {
    source: { chain: a, hash: src, height: await height(a, src) },
    destination: { chain: b, hash: dst, height: await height(b, dst) },
    sender,
    recipient,
    sending,
    receiving
  }
}

describe('transfer --verify', () => {
  it('an honest transfer: both legs confirmed, exit 0, in text and in --json', async () => {
    const hash = service.put(await honest())
    const text = await cli([hash])
    expect(text.code).toBe(0)
    expect(text.out).toMatch(/Checked on chain/)
    expect(text.out).toMatch(/Source leg\s+Chain 31337 \(31337\) 0x/)
    expect(text.out.match(/Chain says\s+Confirmed: block \d+, \d+ confirmations?/g)).toHaveLength(2)
    expect(text.out).toMatch(/Verified: every leg is confirmed on its chain as the service says/)
    expect(text.out).toMatch(/RPC\s+Checked on the service's RPC for chain 31337 \(http:\/\/127\.0\.0\.1:\d+\/\)/)
    const json = await cli([hash, '--json'])
    expect(json.code).toBe(0)
    const { check } = JSON.parse(json.out) as { check: TransferCheck }
    expect(check.legs.map((l) => [l.role, l.outcome.kind])).toEqual([
      ['Source', 'confirmed'],
      ['Destination', 'confirmed']
    ])
    expect(check.worst).toBe('confirmed')
    expect((JSON.parse(json.out) as { verdict: string }).verdict).toBe('verified')
  })

  it('a record about another transfer than the one asked is the service contradicting itself: exit 1, no leg checked', async () => {
    const failed = await a.deposit(a.accounts[7] as Hex, 10n) // reverted: holds no tokens
    const other = await honest()
    service.answer(failed, other)
    const r = await cli([failed])
    expect(r.code).toBe(1)
    expect(r.out).toContain(`The service contradicts itself: asked for source hash ${failed}, it answered with the record of ${other.source.hash}`)
    expect(r.out).not.toMatch(/Confirmed/)
  })

  it('the chain list names the RPC; the record’s own is no source; --chain-rpc wins and says so', async () => {
    const facts = await honest()
    const hash = service.put(facts)
    service.list(31338, { rpc: '' })
    try {
      const none = await cli([hash])
      expect(none.code).toBe(3)
      expect(none.out).toMatch(/Not verified: at least one leg could not be proven on its chain/)
      expect(none.out).toMatch(/Cannot check: no RPC known for chain 31338: the service's chain list names none \(the RPC the record itself names, http:\/\/127\.0\.0\.1:\d+\/, is not a source\)/)
      const own = await cli([hash, '--chain-rpc', `31338=${b.url}`])
      expect(own.code).toBe(0)
      expect(own.out).toMatch(/RPC\s+Checked on your RPC for chain 31338/)
    } finally {
      service.list(31338, undefined)
    }
    // a chain list naming another RPC than the record's: the record disagrees with its own service
    service.list(31338, { rpc: `${b.url}/` + '?' })
    try {
      const differs = await cli([hash])
      expect(differs.code).toBe(1)
      expect(differs.out).toMatch(/Differs\s+RPC — the record names http:\/\/127\.0\.0\.1:\d+\/, the service's chain list/)
    } finally {
      service.list(31338, undefined)
    }
  })

  it('a wrong amount, block or contract is the service disagreeing with the chain: exit 1, both values shown', async () => {
    const wrongAmount = await honest()
    wrongAmount.receiving += 1n
    const amount = await cli([service.put(wrongAmount)])
    expect(amount.code).toBe(1)
    expect(amount.out).toMatch(/Disagrees: amount — service 0\.990000000000000001 TUSD, chain 0\.99 TUSD/)

    const wrongBlock = await honest()
    wrongBlock.source.height += 7
    const block = await cli([service.put(wrongBlock)])
    expect(block.code).toBe(1)
    expect(block.out).toContain(
      `Disagrees: block — service ${wrongBlock.source.height}, chain ${wrongBlock.source.height - 7}`
    )

    const wrongContract = await honest()
    ;(wrongContract.destination as { contract?: string }).contract = b.otherToken
    const contract = await cli([service.put(wrongContract), '--json'])
    expect(contract.code).toBe(1)
    const { check } = JSON.parse(contract.out) as { check: TransferCheck }
    expect(check.legs[1]?.outcome).toMatchObject({
      kind: 'disagrees',
      differences: [{ field: 'contract', service: b.otherToken, chain: b.bridge }]
    })
  })

  it('a hash the chain does not know, and a source the chain reverted: exit 1', async () => {
    const unknown = await honest()
    ;(unknown.destination as { hash: string }).hash = `0x${'77'.repeat(32)}`
    const nf = await cli([service.put(unknown)])
    expect(nf.code).toBe(1)
    expect(nf.out).toMatch(/Not found: the chain does not know this transaction/)

    const reverted = await a.deposit(a.accounts[7] as Hex, 10n) // holds no tokens
    const rv = await cli([
      service.put({
        source: { chain: a, hash: reverted, height: await height(a, reverted) },
        destination: null,
        sender: a.accounts[7] as Hex,
        recipient,
        sending: 10n,
        receiving: 10n
      })
    ])
    expect(rv.code).toBe(1)
    expect(rv.out).toMatch(/Reverted on chain in block \d+/)
    expect(rv.out).toMatch(/Cannot check: the service names no transaction for this leg yet/)
  })

  it('a leg not yet mined is pending; an RPC answering another chain is the wrong chain; a relayer leg without an EVM hash cannot be checked: exit 3, never 0', async () => {
    const facts = await honest()
    await b.automine(false)
    try {
      const pendingHash = await b.release(recipient, facts.receiving)
      const pending = await cli([
        service.put({
          ...facts,
          destination: { chain: b, hash: pendingHash, height: 0 },
          relayer: { chainId: 22776, hash: 'ab'.repeat(32), height: 5, rpc: a.url }
        })
      ])
      expect(pending.code).toBe(3)
      expect(pending.out).toMatch(/Pending: the chain knows the transaction but has not mined it yet/)
      expect(pending.out).toMatch(/Relayer leg[^\n]*\n[^\n]*Cannot check: not an EVM transaction hash/)
    } finally {
      await b.automine(true)
      await b.mine(1)
    }
    const other = await honest()
    const wrong = await cli([service.put(other), '--chain-rpc', `31338=${a.url}`])
    expect(wrong.code).toBe(3)
    expect(wrong.out).toMatch(/Wrong chain: the RPC answers chain 31337, the leg is on chain 31338/)
  })

  it('--help names the verify exit codes', async () => {
    let out = ''
    await main(['--help'], { stdout: { write: (t: string) => (out += t) }, stderr: { write: () => undefined }, env: { BRIDGESCOPE_DATA_DIR: dataDir } })
    expect(out).toMatch(/With --verify: 0 only when every leg is confirmed[\s\S]*1 when a chain[\s\S]*3 when a leg could not be verified/)
  })

  it('refuses a --chain-rpc that is not CHAIN_ID=URL, with exit 2', async () => {
    const r = await cli(['0x' + '1'.repeat(64), '--chain-rpc', 'bsc=somewhere'])
    expect(r.code).toBe(2)
    expect(r.err).toMatch(/--chain-rpc takes CHAIN_ID=URL/)
  })
})
