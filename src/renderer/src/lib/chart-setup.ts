// chart.js, tree-shaken: only the pieces the Charts view draws (bar charts, stacked or horizontal, with a
// legend and tooltips) are imported and registered, once. This module is reached only through the Charts
// view's dynamic import, so chart.js stays out of the first bundle.
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js'

let registered = false

export function chartJs(): typeof Chart {
  if (!registered) {
    Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend)
    registered = true
  }
  return Chart
}

/** Series colours chosen to stay distinct and legible on both the light and the dark background. */
export const SERIES_COLOURS = ['#3b82f6', '#f59e0b', '#10b981', '#ef4444', '#8b5cf6', '#14b8a6', '#ec4899', '#84cc16', '#94a3b8']

export function seriesColour(i: number): string {
  return SERIES_COLOURS[i % SERIES_COLOURS.length] ?? '#888888'
}

/** The theme's text, muted text and grid colours, read from the CSS variables the app already sets. */
export function themeColours(): { text: string; muted: string; grid: string } {
  const css = getComputedStyle(document.documentElement)
  const v = (name: string, fallback: string): string => css.getPropertyValue(name).trim() || fallback
  return { text: v('--text', '#18202a'), muted: v('--muted', '#5b6673'), grid: v('--border', '#d9dee5') }
}
