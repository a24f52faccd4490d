export interface Row {
  case: string;
  value: number;
  unit: string;
  /** Goal as a readable bound, e.g. '<= 1.3'. */
  goal?: string;
  note?: string;
}

export function printTable(title: string, rows: Row[]) {
  const cells = rows.map((r) => [
    r.case,
    `${Number.isInteger(r.value) ? r.value : r.value.toFixed(2)} ${r.unit}`,
    r.goal ?? '',
    r.note ?? '',
  ]);
  const header = ['case', 'value', 'goal', 'note'];
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c: string[]) => c.map((v, i) => v.padEnd(widths[i])).join(' | ');
  console.log(`\n${title}\n`);
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
  for (const c of cells) console.log(line(c));
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** The p-th percentile (0..100) by the nearest-rank method. */
export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
};
