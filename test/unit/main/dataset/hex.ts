/** `n` hex digits from a seed: the same text for the same seed, different for neighbouring seeds. */
export function hex(n: number, seed: number): string {
  let s = ''
  let x = seed >>> 0 || 1
  for (let i = 0; i < n; i++) {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0
    s += '0123456789abcdef'[x >>> 28]
  }
  return s
}
