// A real EVM node for tests: anvil (Foundry), as the npm package @foundry-rs/anvil ships it for this
// platform (no download at run time). Started on a free 127.0.0.1 port, with the test chain's token and
// bridge (test/fixtures/chain) deployed from their committed bytecode. Everything goes through raw JSON-RPC:
// anvil's unlocked accounts take `eth_sendTransaction`, so nothing here signs.
import { spawn, type ChildProcess } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, resolve } from 'node:path'
import { committedArtifacts } from './solidity'

/** The anvil binary inside the platform package the wrapper depends on (its postinstall is not needed). */
export function anvilBinary(): string {
  const arch = process.arch === 'x64' ? 'amd64' : process.arch
  const platform = process.platform === 'win32' ? 'win32' : process.platform
  const pkg = createRequire(import.meta.url).resolve(`@foundry-rs/anvil-${platform}-${arch}/package.json`)
  return resolve(dirname(pkg), 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil')
}

export type Hex = `0x${string}`

export interface Receipt {
  status: Hex
  blockNumber: Hex
  blockHash: Hex
  to: Hex | null
  from: Hex
}

export interface AnvilNode {
  url: string
  chainId: number
  accounts: Hex[]
  rpc<T = unknown>(method: string, params?: unknown[]): Promise<T>
  stop(): Promise<void>
}

let rpcId = 1
async function call<T>(url: string, method: string, params: unknown[]): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: rpcId++, method, params })
  })
  const body = (await res.json()) as { result?: T; error?: { message: string } }
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result as T
}

/** Starts anvil on a port the system picks (its "Listening on" line says which). */
export async function startAnvil(opts: { chainId?: number } = {}): Promise<AnvilNode> {
  const chainId = opts.chainId ?? 31337
  const child: ChildProcess = spawn(
    anvilBinary(),
    ['--host', '127.0.0.1', '--port', '0', '--chain-id', String(chainId)],
    {
      stdio: ['ignore', 'pipe', 'pipe']
    }
  )
  const url = await new Promise<string>((resolveUrl, reject) => {
    let out = ''
    const timer = setTimeout(() => reject(new Error(`anvil did not start: ${out.slice(-500)}`)), 60_000)
    const onData = (chunk: Buffer): void => {
      out += chunk.toString()
      const m = /Listening on (127\.0\.0\.1:\d+)/.exec(out)
      if (m) {
        clearTimeout(timer)
        child.stdout?.off('data', onData)
        child.stdout?.resume()
        resolveUrl(`http://${m[1]}`)
      }
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', (c: Buffer) => (out += c.toString()))
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`anvil exited with ${code}: ${out.slice(-500)}`))
    })
  })
  const accounts = await call<Hex[]>(url, 'eth_accounts', [])
  return {
    url,
    chainId,
    accounts,
    rpc: (method, params = []) => call(url, method, params),
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done()
        child.once('exit', () => done())
        child.kill('SIGTERM')
      })
  }
}

// ---- ABI encoding, only what the test contracts take ----

const word = (n: bigint): string => n.toString(16).padStart(64, '0')
const addressWord = (a: string): string => a.toLowerCase().replace(/^0x/, '').padStart(64, '0')
function stringTail(s: string): string {
  const bytes = Buffer.from(s, 'utf8').toString('hex')
  return word(BigInt(bytes.length / 2)) + bytes.padEnd(Math.ceil(bytes.length / 64) * 64, '0')
}

/** A fixed gas and legacy gas price: a transaction sent again with the same nonce has the same hash. */
const GAS = '0x400000'
const GAS_PRICE = '0x77359400'

export interface TestChain extends AnvilNode {
  /** the deployer, who holds the supply and funds the others */
  deployer: Hex
  token: Hex
  /** a second token: a leg that moved it moved the wrong token */
  otherToken: Hex
  bridge: Hex
  decimals: number
  /** send a transaction from an unlocked account; mined at once unless automine is off */
  send(tx: { from: Hex; to: Hex; data: Hex; nonce?: number }): Promise<Hex>
  /** source leg: `from` approves the bridge and deposits `amount` of `token` (reverts on chain beyond its balance) */
  deposit(from: Hex, amount: bigint, token?: Hex): Promise<Hex>
  /** destination leg: the bridge pays `to` */
  release(to: Hex, amount: bigint, token?: Hex): Promise<Hex>
  receipt(hash: Hex): Promise<Receipt | null>
  mine(blocks: number): Promise<void>
  snapshot(): Promise<Hex>
  revert(snapshot: Hex): Promise<void>
  automine(on: boolean): Promise<void>
  blockNumber(): Promise<number>
  nonce(account: Hex): Promise<number>
}

