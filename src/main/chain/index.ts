// The chain check's front door: a transfer's legs checked against each chain's own EVM JSON-RPC.
//
// From a transfer detail to its checks:
//   legClaims(detail, tokens)   (src/shared/chain-check.ts)  what the service says, leg by leg
//   ChainChecker.checkLegs      (./checker.ts)              which RPC (the user's, else the service's), the
//                                                           memory of earlier answers, reorgs
//   EvmRpc                      (./evm-rpc.ts)              eth_chainId, eth_getTransactionByHash,
//                                                           eth_getTransactionReceipt, eth_blockNumber
//   evaluateLeg                 (./evaluate.ts)             the outcome and its evidence
export { ChainChecker, rpcUrlFor, type ChainCheckerOptions, type RpcOverrides } from './checker'
export { TRANSFER_TOPIC } from './evaluate'
export { checkTransfer } from './transfer'
export { ChainCheckService, CHECKS_OFF_MESSAGE, type ChainCheckDeps } from './service'
