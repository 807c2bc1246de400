/** A row of the reference page: a few cells of plain text, as a table row of the app carries. */
export interface Row {
  i: number
  label: string
  hash: string
  amount: string
}

export function referenceRows(n: number): Row[] {
  return Array.from({ length: n }, (_, i) => ({
    i,
    label: `row ${i}`,
    hash: `0x${(i * 2654435761).toString(16).padStart(8, '0')}`,
    amount: `${(i * 17) % 1000}.00`
  }))
}