/** anvil with two tokens (`decimals` each) and the bridge deployed; the bridge and accounts 1–3 funded. */
export async function startTestChain(opts: { chainId?: number; decimals?: number } = {}): Promise<TestChain> {
  const node = await startAnvil(opts)
  const { contracts } = committedArtifacts()
  const decimals = opts.decimals ?? 6
  const deployer = node.accounts[0] as Hex
  const selector = (c: 'TestToken' | 'TestBridge', sig: string): string => {
    const s = contracts[c].methods[sig]
    if (!s) throw new Error(`no ${sig} in ${c}`)
    return s
  }
  const receipt = (hash: Hex): Promise<Receipt | null> =>
    node.rpc<Receipt | null>('eth_getTransactionReceipt', [hash])
  let automining = true
  const send = async (tx: { from: Hex; to: Hex | null; data: Hex; nonce?: number }): Promise<Hex> => {
    const hash = await node.rpc<Hex>('eth_sendTransaction', [
      {
        from: tx.from,
        ...(tx.to ? { to: tx.to } : {}),
        data: tx.data,
        gas: GAS,
        gasPrice: GAS_PRICE,
        ...(tx.nonce === undefined ? {} : { nonce: `0x${tx.nonce.toString(16)}` })
      }
    ])
    // anvil mines a sent transaction a moment after answering: wait for it, so the caller sees it mined
    for (let i = 0; automining && i < 1000 && (await receipt(hash)) === null; i++)
      await new Promise((r) => setTimeout(r, 10))
    return hash
  }
  const deploy = async (bytecode: string, args: string): Promise<Hex> => {
    const r = await receipt(await send({ from: deployer, to: null, data: `${bytecode}${args}` as Hex }))
    const address = (r as unknown as { contractAddress: Hex | null } | null)?.contractAddress
    if (!address || r?.status !== '0x1') throw new Error(`deployment failed: ${JSON.stringify(r)}`)
    return address
  }
  const tokenArgs = (name: string, symbol: string): string => {
    const nameTail = stringTail(name)
    return (
      word(0x80n) +
      word(BigInt(0x80 + nameTail.length / 2)) +
      word(BigInt(decimals)) +
      word(10n ** 30n) +
      nameTail +
      stringTail(symbol)
    )
  }
  const token = await deploy(contracts.TestToken.bytecode, tokenArgs('Test USD', 'TUSD'))
  const otherToken = await deploy(contracts.TestToken.bytecode, tokenArgs('Other', 'OTH'))
  const bridge = await deploy(contracts.TestBridge.bytecode, '')
  const transferData = (to: string, amount: bigint): Hex =>
    `0x${selector('TestToken', 'transfer(address,uint256)')}${addressWord(to)}${word(amount)}`
  const funding = 10n ** 24n
  for (const t of [token, otherToken]) {
    for (const to of [bridge, ...node.accounts.slice(1, 4)])
      await send({ from: deployer, to: t, data: transferData(to, funding) })
  }
  const chain: TestChain = {
    ...node,
    deployer,
    token,
    otherToken,
    bridge,
    decimals,
    send,
    async deposit(from, amount, which = token) {
      await send({
        from,
        to: which,
        data: `0x${selector('TestToken', 'approve(address,uint256)')}${addressWord(bridge)}${word(amount)}`
      })
      return send({
        from,
        to: bridge,
        data: `0x${selector('TestBridge', 'deposit(address,uint256)')}${addressWord(which)}${word(amount)}`
      })
    },
    release: (to, amount, which = token) =>
      send({
        from: deployer,
        to: bridge,
        data: `0x${selector('TestBridge', 'release(address,address,uint256)')}${addressWord(which)}${addressWord(to)}${word(amount)}`
      }),
    receipt,
    mine: async (blocks) => {
      await node.rpc('anvil_mine', [`0x${blocks.toString(16)}`])
    },
    snapshot: () => node.rpc<Hex>('evm_snapshot', []),
    revert: async (id) => {
      const ok = await node.rpc<boolean>('evm_revert', [id])
      if (!ok) throw new Error(`evm_revert ${id} refused`)
    },
    automine: async (on) => {
      automining = on
      await node.rpc('evm_setAutomine', [on])
    },
    blockNumber: async () => Number(await node.rpc<Hex>('eth_blockNumber', [])),
    nonce: async (account) => Number(await node.rpc<Hex>('eth_getTransactionCount', [account, 'pending']))
  }
  return chain
}
