// The chain check's front door: a transfer's legs checked against each chain's own EVM JSON-RPC, wired once
// (policed.ts: the service's RPCs through the address policy, the user's as typed) for both shells: the app's
// ChainCheckService (live Settings, cached lists; also the app watcher's check) and CommandChecks (the CLI's
// `--verify`: RPCs fixed at the start, the lists given or kept; also `watch … --verify`'s check).
//
// From a transfer detail to its checks:
//   checkTransfer               (./transfer.ts)             the record is about what was asked, or nothing is checked
//   legClaims(detail, tokens, chains) (src/shared/chain-check.ts)  what the service says, leg by leg, anchored
//                                                           on its chain list and token list
//   ChainChecker.checkLegs      (./checker.ts)              which RPC (the user's, else the chain list's), the
//                                                           proofs (block hash at height, head), memory, reorgs
//   EvmRpc                      (./evm-rpc.ts)              eth_chainId, eth_blockNumber, eth_getBlockByNumber,
//                                                           eth_getTransactionReceipt, eth_getTransactionByHash,
//                                                           eth_call decimals() and symbol()
//   rpc-wire                    (./rpc-wire.ts)             strict JSON-RPC replies; the one way out to an RPC
//   evaluateLeg                 (./evaluate.ts)             the outcome and its evidence
// and, for when a leg happened, readBlockTimes (./block-times.ts): the block at each leg's height, on the same RPCs
export { ChainChecker, rpcUrlFor, type ChainCheckerOptions, type RpcOverrides } from './checker'
export { TRANSFER_TOPIC } from './evaluate'
export { checkTransfer, questionMismatch, type TransferQuestion } from './transfer'
export { ChainCheckService, CHECKS_OFF_MESSAGE, type ChainCheckDeps } from './service'
export { CommandChecks, type CheckLists, type CommandChecksOptions, type ListService } from './command-checks'
export type { BlockTimeAnswer } from './block-times'
