import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { setImmediate as endOfTurn } from 'node:timers/promises';
import { batchedLogStream, WRITE_AT_LENGTH, type BatchedLogStream } from '../src/lib/batchedLogStream';
import { RequestLog, safeLoggerOptions } from '../src/lib/logging';
import { buildTestApp } from './helper';

const REPO_ROOT = path.resolve(__dirname, '..', '..');

/** A destination that keeps each write it was given, as one string. */
function recordingDestination() {
  const writes: string[] = [];
  let flushedSync = 0;
  return {
    writes,
    flushedSync: () => flushedSync,
    write: (text: string) => writes.push(text),
    flushSync: () => {
      flushedSync += 1;
    },
  };
}

const streams: BatchedLogStream[] = [];
function streamTo(destination: ReturnType<typeof recordingDestination>) {
  const stream = batchedLogStream(destination);
  streams.push(stream);
  return stream;
}
afterEach(() => streams.splice(0).forEach((stream) => stream.end()));

describe('the batched log stream', () => {
  it('writes the lines of one turn of the event loop once, in order, when the turn ends', async () => {
    const destination = recordingDestination();
    const stream = streamTo(destination);
    stream.write('one\n');
    stream.write('two\n');
    stream.write('three\n');
    expect(destination.writes).toEqual([]);
    await endOfTurn();
    expect(destination.writes).toEqual(['one\ntwo\nthree\n']);
  });

  it('gathers the lines of separate callbacks in one turn (requests answered one after another)', async () => {
    const destination = recordingDestination();
    const stream = streamTo(destination);
    await new Promise<void>((resolve) => {
      setImmediate(() => stream.write('answered first\n'));
      setImmediate(() => stream.write('answered second\n'));
      setImmediate(resolve);
    });
    expect(destination.writes).toEqual([]);
    await endOfTurn();
    expect(destination.writes).toEqual(['answered first\nanswered second\n']);
  });

  it('writes a lone line at the end of its turn, and each later turn on its own', async () => {
    const destination = recordingDestination();
    const stream = streamTo(destination);
    stream.write('first\n');
    await endOfTurn();
    expect(destination.writes).toEqual(['first\n']);
    stream.write('second\n');
    await endOfTurn();
    stream.write('third\n');
    await endOfTurn();
    await endOfTurn();
    expect(destination.writes).toEqual(['first\n', 'second\n', 'third\n']);
  });

  it(`writes at once when ${WRITE_AT_LENGTH} characters are held`, async () => {
    const destination = recordingDestination();
    const stream = streamTo(destination);
    const line = `${'x'.repeat(1023)}\n`;
    for (let count = 0; count < WRITE_AT_LENGTH / line.length - 1; count += 1) stream.write(line);
    expect(destination.writes).toEqual([]);
    stream.write(line);
    expect(destination.writes).toEqual([line.repeat(WRITE_AT_LENGTH / line.length)]);
    stream.write('after\n');
    await endOfTurn();
    expect(destination.writes).toHaveLength(2);
    expect(destination.writes[1]).toBe('after\n');
  });

  it('writes what it holds on flush and flushSync, and straight through once ended', async () => {
    const destination = recordingDestination();
    const stream = streamTo(destination);
    const flushed = jest.fn();
    stream.write('a\n');
    stream.flush(flushed);
    expect([destination.writes, flushed.mock.calls.length]).toEqual([['a\n'], 1]);
    stream.write('b\n');
    stream.flushSync();
    expect([destination.writes, destination.flushedSync()]).toEqual([['a\n', 'b\n'], 1]);
    stream.write('c\n');
    stream.end();
    stream.write('d\n');
    expect(destination.writes).toEqual(['a\n', 'b\n', 'c\n', 'd\n']);
    await endOfTurn();
    expect(destination.writes).toHaveLength(4);
  });

  it('on exit, hands on what it holds and has the destination write it synchronously', () => {
    const destination = recordingDestination();
    const before = process.listeners('exit');
    const stream = streamTo(destination);
    const added = process.listeners('exit').filter((listener) => !before.includes(listener));
    expect(added).toHaveLength(1);
    stream.write('last words\n');
    added[0].call(process, 0);
    expect([destination.writes, destination.flushedSync()]).toEqual([['last words\n'], 1]);
    stream.write('after the end\n');
    expect(destination.writes).toEqual(['last words\n', 'after the end\n']);
    expect(process.listeners('exit')).toEqual(before);
  });

  it("waits for the destination's own flush before it calls back", () => {
    const flushes: Array<(error?: Error) => void> = [];
    const written: string[] = [];
    const stream = batchedLogStream({ write: (text: string) => written.push(text), flush: (callback) => flushes.push(callback) });
    streams.push(stream);
    const flushed = jest.fn();
    stream.write('pending\n');
    stream.flush(flushed);
    expect([written, flushed.mock.calls.length]).toEqual([['pending\n'], 0]);
    flushes[0]();
    expect(flushed).toHaveBeenCalledTimes(1);
  });

  it('leaves no exit listener behind once ended', () => {
    const before = process.listenerCount('exit');
    const stream = batchedLogStream(recordingDestination());
    expect(process.listenerCount('exit')).toBe(before + 1);
    stream.end();
    expect(process.listenerCount('exit')).toBe(before);
  });

  it("is pino's destination for an app that keeps its access line by hand, and every request's line arrives", async () => {
    const destination = recordingDestination();
    const stream = streamTo(destination);
    expect(new RequestLog(safeLoggerOptions({ level: 'info', stream })).writesAccessLineByHand).toBe(true);
    const shop = await buildTestApp({}, { logger: { level: 'info', stream } });
    try {
      const answers = await Promise.all(Array.from({ length: 5 }, () => shop.app.inject({ method: 'GET', url: '/bookCatagories' })));
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
      await endOfTurn();
      const lines = destination.writes.join('').split('\n').filter(Boolean);
      const completed = lines.map((line) => JSON.parse(line) as { msg: string; res?: { url: string } }).filter((line) => line.msg === 'request completed');
      expect(completed.map((line) => line.res?.url)).toEqual(Array(5).fill('/bookCatagories'));
    } finally {
      await shop.close();
    }
  });
});

describe('a process that ends with lines still held', () => {
  const run = (ending: string) =>
    spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `const { batchedLogStream } = require('./server/src/lib/batchedLogStream.ts');
         const stream = batchedLogStream();
         stream.write('held one\\n');
         stream.write('held two\\n');
         ${ending}`,
      ],
      { cwd: REPO_ROOT, encoding: 'utf8', timeout: 60_000 },
    );

  it('writes them before process.exit ends it', () => {
    const result = run('process.exit(3);');
    expect([result.status, result.stdout]).toEqual([3, 'held one\nheld two\n']);
  });

  it('writes them before an uncaught exception ends it', () => {
    const result = run("throw new Error('boom');");
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('held one\nheld two\n');
    expect(result.stderr).toContain('boom');
  });
});
