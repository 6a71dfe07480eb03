#!/usr/bin/env node
// Where a jest run spends its time: the slowest test files, the time per project, and the time
// spent building the test databases (the run's template, and each file's copy of it).
//
//   npm run test:timings                  runs `npm test`'s files and reports on them
//   TEST_SUITE=slow npm run test:timings  the slow proofs (or TEST_SUITE=all)
//   npm run test:timings -- --report F    reports on a run already made (F: jest --json output;
//                                         F.databases, when present, the databases it built)
//   TEST_DB_TEMPLATE=off …                each file builds and migrates its database, as before
//                                         the template (for comparison)
// Other arguments go to jest. Node built-ins only.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const args = process.argv.slice(2);
const COUNT = 20;
let reportFile;
const reportAt = args.indexOf('--report');
if (reportAt >= 0) {
  reportFile = args[reportAt + 1];
  if (!reportFile) {
    console.error('--report needs the file jest wrote with --json --outputFile');
    process.exit(2);
  }
} else {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'book-resale-timings-'));
  reportFile = path.join(folder, 'jest.json');
  const run = spawnSync('npx', ['jest', '--json', `--outputFile=${reportFile}`, ...args], {
    stdio: 'inherit',
    env: { ...process.env, TEST_DB_TIMINGS: `${reportFile}.databases`, TEST_CPU_TIMINGS: `${reportFile}.cpu` },
  });
  if (run.error) throw run.error;
  if (!fs.existsSync(reportFile)) process.exit(run.status ?? 1);
}

const report = JSON.parse(fs.readFileSync(reportFile, 'utf8'));
// Names relative to the repository the report was made in (the folder above src/, server/, …).
const repositoryOf = (name) => name.replace(/\/(src|server|sandbox|test|scripts)\/.*$/, '');
const files = report.testResults.map((result) => ({
  name: path.relative(repositoryOf(result.name), result.name),
  seconds: (result.endTime - result.startTime) / 1000,
  tests: result.assertionResults.length,
}));
const seconds = (n) => `${n.toFixed(0)} s`;
const wall = (Math.max(...report.testResults.map((r) => r.endTime)) - report.startTime) / 1000;
const busy = files.reduce((sum, f) => sum + f.seconds, 0);
console.log(`\n${report.numTotalTests} tests in ${files.length} files: ${seconds(wall)} from the start to the last file, ${seconds(busy)} of files run`);
const byProject = new Map();
for (const f of files) {
  const project = /^(server|sandbox)\//.test(f.name) ? 'API and sandboxes' : 'client';
  byProject.set(project, (byProject.get(project) ?? 0) + f.seconds);
}
console.log([...byProject].map(([project, total]) => `${project}: ${seconds(total)}`).join(', '));

const databaseLog = `${reportFile}.databases`;
if (fs.existsSync(databaseLog)) {
  const built = fs.readFileSync(databaseLog, 'utf8').trim().split('\n').filter(Boolean).map((line) => JSON.parse(line));
  const byHow = new Map();
  for (const { how, ms } of built) {
    const entry = byHow.get(how) ?? { count: 0, ms: 0 };
    entry.count += 1;
    entry.ms += ms;
    byHow.set(how, entry);
  }
  console.log('Databases built:');
  for (const [how, { count, ms }] of byHow) {
    console.log(`  ${how}: ${count}, ${(ms / 1000).toFixed(1)} s in all, ${(ms / count / 1000).toFixed(2)} s each`);
  }
}

const cpuLog = `${reportFile}.cpu`;
if (fs.existsSync(cpuLog)) {
  // Each file's wall time and the CPU its worker spent meanwhile (test/cpuTimings.cjs).
  const measured = fs.readFileSync(cpuLog, 'utf8').trim().split('\n').filter(Boolean).map((line) => JSON.parse(line));
  const byProjectCpu = new Map();
  for (const { file, wallMs, cpuMs } of measured) {
    const project = /\/(server|sandbox)\//.test(file) ? 'API and sandboxes' : 'client';
    const entry = byProjectCpu.get(project) ?? { wallMs: 0, cpuMs: 0 };
    entry.wallMs += wallMs;
    entry.cpuMs += cpuMs;
    byProjectCpu.set(project, entry);
  }
  console.log('CPU while a file ran, against its time:');
  for (const [project, { wallMs, cpuMs }] of byProjectCpu) {
    console.log(`  ${project}: ${seconds(cpuMs / 1000)} of CPU in ${seconds(wallMs / 1000)} (${((100 * cpuMs) / wallMs).toFixed(0)} %)`);
  }
  console.log(`The ${Math.min(COUNT, measured.length)} files that wait longest (time less CPU):`);
  for (const { file, wallMs, cpuMs } of measured.sort((a, b) => b.wallMs - b.cpuMs - (a.wallMs - a.cpuMs)).slice(0, COUNT)) {
    const name = path.relative(repositoryOf(file), file);
    console.log(`${((wallMs - cpuMs) / 1000).toFixed(1).padStart(7)} s  of ${(wallMs / 1000).toFixed(1).padStart(5)} s  ${name}`);
  }
}

console.log(`\nThe ${Math.min(COUNT, files.length)} slowest files:`);
for (const f of files.sort((a, b) => b.seconds - a.seconds).slice(0, COUNT)) {
  console.log(`${f.seconds.toFixed(1).padStart(7)} s  ${String(f.tests).padStart(4)} tests  ${f.name}`);
}
