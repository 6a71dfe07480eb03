/**
 * Where a round's CPU went, read from /proc (Linux): a process's own time, PostgreSQL's (every
 * process of the cluster, whoever's session it serves) and the whole machine's busy time.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks a second (`getconf CLK_TCK`: 100 on Linux). */
const TICKS = 100;

/** A process's user and system time in seconds, or 0 once it has gone. */
export function processCpu(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return 0;
  }
}

/** CPU seconds of every process named `postgres` so far (those that ended are not counted: sample both ends of a span). */
export function postgresCpu(): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      total += processCpu(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

/** The machine's busy and total CPU seconds so far, all cores. */
export function machineCpu(): { busy: number; total: number } {
  const [line] = readFileSync('/proc/stat', 'utf8').split('\n');
  const values = line.trim().split(/\s+/).slice(1).map(Number);
  const total = values.reduce((sum, value) => sum + value, 0);
  const idle = values[3] + (values[4] ?? 0);
  return { busy: (total - idle) / TICKS, total: total / TICKS };
}

export interface CpuSpan {
  seconds: number;
  /** CPU seconds per second of the span (1 = one core busy). */
  api: number;
  postgres: number;
  /** The whole machine's busy cores, everyone's work included. */
  machine: number;
}

/** Starts measuring; the function answers the span's shares of CPU when called. */
export function cpuSpan(apiPid: number | undefined): () => CpuSpan {
  const at = Date.now();
  const api = processCpu(apiPid);
  const postgres = postgresCpu();
  const machine = machineCpu();
  return () => {
    const seconds = (Date.now() - at) / 1000;
    const now = machineCpu();
    return {
      seconds,
      api: (processCpu(apiPid) - api) / seconds,
      postgres: (postgresCpu() - postgres) / seconds,
      machine: (now.busy - machine.busy) / seconds,
    };
  };
}
