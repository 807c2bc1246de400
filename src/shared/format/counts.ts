// A count with its noun: "1 token", "2 tokens", "1,024 transfers".

/** `n` with `one` or `many` after it, grouped as en-US writes numbers. */
export function countText(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`
}
