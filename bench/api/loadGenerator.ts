/**
 * One load run by autocannon, in its own process, so the load generator never shares an event
 * loop with what it measures.
 */
import path from 'node:path';
import { ROOT, start } from '../lib/processes';
import type { Pinning } from './pinning';

export interface LoadResult {
  requestsPerSecond: number;
  /** Latency percentiles in milliseconds (autocannon counts whole milliseconds). */
  p50: number;
  p99: number;
  /** Answers other than 2xx, connection errors and time-outs: a run with any is no figure. */
  failures: number;
}

interface AutocannonJson {
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  latency: { p50: number; p99: number };
  requests: { total: number };
}

function isAutocannonJson(value: unknown): value is AutocannonJson {
  if (typeof value !== 'object' || value === null) return false;
  const result = value as Partial<AutocannonJson>;
  return typeof result.duration === 'number' && typeof result.latency?.p99 === 'number' && typeof result.requests?.total === 'number';
}

interface LoadOptions {
  connections: number;
  seconds: number;
  headers: Record<string, string>;
  /** Where autocannon runs (bench/api/pinning.ts). */
  pinning: Pinning;
}

/** `connections` keep-alive connections on `url` for `seconds`, sending `headers` with each request. */
export function runLoad(url: string, { connections, seconds, headers, pinning }: LoadOptions): Promise<LoadResult> {
  const args = ['--json', '-c', String(connections), '-d', String(seconds)];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}=${value}`);
  const lines: string[] = [];
  const run = pinning.loadCommand(path.join(ROOT, 'node_modules', '.bin', 'autocannon'), [...args, url]);
  const generator = start('autocannon', run.command, run.args, {
    onLine: (line) => lines.push(line),
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => void generator.stop(), (seconds + 60) * 1000);
    generator.child.once('close', (code) => {
      clearTimeout(timer);
      const json = lines.find((line) => line.startsWith('{'));
      const parsed: unknown = json ? JSON.parse(json) : undefined;
      if (code !== 0 || !isAutocannonJson(parsed)) {
        reject(new Error(`autocannon on ${url} failed (${code}):\n${generator.lastLines()}`));
        return;
      }
      resolve({
        requestsPerSecond: parsed.requests.total / parsed.duration,
        p50: parsed.latency.p50,
        p99: parsed.latency.p99,
        failures: parsed.errors + parsed.timeouts + parsed.non2xx,
      });
    });
  });
}
