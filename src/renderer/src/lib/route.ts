// The views and the hash route (#/transfers?address=…), without runes: the entry module reads the route
// before Svelte or any of the app's code has arrived. router.svelte.ts makes it reactive.
export const VIEWS = [
  { id: 'overview', label: 'Overview' },
  { id: 'transfers', label: 'Transfers' },
  { id: 'transfer', label: 'Transfer' },
  { id: 'tokens', label: 'Tokens' },
  { id: 'chains', label: 'Chains' },
  { id: 'vault', label: 'Vault' },
  { id: 'crosschain', label: 'Cross-chain' },
  { id: 'activity', label: 'Activity' },
  { id: 'charts', label: 'Charts' },
  { id: 'settings', label: 'Settings' }
] as const
export type ViewId = (typeof VIEWS)[number]['id']

export function parseRoute(hash: string): { view: ViewId; params: URLSearchParams } {
  const [path = '', query = ''] = hash.replace(/^#\/?/, '').split('?')
  const view = VIEWS.find((v) => v.id === path)?.id ?? 'overview'
  return { view, params: new URLSearchParams(query) }
}
