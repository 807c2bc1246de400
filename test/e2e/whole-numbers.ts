// What "every number whole" means on a page, read in the page itself: no element holding an amount (or another
// number, [data-amount] / [data-number]) is cut — wider than its box, clipped by a box around it, or ending
// in "…" — no text with a decimal number is elided anywhere in the view, and a hash or address is shortened
// only in the middle (0x1234…abcd), the whole value in its tooltip.
import type { Page } from '@playwright/test'
import type { El, Rect } from './page-dom'
import type { Problem } from './reach'

interface TextNode {
  textContent: string | null
  parentElement: El | null
}
interface Doc {
  querySelector(selector: string): El | null
  body: El
  documentElement: El
  createTreeWalker(root: El, show: number): { nextNode(): TextNode | null }
  createRange(): { selectNodeContents(node: TextNode): void; getBoundingClientRect(): Rect }
}
interface Style {
  overflowX: string
  textOverflow: string
  visibility: string
  display: string
}
type PageGlobals = { document: Doc; getComputedStyle(el: El): Style }

/** A number cut short on screen: which element, its text, why it is cut (reach.ts's problem, same fields). */
export type Cut = Problem

export function cutNumbers(page: Page): Promise<Cut[]> {
  return page.evaluate(() => {
    const { document, getComputedStyle } = globalThis as unknown as PageGlobals
    const SHOW_TEXT = 4 // NodeFilter.SHOW_TEXT
    const out: Cut[] = []
    const root = document.querySelector('main') ?? document.body
    const name = (el: El): string => {
      const col = el.closest('[data-col]')?.getAttribute('data-col')
      const id = el.closest('[data-testid]')?.getAttribute('data-testid')
      return [el.tagName.toLowerCase(), col && `col=${col}`, id && `in ${id}`].filter(Boolean).join(' ')
    }
    const box = (el: El): Rect => el.getBoundingClientRect()
    // shown to the eye: laid out, not visibility:hidden, not the 1px box of a screen-reader-only text
    const shown = (el: El): boolean => {
      const r = box(el)
      return r.width > 1 && r.height > 1 && getComputedStyle(el).visibility !== 'hidden'
    }
    /** an ancestor that clips without letting the user scroll, and cuts the element's box */
    const clippedBy = (el: El): El | null => {
      const r = box(el)
      for (let a = el.parentElement; a && a !== document.documentElement; a = a.parentElement) {
        const cs = getComputedStyle(a)
        if (cs.overflowX === 'visible') continue
        if (cs.overflowX === 'auto' || cs.overflowX === 'scroll') return null
        const ar = box(a)
        if (r.left < ar.left - 0.5 || r.right > ar.right + 0.5) return a
      }
      return null
    }
    /** the element's text that is shown laid out beyond its box (screen-reader-only parts left out) */
    const textOverflows = (el: El): boolean => {
      const r = box(el)
      const texts = document.createTreeWalker(el, SHOW_TEXT)
      for (let n = texts.nextNode(); n; n = texts.nextNode()) {
        if (!n.parentElement || !shown(n.parentElement) || !(n.textContent ?? '').trim()) continue
        const range = document.createRange()
        range.selectNodeContents(n)
        const t = range.getBoundingClientRect()
        if (t.width > 0 && (t.left < r.left - 0.5 || t.right > r.right + 0.5)) return true
      }
      return false
    }

    for (const el of Array.from(root.querySelectorAll('[data-amount], [data-number]'))) {
      if (!shown(el)) continue
      const text = (el.textContent ?? '').trim()
      const what = name(el)
      if (text.includes('…')) out.push({ what, text, why: 'contains …' })
      if (el.clientWidth > 0 && el.scrollWidth > el.clientWidth) out.push({ what, text, why: `scrollWidth ${el.scrollWidth} > clientWidth ${el.clientWidth}` })
      if (textOverflows(el)) out.push({ what, text, why: 'text runs past its box' })
      const by = clippedBy(el)
      if (by) out.push({ what, text, why: `clipped by ${name(by)}` })
    }

    // an elided text holding a decimal number, marked or not
    const DECIMAL = /\d\.\d|\d,\d{3}/
    for (const el of Array.from(root.querySelectorAll('*'))) {
      const cs = getComputedStyle(el)
      if (cs.textOverflow !== 'ellipsis' || el.scrollWidth <= el.clientWidth || !shown(el)) continue
      const text = (el.textContent ?? '').trim()
      if (DECIMAL.test(text)) out.push({ what: name(el), text, why: 'elided with an ellipsis' })
    }

    // hashes and addresses: whole, or cut in the middle only, the whole value in the tooltip
    for (const el of Array.from(root.querySelectorAll('[data-hash]'))) {
      if (!shown(el)) continue
      const text = (el.textContent ?? '').trim()
      const full = el.getAttribute('title') ?? ''
      const what = name(el)
      const m = /^(0x[0-9a-f]{2,})…([0-9a-f]{4,})$/i.exec(text)
      const middle = m !== null && full.length > text.length && full.startsWith(m[1] as string) && full.endsWith(m[2] as string)
      if (text !== full && !middle) out.push({ what, text, why: `not the whole value (${full}) nor shortened in the middle` })
      if (el.clientWidth > 0 && el.scrollWidth > el.clientWidth) out.push({ what, text, why: 'hash wider than its box' })
      const by = clippedBy(el)
      if (by) out.push({ what, text, why: `hash clipped by ${name(by)}` })
    }
    // a hash cut at its end, wherever the text comes from
    const walker = document.createTreeWalker(root, SHOW_TEXT)
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent ?? ''
      const parent = n.parentElement
      if (parent && shown(parent) && /0x[0-9a-f]+…(?![0-9a-f])/i.test(text)) out.push({ what: name(parent), text: text.trim(), why: 'hash cut at its end' })
    }
    return out
  })
}

/** How many rows the toolbar's controls take: their tops, grouped. */
export function toolbarRows(page: Page, testid: string): Promise<number> {
  return page.getByTestId(testid).evaluate((node) => {
    const { getComputedStyle } = globalThis as unknown as PageGlobals
    const bar = node as unknown as El
    const items: El[] = []
    const collect = (el: El): void => {
      for (const c of Array.from(el.children)) {
        if (getComputedStyle(c).display === 'contents') collect(c)
        else if (c.getBoundingClientRect().height > 0) items.push(c)
      }
    }
    collect(bar)
    const tops: number[] = []
    for (const c of items) {
      const r = c.getBoundingClientRect()
      const mid = r.top + r.height / 2
      if (!tops.some((t) => Math.abs(t - mid) < 12)) tops.push(mid)
    }
    return tops.length
  })
}
