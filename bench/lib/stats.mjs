// Small statistics and table helpers shared by the benchmarks.

/** The p-th percentile (0-100) by the nearest-rank method: a value that was measured. */
export function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

/** p50, p95, min and max of a list of durations in ms, as table cells. */
export function summary(values) {
  const ms = (v) => `${v.toFixed(1)} ms`;
  return [ms(percentile(values, 50)), ms(percentile(values, 95)), ms(Math.min(...values)), ms(Math.max(...values))];
}

export const SUMMARY_COLUMNS = ['p50', 'p95', 'min', 'max'];

export function kb(bytes) {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/** A Markdown table: the first column left-aligned, the others right-aligned. */
export function table(columns, rows) {
  const cells = [columns, ...rows].map((row) => row.map((cell) => String(cell)));
  const widths = columns.map((_, i) => Math.max(3, ...cells.map((row) => row[i]?.length ?? 0)));
  const line = (row) => `| ${row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (i === 0 ? ` ${'-'.repeat(w)} ` : ` ${'-'.repeat(w - 1)}: `)).join('|')}|`;
  return [line(cells[0]), rule, ...cells.slice(1).map(line)].join('\n');
}
