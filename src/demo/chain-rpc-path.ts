// Where each demo chain answers its EVM JSON-RPC: /chain/<chainId>. Apart from chains.ts (which answers there)
// so that the catalog can name each chain's RPC URL without importing the chains' answers, which read the catalog.
export const CHAIN_RPC_PREFIX = '/chain/'
export function chainRpcPath(chainId: number): string {
  return `${CHAIN_RPC_PREFIX}${chainId}`
}
