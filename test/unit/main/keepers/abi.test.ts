// The test contracts stand in for MAP's only if they expose the same functions with the same arguments and
// return the same structs as the published ABI files the product encodes with.
import { describe, expect, it } from 'vitest'
import type { Abi, AbiParameter } from 'viem'
import { MAINTAINER_ABI, TSS_MANAGER_ABI, VIEW_ABI } from '../../../../src/main/keepers'
import { compileKeeperContracts, type KeeperContractName } from '../../../support/keepers-chain'

/** A parameter as the wire sees it: its type, its name, and its components', not Solidity's internal names. */
function shape(p: AbiParameter): unknown {
  const components = 'components' in p && p.components ? p.components.map(shape) : undefined
  return { type: p.type, name: p.name ?? '', ...(components ? { components } : {}) }
}

function fn(abi: Abi, name: string): unknown {
  const f = abi.find((e) => e.type === 'function' && e.name === name)
  if (!f || f.type !== 'function') return null
  return { inputs: f.inputs.map(shape), outputs: f.outputs.map(shape), stateMutability: f.stateMutability }
}

const USED: [KeeperContractName, Abi, string[]][] = [
  ['TestMaintainers', MAINTAINER_ABI, ['currentEpoch', 'getEpochInfo', 'getMaintainerInfos']],
  ['TestTSSManager', TSS_MANAGER_ABI, ['getTSSStatus', 'getMembers', 'batchGetSlashPoint']],
  ['TestViewController', VIEW_ABI, ['getPublicKeys', 'getVault', 'getChainName']]
]

describe('the test contracts against the published ABIs', () => {
  const compiled = compileKeeperContracts()
  for (const [name, published, functions] of USED) {
    for (const f of functions) {
      it(`${name}.${f} takes and returns what MAP's ABI says`, () => {
        const ours = fn(compiled[name].abi, f)
        expect(ours).not.toBeNull()
        expect(ours).toEqual(fn(published, f))
      })
    }
  }

  it('the published ABIs are read whole: every function the product calls is in them', () => {
    for (const [, published, functions] of USED)
      for (const f of functions) expect(fn(published, f)).not.toBeNull()
  })
})
