// How a soak's figures are judged and printed (decision 099): statuses per route, throughput and
// latency per kind of action, each instance's memory, and the checks.
import type { Check } from './checks.ts'
import type { MemorySample, SoakReport } from './run.ts'

const MB = 2 ** 20

/**
 * The memory criterion: heap used right after a full collection (what is still referenced), fitted
 * with a straight line over the samples after the warm-up. It fails when that line rises more than
 * HEAP_GROWTH_MB, or HEAP_GROWTH_SHARE of the heap at the end of the warm-up when that is more,
 * over the rest of the run: a leak of a few hundred bytes per request shows so within minutes, while
 * caches that fill up to their bounds in the warm-up do not.
 */
export const HEAP_GROWTH_MB = 8
export const HEAP_GROWTH_SHARE = 0.1

export interface MemoryVerdict {
  warmHeapMb: number
  finalHeapMb: number
  warmRssMb: number
  finalRssMb: number
  /** The fitted line's slope after the warm-up, MB per minute of heap. */
  slopeMbPerMin: number
  /** What the line rises over the samples after the warm-up, MB. */
  riseMb: number
  boundMb: number
  samples: number
}

/** Least-squares slope of `y` over `x`. */
function slope(points: Array<[number, number]>): number {
  const n = points.length
  const mx = points.reduce((s, [x]) => s + x, 0) / n
  const my = points.reduce((s, [, y]) => s + y, 0) / n
  const sxx = points.reduce((s, [x]) => s + (x - mx) ** 2, 0)
  const sxy = points.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0)
  return sxx === 0 ? 0 : sxy / sxx
}

export function judgeMemory(samples: MemorySample[], warmupMs: number): MemoryVerdict | undefined {
  const after = samples.filter((s) => s.atMs >= warmupMs)
  if (after.length < 3) return undefined
  const first = after[0]!
  const last = after.at(-1)!
  const perMs = slope(after.map((s) => [s.atMs, s.heapUsed / MB]))
  const warmHeapMb = first.heapUsed / MB
  return {
    warmHeapMb,
    finalHeapMb: last.heapUsed / MB,
    warmRssMb: first.rss / MB,
    finalRssMb: last.rss / MB,
    slopeMbPerMin: perMs * 60_000,
    riseMb: perMs * (last.atMs - first.atMs),
    boundMb: Math.max(HEAP_GROWTH_MB, HEAP_GROWTH_SHARE * warmHeapMb),
    samples: after.length,
  }
}

export function memoryChecks(report: SoakReport, warmupMs: number): Check[] {
  return report.memory.map((samples, i) => {
    const v = judgeMemory(samples, warmupMs)
    if (!v)
      return { name: `instance ${i + 1}: heap flat after the warm-up`, ok: false, detail: 'too few samples' }
    return {
      name: `instance ${i + 1}: heap flat after the warm-up`,
      ok: v.riseMb <= v.boundMb,
      detail: `rises ${v.riseMb.toFixed(1)} MB (at most ${v.boundMb.toFixed(1)})`,
    }
  })
}

/** A route or action answered at least once with 5xx, or not at all (status 0), fails. */
export function statusCheck(report: SoakReport): Check {
  const bad = [...report.statuses].flatMap(([route, statuses]) =>
    [...statuses]
      .filter(([status]) => status === 0 || status >= 500)
      .map(([status, n]) => `${route}: ${n}× ${status}`),
  )
  return {
    name: 'no 5xx answers and no request unanswered',
    ok: bad.length === 0,
    detail: bad.join('; ') || 'none',
  }
}

const quantile = (values: number[], q: number) => {
  if (!values.length) return 0
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!
}
const ms = (v: number) => v.toFixed(0).padStart(6)

export function formatReport(report: SoakReport, warmupMs: number): string {
  const seconds = report.elapsedMs / 1000
  const out: string[] = []
  const requests = [...report.routeLatencies.values()].reduce((n, l) => n + l.length, 0)
  out.push(
    `${report.actions} actions, ${requests} requests in ${seconds.toFixed(0)} s: ` +
      `${(requests / seconds).toFixed(0)} requests/s over both instances`,
    '',
    `${'action'.padEnd(22)} ${'count'.padStart(6)} ${'per s'.padStart(6)} ${'done'.padStart(5)} ${'p50 ms'.padStart(6)} ${'p95 ms'.padStart(6)} ${'p99 ms'.padStart(6)}`,
  )
  for (const [kind, k] of report.kinds) {
    out.push(
      `${kind.padEnd(22)} ${String(k.latencies.length).padStart(6)} ${(k.latencies.length / seconds).toFixed(1).padStart(6)} ` +
        `${(k.latencies.length ? `${Math.round((100 * k.done) / k.latencies.length)}%` : '-').padStart(5)} ` +
        `${ms(quantile(k.latencies, 0.5))} ${ms(quantile(k.latencies, 0.95))} ${ms(quantile(k.latencies, 0.99))}`,
    )
  }
  out.push(
    '',
    `${'route'.padEnd(64)} ${'count'.padStart(6)} ${'p50 ms'.padStart(6)} ${'p99 ms'.padStart(6)}  statuses`,
  )
  for (const [route, statuses] of [...report.statuses].sort(([a], [b]) => a.localeCompare(b))) {
    const latencies = report.routeLatencies.get(route) ?? []
    const seen = [...statuses]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s}×${n}`)
      .join(' ')
    out.push(
      `${route.padEnd(64)} ${String(latencies.length).padStart(6)} ${ms(quantile(latencies, 0.5))} ${ms(quantile(latencies, 0.99))}  ${seen}`,
    )
  }
  out.push('', 'refusals (4xx) by code:')
  for (const [route, codes] of [...report.refusals].sort(([a], [b]) => a.localeCompare(b))) {
    out.push(`  ${route}: ${[...codes].map(([code, n]) => `${code} ×${n}`).join(', ')}`)
  }
  out.push('', `memory (after a full collection), warm-up ${(warmupMs / 1000).toFixed(0)} s:`)
  report.memory.forEach((samples, i) => {
    const v = judgeMemory(samples, warmupMs)
    const start = samples[0]
    out.push(
      v
        ? `  instance ${i + 1}: heap ${(start!.heapUsed / MB).toFixed(1)} MB at start, ${v.warmHeapMb.toFixed(1)} MB after ` +
            `the warm-up, ${v.finalHeapMb.toFixed(1)} MB at the end; slope ${v.slopeMbPerMin.toFixed(2)} MB/min ` +
            `(${v.samples} samples); RSS ${v.warmRssMb.toFixed(0)} → ${v.finalRssMb.toFixed(0)} MB`
        : `  instance ${i + 1}: ${samples.map((s) => `${(s.heapUsed / MB).toFixed(1)} MB`).join(' → ')} (not judged)`,
    )
  })
  out.push('', 'checks:')
  for (const c of report.checks) out.push(`  ${c.ok ? 'ok  ' : 'FAIL'} ${c.name}: ${c.detail}`)
  return out.join('\n')
}
