// What "everything on screen can be reached and read" means on a page, read in the page itself (beside
// whole-numbers.ts, which holds amounts and hashes whole): nothing shown lies outside the window where no
// scrolling brings it (left of the page, or right of it when the page does not scroll sideways), no text in a
// table cell is cut by its cell, and no input's placeholder is cut by the input.
import type { Page } from '@playwright/test'
import type { El, Rect } from './page-dom'

interface InputEl extends El {
  placeholder: string
  value: string
}
interface TextNode {
  textContent: string | null
  parentElement: El | null
}
interface Doc {
  body: El
  documentElement: El
  createTreeWalker(root: El, show: number): { nextNode(): TextNode | null }
  createRange(): { selectNodeContents(node: TextNode): void; getBoundingClientRect(): Rect }
  createElement(tag: 'canvas'): {
    getContext(kind: '2d'): { font: string; measureText(t: string): { width: number } } | null
  }
}
interface Style {
  overflowX: string
  visibility: string
  position: string
  font: string
  paddingLeft: string
  paddingRight: string
}
type PageGlobals = { document: Doc; getComputedStyle(el: El): Style; innerWidth: number }

export interface Problem {
  what: string
  text: string
  why: string
}

export function layoutProblems(page: Page): Promise<Problem[]> {
  return page.evaluate(() => {
    const { document, getComputedStyle } = globalThis as unknown as PageGlobals
    const SHOW_TEXT = 4 // NodeFilter.SHOW_TEXT
    const out: Problem[] = []
    const html = document.documentElement
    const vw = html.clientWidth
    const name = (el: El): string => {
      const col = el.closest('[data-col]')?.getAttribute('data-col')
      const id = el.closest('[data-testid]')?.getAttribute('data-testid')
      const label = el.getAttribute('aria-label')
      return [el.tagName.toLowerCase(), label && `"${label}"`, col && `col=${col}`, id && `in ${id}`]
        .filter(Boolean)
        .join(' ')
    }
    const text = (el: El): string => (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60)
    // shown to the eye: laid out, not visibility:hidden, not the 1px box of a screen-reader-only text
    const shown = (el: El): boolean => {
      const r = el.getBoundingClientRect()
      return r.width > 1 && r.height > 1 && getComputedStyle(el).visibility !== 'hidden'
    }
    // The view's pane (main) scrolls up and down; a view is laid out never to need it sideways, so what lies past
    // the window's edge there is off screen. Boxes made to scroll sideways inside it (a wide table, a JSON tree)
    // are where the user reaches their content.
    /** inside a box within the view that scrolls sideways (reached there) or clips it (not shown, so not "off screen") */
    const contained = (el: El): boolean => {
      for (let a = el.parentElement; a && a !== html && a !== document.body && a.tagName !== 'MAIN'; a = a.parentElement) {
        if (getComputedStyle(a).overflowX !== 'visible') return true
      }
      return false
    }
    const offending = new Set<El>()
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      if (!shown(el) || contained(el)) continue
      const r = el.getBoundingClientRect()
      const left = r.left < -0.5
      const right = r.right > vw + 0.5
      if (!left && !right) continue
      offending.add(el)
      // the outermost element only: its children are off screen with it
      if (el.parentElement && offending.has(el.parentElement)) continue
      out.push({
        what: name(el),
        text: text(el),
        why: `outside the window where nothing scrolls to it (x ${Math.round(r.left)}–${Math.round(r.right)} of ${vw})`
      })
    }

    // text in a table cell cut by the cell (or by a part of it that clips)
    const CELLS = 'td, th, [role=gridcell], [role=cell], [role=columnheader], [role=rowheader]'
    for (const cell of Array.from(document.body.querySelectorAll(CELLS))) {
      if (!shown(cell)) continue
      const walker = document.createTreeWalker(cell, SHOW_TEXT)
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const parent = n.parentElement
        if (!parent || !(n.textContent ?? '').trim() || !shown(parent)) continue
        const range = document.createRange()
        range.selectNodeContents(n)
        const t = range.getBoundingClientRect()
        if (t.width === 0) continue
        // the nearest box between the text and the cell (the cell included) that clips
        for (let a: El | null = parent; a; a = a === cell ? null : a.parentElement) {
          if (getComputedStyle(a).overflowX === 'visible') continue
          const b = a.getBoundingClientRect()
          if (t.left < b.left - 0.5 || t.right > b.right + 0.5) {
            out.push({
              what: name(parent),
              text: (n.textContent ?? '').trim().slice(0, 60),
              why: `cut by ${name(a)} (text ${Math.round(t.left)}–${Math.round(t.right)}, box ${Math.round(b.left)}–${Math.round(b.right)})`
            })
          }
          break
        }
      }
    }

    // a placeholder wider than its empty input
    const ctx = document.createElement('canvas').getContext('2d')
    for (const input of Array.from(document.body.querySelectorAll('input[placeholder]')) as InputEl[]) {
      if (!ctx || !shown(input) || input.value !== '') continue
      const cs = getComputedStyle(input)
      ctx.font = cs.font
      const room = input.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight)
      const need = ctx.measureText(input.placeholder).width
      if (need > room + 0.5)
        out.push({
          what: name(input),
          text: input.placeholder,
          why: `placeholder cut (${Math.round(need)} px in ${Math.round(room)})`
        })
    }
    return out
  })
}
