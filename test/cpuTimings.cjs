// With TEST_CPU_TIMINGS (a file; scripts/test-timings.mjs sets it), appends each test file's wall
// time and the CPU time its jest worker spent meanwhile (every thread of it: a PGlite worker
// thread counts), one JSON line per file. A file whose CPU time is far below its wall time waits
// on something (a timer, a child process, a port) while its core could run another file.
const fs = require('node:fs');

const log = process.env.TEST_CPU_TIMINGS;
if (log) {
  const started = performance.now();
  const cpu = process.cpuUsage();
  afterAll(() => {
    const used = process.cpuUsage(cpu);
    const line = { file: expect.getState().testPath, wallMs: performance.now() - started, cpuMs: (used.user + used.system) / 1000 };
    fs.appendFileSync(log, `${JSON.stringify(line)}\n`);
  });
}
