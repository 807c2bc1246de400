// Chart series never look alike: every pair of the palette's colours is far apart.
import { describe, expect, it } from 'vitest'
import { SERIES_COLOURS } from '../../../src/renderer/src/lib/chart-setup'

const rgb = (hex: string): [number, number, number] => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number]

describe('series colours', () => {
  it('any two colours differ by more than 60 in RGB distance (the old teal and emerald were 43 apart)', () => {
    for (let i = 0; i < SERIES_COLOURS.length; i++) {
      for (let j = i + 1; j < SERIES_COLOURS.length; j++) {
        const [a, b] = [rgb(SERIES_COLOURS[i] as string), rgb(SERIES_COLOURS[j] as string)]
        const d = Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2])
        expect({ pair: [SERIES_COLOURS[i], SERIES_COLOURS[j]], far: d > 60 }).toEqual({ pair: [SERIES_COLOURS[i], SERIES_COLOURS[j]], far: true })
      }
    }
  })
})
