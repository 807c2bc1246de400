// Hash routing (#/transfers?address=…): works the same from file:// in Electron and over http in the harness.
import { parseRoute as parse, type ViewId } from './route'

export { VIEWS, type ViewId } from './route'

class Router {
  current = $state(parse(typeof location === 'undefined' ? '' : location.hash))

  constructor() {
    if (typeof window !== 'undefined') {
      window.addEventListener('hashchange', () => {
        this.current = parse(location.hash)
      })
    }
  }

  href(view: ViewId, params?: Record<string, string | number | undefined>): string {
    const qs = Object.entries(params ?? {})
      .filter(([, v]) => v !== undefined && v !== '')
      .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
      .join('&')
    return `#/${view}${qs ? `?${qs}` : ''}`
  }

  /** Changes the route without a new history entry (Back skips it), from a query string without '?'. */
  replace(view: ViewId, query: string): void {
    const hash = `#/${view}${query ? `?${query}` : ''}`
    history.replaceState(history.state, '', `${location.pathname}${location.search}${hash}`)
    this.current = parse(hash)
  }

  go(view: ViewId, params?: Record<string, string | number | undefined>): void {
    location.hash = this.href(view, params)
  }
}

export const router = new Router()
