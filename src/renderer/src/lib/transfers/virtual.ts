// Virtual-scroll arithmetic, kept free of the DOM so it is tested on its own: which rows are visible, and
// which window of rows to ask main for so the renderer holds only what it shows plus a margin.

/** Height of a table row in px: the table draws rows at it, and a live refresh turns rows into a scroll offset. */
export const ROW_HEIGHT = 34

export interface Range {
  /** first index, inclusive */
  start: number
  /** last index, exclusive */
  end: number
}

/** Rows to draw for a scroll position: the visible ones plus `overscan` on each side, clamped to [0, total). */
export function visibleRange(scrollTop: number, viewportHeight: number, rowHeight: number, total: number, overscan = 8): Range {
  if (total <= 0 || rowHeight <= 0) return { start: 0, end: 0 }
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight)
  const count = Math.ceil(Math.max(0, viewportHeight) / rowHeight) + 1
  const start = Math.max(0, Math.min(total - 1, first - overscan))
  const end = Math.min(total, first + count + overscan)
  return { start, end: Math.max(start, end) }
}

/** Is every row of `need` inside the window the renderer holds? */
export function covers(have: { offset: number; count: number } | null, need: Range): boolean {
  if (!have || need.end <= need.start) return need.end <= need.start
  return need.start >= have.offset && need.end <= have.offset + have.count
}

/**
 * Does the window end within `margin` rows of `need` on a side where the list goes on? Then the next window is
 * asked for while the rows in view are still held: at a fast scroll (120 px a frame) main's answer takes 2 to 6
 * frames with a million rows loaded, and a window asked only once rows were missing arrived with a dozen rows
 * on screen blank, whose whole markup was then built in one frame (3 frames long, where a scroll frame is 1).
 */
export function runsOut(have: { offset: number; count: number }, need: Range, total: number, margin: number): boolean {
  if (need.end <= need.start) return false
  const end = have.offset + have.count
  return (have.offset > 0 && need.start - have.offset < margin) || (end < total && end - need.end < margin)
}

/**
 * The window to fetch for a visible range: `size` rows (main caps a request at 500) around the range, aligned
 * to `align` so small scrolls ask for the same window and hit main's cached view. Still (`lean` 0) the range
 * is in the window's middle; scrolling (`lean` 1 down, -1 up) the window keeps `behind` rows on the side the
 * table comes from and the rest ahead, so the answer, which comes frames later, still has rows ahead of where
 * the table is by then.
 */
export function windowFor(need: Range, total: number, size = 200, align = 50, lean: -1 | 0 | 1 = 0, behind = 40): { offset: number; limit: number } {
  const span = Math.max(size, need.end - need.start)
  let offset: number
  if (lean > 0) offset = need.start - behind
  else if (lean < 0) offset = need.end + behind - span
  else offset = Math.floor((need.start + need.end) / 2) - Math.floor(span / 2)
  offset = Math.max(0, offset)
  offset = Math.floor(offset / align) * align
  if (offset > need.start) offset = Math.floor(need.start / align) * align
  const limit = Math.max(1, Math.min(span + align, Math.max(1, total - offset)))
  return { offset, limit }
}

/** The row index to make active after a navigation key, or null when the key is not one of ours. */
export function nextActive(key: string, current: number, total: number, pageRows: number): number | null {
  if (total <= 0) return null
  const last = total - 1
  const at = Math.min(Math.max(current, 0), last)
  switch (key) {
    case 'ArrowDown':
      return current < 0 ? 0 : Math.min(last, at + 1)
    case 'ArrowUp':
      return current < 0 ? 0 : Math.max(0, at - 1)
    case 'PageDown':
      return Math.min(last, at + Math.max(1, pageRows))
    case 'PageUp':
      return Math.max(0, at - Math.max(1, pageRows))
    case 'Home':
      return 0
    case 'End':
      return last
    default:
      return null
  }
}

/** scrollTop that brings row `index` into view, or the current one when it is already visible. */
export function scrollToShow(index: number, scrollTop: number, viewportHeight: number, rowHeight: number): number {
  const top = index * rowHeight
  if (top < scrollTop) return top
  if (top + rowHeight > scrollTop + viewportHeight) return top + rowHeight - viewportHeight
  return scrollTop
}
