/**
 * Beside jest's own reporter: one line when the run starts (how many files, on how many workers,
 * which suite), a line at each tenth of the files (jest's live status shows only on a terminal),
 * and a closing line with the count of tests and the time.
 */
const SUITE_NAMES = {
  fast: 'the tests but the slow proofs (those: npm run test:slow)',
  slow: 'the slow proofs (*.slow.test.ts)',
  all: 'every test, the slow proofs included',
};

const duration = (ms) => {
  const seconds = Math.round(ms / 1000);
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
};

class ProgressReporter {
  constructor(globalConfig) {
    this.workers = globalConfig.maxWorkers;
    this.suite = process.env.TEST_SUITE || 'fast';
    this.total = 0;
    this.done = 0;
    this.nextMark = 0;
    this.started = Date.now();
  }

  onRunStart(results) {
    this.started = Date.now();
    this.total = results.numTotalTestSuites;
    this.nextMark = Math.ceil(this.total / 10);
    const workers = this.workers === 1 ? '1 worker' : `${this.workers} workers`;
    process.stderr.write(`\nRunning ${this.total} test files on ${workers}: ${SUITE_NAMES[this.suite] ?? this.suite}\n`);
  }

  onTestResult(_test, _result, aggregated) {
    this.done += 1;
    if (process.stderr.isTTY || this.done < this.nextMark || this.done === this.total) return;
    this.nextMark += Math.ceil(this.total / 10);
    const failed = aggregated.numFailedTests ? `, ${aggregated.numFailedTests} failed` : '';
    process.stderr.write(
      `… ${this.done} of ${this.total} files, ${aggregated.numPassedTests} tests passed${failed}, ${duration(Date.now() - this.started)}\n`,
    );
  }

  onRunComplete(_contexts, results) {
    const parts = [`${results.numPassedTests} passed`];
    if (results.numFailedTests) parts.push(`${results.numFailedTests} failed`);
    if (results.numRuntimeErrorTestSuites) parts.push(`${results.numRuntimeErrorTestSuites} files failed to run`);
    if (results.numPendingTests) parts.push(`${results.numPendingTests} skipped`);
    process.stderr.write(`\n${parts.join(', ')} in ${results.numTotalTestSuites} files, ${duration(Date.now() - this.started)}\n`);
  }
}

module.exports = ProgressReporter;
