// Widths of text in the page's own fonts, for layout decisions made before the text is on screen (which
// columns of a table fit). Measured on a canvas, once per text and font; where there is no canvas (unit
// tests in jsdom) a generous estimate stands in.

type Ctx = Pick<CanvasRenderingContext2D, 'font' | 'measureText'>
let ctx: Ctx | null | undefined
/** per font, per text */
const cache = new Map<string, Map<string, number>>()
const CACHE_MAX = 5000

function context(): Ctx | null {
  if (ctx !== undefined) return ctx
  ctx = typeof OffscreenCanvas === 'function' ? new OffscreenCanvas(1, 1).getContext('2d') : null
  return ctx
}

/** The page's sans-serif font family, as the document uses it. */
export function uiFontFamily(): string {
  if (typeof document === 'undefined') return 'sans-serif'
  return getComputedStyle(document.documentElement).fontFamily || 'sans-serif'
}

/** px width of `text` in a CSS `font` ("600 12px system-ui, sans-serif"). */
export function textWidth(text: string, font: string): number {
  let widths = cache.get(font)
  if (!widths) cache.set(font, (widths = new Map()))
  const hit = widths.get(text)
  if (hit !== undefined) return hit
  const c = context()
  let w: number
  if (c) {
    c.font = font
    w = c.measureText(text).width
  } else {
    const size = Number(/(\d+(?:\.\d+)?)px/.exec(font)?.[1] ?? 14)
    w = text.length * size * 0.62
  }
  if (widths.size >= CACHE_MAX) widths.clear()
  widths.set(text, w)
  return w
}
