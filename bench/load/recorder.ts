/** One request of the load: its kind, when it started (ms since the load began), how long it took. */
export interface Sample {
  kind: string;
  at: number;
  ms: number;
  ok: boolean;
  /** Why it failed (status, event or timeout), for the report. */
  failure?: string;
}

export const percentile = (xs: number[], p: number): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))] ?? NaN;
};

export interface KindSummary {
  kind: string;
  count: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** The first few distinct failures. */
  failures: string[];
}

/** Collects samples from every driver of the load and sums them up per kind. */
export class Recorder {
  readonly samples: Sample[] = [];
  private readonly startedAt = performance.now();

  /** Times `work`: a throw, or a false answer from it, is an error of that kind. */
  async time(kind: string, work: () => Promise<true | string>): Promise<void> {
    const start = performance.now();
    let failure: string | undefined;
    try {
      const outcome = await work();
      if (outcome !== true) failure = outcome;
    } catch (err) {
      failure = err instanceof Error ? err.message : String(err);
    }
    this.samples.push({
      kind,
      at: start - this.startedAt,
      ms: performance.now() - start,
      ok: failure === undefined,
      ...(failure !== undefined && { failure }),
    });
  }

  summary(): KindSummary[] {
    const kinds = [...new Set(this.samples.map((s) => s.kind))];
    return kinds.map((kind) => {
      const of = this.samples.filter((s) => s.kind === kind);
      const ms = of.filter((s) => s.ok).map((s) => s.ms);
      return {
        kind,
        count: of.length,
        errors: of.filter((s) => !s.ok).length,
        p50: percentile(ms, 0.5),
        p95: percentile(ms, 0.95),
        p99: percentile(ms, 0.99),
        max: ms.length ? Math.max(...ms) : NaN,
        failures: [...new Set(of.flatMap((s) => s.failure ?? []))].slice(0, 5),
      };
    });
  }
}
