// Compiles the test chain's contracts (test/fixtures/chain/BridgeToken.sol) with the `solc` npm package, the
// compiler pinned in package.json. The committed artifact beside the source is what tests deploy; a unit test
// recompiles and compares, so the bytecode a test runs is always the source's.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { resolve } from 'node:path'

export const CHAIN_FIXTURES = resolve(import.meta.dirname, '../fixtures/chain')
export const SOURCE_FILE = 'BridgeToken.sol'
export const ARTIFACT_FILE = resolve(CHAIN_FIXTURES, 'BridgeToken.json')

export interface ContractArtifact {
  abi: unknown[]
  /** creation bytecode, 0x-prefixed */
  bytecode: string
  /** function signature → 4-byte selector (hex, no 0x) */
  methods: Record<string, string>
}
export interface ChainArtifacts {
  compiler: string
  contracts: { TestToken: ContractArtifact; TestBridge: ContractArtifact }
}

interface SolcOutput {
  errors?: { severity: string; formattedMessage: string }[]
  contracts: Record<
    string,
    Record<
      string,
      { abi: unknown[]; evm: { bytecode: { object: string }; methodIdentifiers: Record<string, string> } }
    >
  >
}

export function compileChainContracts(): ChainArtifacts {
  const solc = createRequire(import.meta.url)('solc') as { compile(input: string): string; version(): string }
  const input = {
    language: 'Solidity',
    sources: { [SOURCE_FILE]: { content: readFileSync(resolve(CHAIN_FIXTURES, SOURCE_FILE), 'utf8') } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      evmVersion: 'cancun',
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.methodIdentifiers'] } }
    }
  }
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error')
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join('\n'))
  const pick = (name: 'TestToken' | 'TestBridge'): ContractArtifact => {
    const c = output.contracts[SOURCE_FILE]?.[name]
    if (!c) throw new Error(`solc produced no ${name}`)
    return { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}`, methods: c.evm.methodIdentifiers }
  }
  return {
    compiler: solc.version(),
    contracts: { TestToken: pick('TestToken'), TestBridge: pick('TestBridge') }
  }
}

export function committedArtifacts(): ChainArtifacts {
  return JSON.parse(readFileSync(ARTIFACT_FILE, 'utf8')) as ChainArtifacts
}
