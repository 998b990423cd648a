import type { LoadResult } from './load';

export interface Row {
  result: LoadResult;
  baseline: LoadResult;
  /** Targets, where the issue that added the benchmark set one. */
  target?: { minRpsRatio?: number; maxP99Ratio?: number };
}

const pad = (s: string, n: number) => s.padEnd(n);
const num = (n: number, d = 0) => n.toFixed(d).padStart(9);

export function printTable(rows: Row[]): boolean {
  let allMet = true;
  console.log(
    `\n${pad('benchmark', 44)}${'req/s'.padStart(9)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'req/s ÷ bare'.padStart(14)}${'p99 ÷ bare'.padStart(12)}  target`,
  );
  for (const { result: r, baseline: b, target } of rows) {
    const rpsRatio = b.rps ? r.rps / b.rps : 0;
    const p99Ratio = b.p99 ? r.p99 / b.p99 : r.p99 ? Infinity : 1;
    let verdict = '';
    if (target) {
      const ok = (target.minRpsRatio === undefined || rpsRatio >= target.minRpsRatio) && (target.maxP99Ratio === undefined || p99Ratio <= target.maxP99Ratio);
      allMet &&= ok;
      const parts = [
        target.minRpsRatio !== undefined ? `≥${target.minRpsRatio} rps` : '',
        target.maxP99Ratio !== undefined ? `≤${target.maxP99Ratio} p99` : '',
      ].filter(Boolean);
      verdict = `${parts.join(', ')} ${ok ? 'met' : 'MISSED'}`;
    }
    const errs = r.errors || r.non2xx ? `  (${r.errors} errors, ${r.non2xx} non-2xx)` : '';
    console.log(`${pad(r.name, 44)}${num(r.rps)}${num(r.p50, 1)}${num(r.p99, 1)}${num(rpsRatio, 2).padStart(14)}${num(p99Ratio, 2).padStart(12)}  ${verdict}${errs}`);
  }
  return allMet;
}
