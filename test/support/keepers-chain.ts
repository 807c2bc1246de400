// The relay chain for keeper tests: anvil with test/fixtures/keepers/Keepers.sol (compiled here, in-process,
// by the pinned `solc`) deployed, and a driver that writes its state the way the real contracts would come to
// hold it. Calls are encoded by viem from the compiled ABI.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { resolve } from 'node:path'
import { encodeFunctionData, type Abi } from 'viem'
import { startAnvil, type AnvilNode, type Hex, type Receipt } from './anvil'

export const KEEPERS_SOURCE = resolve(import.meta.dirname, '../fixtures/keepers/Keepers.sol')
export type KeeperContractName = 'TestMaintainers' | 'TestTSSManager' | 'TestViewController'

interface Compiled {
  abi: Abi
  bytecode: Hex
}

let compiled: Record<KeeperContractName, Compiled> | null = null

export function compileKeeperContracts(): Record<KeeperContractName, Compiled> {
  if (compiled) return compiled
  const solc = createRequire(import.meta.url)('solc') as { compile(input: string): string }
  const input = {
    language: 'Solidity',
    sources: { 'Keepers.sol': { content: readFileSync(KEEPERS_SOURCE, 'utf8') } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      evmVersion: 'cancun',
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } }
    }
  }
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
    errors?: { severity: string; formattedMessage: string }[]
    contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>
  }
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error')
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join('\n'))
  const pick = (name: KeeperContractName): Compiled => {
    const c = output.contracts['Keepers.sol']?.[name]
    if (!c) throw new Error(`solc produced no ${name}`)
    return { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` }
  }
  compiled = {
    TestMaintainers: pick('TestMaintainers'),
    TestTSSManager: pick('TestTSSManager'),
    TestViewController: pick('TestViewController')
  }
  return compiled
}

export interface RelayChain extends AnvilNode {
  maintainers: Hex
  tssManager: Hex
  viewController: Hex
  /** a transaction on one of the three contracts, mined before this returns */
  write(contract: KeeperContractName, functionName: string, args: readonly unknown[]): Promise<void>
}

export async function sendAndMine(
  node: AnvilNode,
  tx: { to: Hex | null; data: Hex }
): Promise<Receipt & { contractAddress?: Hex | null }> {
  const hash = await node.rpc<Hex>('eth_sendTransaction', [
    { from: node.accounts[0], ...(tx.to ? { to: tx.to } : {}), data: tx.data, gas: '0x1c9c380' }
  ])
  // anvil mines a sent transaction a moment after answering: wait for its receipt
  for (;;) {
    const receipt = await node.rpc<(Receipt & { contractAddress?: Hex | null }) | null>(
      'eth_getTransactionReceipt',
      [hash]
    )
    if (receipt) {
      if (receipt.status !== '0x1') throw new Error(`transaction ${hash} reverted`)
      return receipt
    }
    await new Promise((r) => setTimeout(r, 10))
  }
}

/** anvil (chain id 22776, the relay chain's) with the three keeper contracts deployed. */
export async function startRelayChain(): Promise<RelayChain> {
  const contracts = compileKeeperContracts()
  const node = await startAnvil({ chainId: 22776 })
  const deploy = async (name: KeeperContractName): Promise<Hex> => {
    const r = await sendAndMine(node, { to: null, data: contracts[name].bytecode })
    if (!r.contractAddress) throw new Error(`${name} was not deployed`)
    return r.contractAddress
  }
  const maintainers = await deploy('TestMaintainers')
  const tssManager = await deploy('TestTSSManager')
  const viewController = await deploy('TestViewController')
  const at: Record<KeeperContractName, Hex> = {
    TestMaintainers: maintainers,
    TestTSSManager: tssManager,
    TestViewController: viewController
  }
  return {
    ...node,
    maintainers,
    tssManager,
    viewController,
    write: async (contract, functionName, args) => {
      await sendAndMine(node, {
        to: at[contract],
        data: encodeFunctionData({ abi: contracts[contract].abi, functionName, args })
      })
    }
  }
}
