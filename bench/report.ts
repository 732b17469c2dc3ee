/** One benchmark figure beside its budget; `lowerIsBetter` unless said otherwise. */
export type Figure = {
  id: string
  label: string
  value: number
  unit: string
  budget: number
  /** Set by `finish`: within budget. */
  pass?: boolean
  higherIsBetter?: boolean
  note?: string
}

export function finish(figure: Figure): Figure {
  const pass =
    Number.isFinite(figure.value) &&
    (figure.higherIsBetter ? figure.value >= figure.budget : figure.value <= figure.budget)
  return { ...figure, pass }
}

const format = (value: number, unit: string) =>
  `${Number.isFinite(value) ? (Math.abs(value) >= 100 ? value.toFixed(0) : value.toFixed(unit === '×' ? 2 : 1)) : 'n/a'} ${unit}`

/** The table `npm run bench` prints (and docs/measurements.md copies). */
export function printTable(figures: readonly Figure[]): void {
  const rows = figures.map((raw) => {
    const figure = raw.pass === undefined ? finish(raw) : raw
    return [
      figure.label,
      format(figure.value, figure.unit),
      `${figure.higherIsBetter ? '≥' : '≤'} ${format(figure.budget, figure.unit)}`,
      figure.pass ? 'pass' : 'FAIL',
      figure.note ?? '',
    ]
  })
  const header = ['Figure', 'Value', 'Budget', 'Result', 'Note']
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)))
  const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`
  console.log(`\n${line(header)}\n${line(widths.map((width) => '-'.repeat(width)))}`)
  for (const row of rows) console.log(line(row))
}
