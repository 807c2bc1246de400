// The few DOM shapes the page-side checks (reach.ts, whole-numbers.ts) use: the node tsconfig has no DOM
// library, on purpose. Types only: the checks run in the page, so nothing here is evaluated there.
export interface Rect {
  left: number
  right: number
  top: number
  bottom: number
  width: number
  height: number
}
export interface El {
  tagName: string
  textContent: string | null
  clientWidth: number
  scrollWidth: number
  parentElement: El | null
  children: ArrayLike<El>
  closest(selector: string): El | null
  getAttribute(name: string): string | null
  getBoundingClientRect(): Rect
  querySelectorAll(selector: string): ArrayLike<El>
}
