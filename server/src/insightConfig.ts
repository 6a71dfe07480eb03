type Env = Record<string, string | undefined>;

export interface InsightConfig {
  insight: {
    /** `INSIGHT_VIEW_FLUSH_MS` (1000): how long a process keeps the views it took before writing them; 0: only when asked (tests). */
    viewFlushMs: number;
    /** `INSIGHT_ROLLUP_INTERVAL_MS` (60000): how often the views are rolled up per book and day; 0 turns the timer off. */
    rollupIntervalMs: number;
  };
}

/** The view pipeline's clocks (server/src/insight/README.md). */
export function insightConfig(env: Env, problems: string[]): InsightConfig {
  const number = (name: string, fallback: number, max: number): number => {
    const raw = env[name]?.trim();
    if (!raw) return fallback;
    const value = Number(raw);
    if (!/^\d+$/.test(raw) || (value !== 0 && value < 10) || value > max) {
      problems.push(`${name} must be 0 (off) or a whole number of milliseconds from 10 to ${max}, got "${raw}"`);
      return fallback;
    }
    return value;
  };
  return {
    insight: {
      viewFlushMs: number('INSIGHT_VIEW_FLUSH_MS', 1_000, 60_000),
      rollupIntervalMs: number('INSIGHT_ROLLUP_INTERVAL_MS', 60_000, 3_600_000),
    },
  };
}
