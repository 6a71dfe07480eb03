/**
 * Which cores the API part's processes run on. With two CPUs or more and `taskset` (util-linux),
 * the server being measured runs on CPU 0 (the API, and the bare server: they take turns, so
 * only one of them is busy at a time) and autocannon on CPU 1. Each side of a round then gets one
 * core of its own and the load generator another. Left to the scheduler, the bare server served
 * anywhere from 28,000 to 55,000 requests a second for the same bytes from one round to the next
 * (docs/PERFORMANCE.md). The Auth emulator and the bench's own process are not pinned.
 * BENCH_API_PIN=0 leaves every process to the scheduler.
 */
import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';

const SERVER_CPU = 0;
const LOAD_CPU = 1;

export interface Pinning {
  /** For the printed header. */
  description: string;
  /** Puts a running process, every thread of it, on the server's core. */
  pinServer(pid: number | undefined, name: string): void;
  /** The command and arguments that run `command` on the load generator's core. */
  loadCommand(command: string, args: string[]): { command: string; args: string[] };
}

const unpinned = (why: string): Pinning => ({
  description: `not pinned (${why})`,
  pinServer: () => {},
  loadCommand: (command, args) => ({ command, args }),
});

function hasTaskset(): boolean {
  const probe = spawnSync('taskset', ['--version'], { stdio: 'ignore' });
  return probe.error === undefined && probe.status === 0;
}

export function apiPinning(): Pinning {
  if (process.env.BENCH_API_PIN === '0') return unpinned('BENCH_API_PIN=0');
  if (availableParallelism() < 2) return unpinned('one CPU');
  if (!hasTaskset()) return unpinned('no taskset');
  return {
    description: `the server measured on CPU ${SERVER_CPU}, autocannon on CPU ${LOAD_CPU} (taskset; BENCH_API_PIN=0 turns this off)`,
    pinServer(pid, name) {
      if (pid === undefined) throw new Error(`${name} has no process id to pin`);
      // -a: every thread the process has; threads it starts later inherit the main thread's core.
      const result = spawnSync('taskset', ['-a', '-p', '-c', String(SERVER_CPU), String(pid)], { encoding: 'utf8' });
      if (result.status !== 0) throw new Error(`Could not pin ${name} (pid ${pid}) to CPU ${SERVER_CPU}: ${result.stderr || result.error?.message}`);
    },
    loadCommand: (command, args) => ({ command: 'taskset', args: ['-c', String(LOAD_CPU), command, ...args] }),
  };
}
