// The bytecode the chain tests deploy is the committed artifact; it must be what the committed source
// compiles to with the pinned solc. After changing the source: UPDATE_CHAIN_ARTIFACTS=1 npx vitest run <this file>.
import { writeFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ARTIFACT_FILE, committedArtifacts, compileChainContracts } from '../../../support/solidity'

describe('the test chain contracts', () => {
  it('the committed bytecode and ABI are what the source compiles to', () => {
    const fresh = compileChainContracts()
    if (process.env.UPDATE_CHAIN_ARTIFACTS === '1')
      writeFileSync(ARTIFACT_FILE, `${JSON.stringify(fresh, null, 2)}\n`)
    const committed = committedArtifacts()
    expect(committed.compiler).toBe(fresh.compiler)
    expect(committed.contracts.TestToken.bytecode).toBe(fresh.contracts.TestToken.bytecode)
    expect(committed.contracts.TestBridge.bytecode).toBe(fresh.contracts.TestBridge.bytecode)
    expect(committed.contracts).toEqual(fresh.contracts)
    // the token emits the standard ERC-20 Transfer event the chain check reads
    expect(committed.contracts.TestToken.abi).toContainEqual(
      expect.objectContaining({ type: 'event', name: 'Transfer' })
    )
  })
})
