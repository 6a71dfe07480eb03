import { ChangeCache } from '../src/lib/changeCache';
import { clientHolds, readyAnswer } from '../src/lib/readyAnswer';

/** A read the test finishes by hand, counting how often the cache asked for it. */
function manualReads() {
  const pending: Array<{ resolve(value: string): void; reject(error: Error): void }> = [];
  return {
    read: () => new Promise<string>((resolve, reject) => pending.push({ resolve, reject })),
    get asked() {
      return pending.length;
    },
    finish: (index: number, value: string) => pending[index].resolve(value),
    fail: (index: number, error: Error) => pending[index].reject(error),
  };
}

describe('ChangeCache', () => {
  it('keeps what a read answered until cleared', async () => {
    const cache = new ChangeCache<string>({ capacity: 10 });
    const reads = manualReads();
    const first = cache.get('k', reads.read);
    reads.finish(0, 'v1');
    expect(cache.peek('k')).toBeUndefined(); // still being read
    expect(await first).toBe('v1');
    expect(cache.peek('k')).toBe('v1');
    expect(await cache.get('k', reads.read)).toBe('v1');
    expect(reads.asked).toBe(1);
    cache.clear();
    expect(cache.peek('k')).toBeUndefined();
    const again = cache.get('k', reads.read);
    reads.finish(1, 'v2');
    expect(await again).toBe('v2');
    expect(reads.asked).toBe(2);
  });

  it('shares one read between readers that miss together', async () => {
    const cache = new ChangeCache<string>({ capacity: 10 });
    const reads = manualReads();
    const answers = Promise.all([cache.get('k', reads.read), cache.get('k', reads.read), cache.get('k', reads.read)]);
    expect(reads.asked).toBe(1);
    reads.finish(0, 'v');
    expect(await answers).toEqual(['v', 'v', 'v']);
  });

  it('never keeps, nor shares, a read that began before a change', async () => {
    const cache = new ChangeCache<string>({ capacity: 10 });
    const reads = manualReads();
    const before = cache.get('k', reads.read);
    cache.clear(); // the change commits while the read is under way
    const after = cache.get('k', reads.read);
    expect(reads.asked).toBe(2); // the reader after the change does not join the older read
    reads.finish(0, 'old');
    reads.finish(1, 'new');
    expect([await before, await after]).toEqual(['old', 'new']);
    expect(await cache.get('k', reads.read)).toBe('new');
    expect(reads.asked).toBe(2);
  });

  it('keeps no failure: the next reader reads again', async () => {
    const cache = new ChangeCache<string>({ capacity: 10 });
    const reads = manualReads();
    const failing = cache.get('k', reads.read);
    reads.fail(0, new Error('database down'));
    await expect(failing).rejects.toThrow('database down');
    const next = cache.get('k', reads.read);
    reads.finish(1, 'v');
    expect(await next).toBe('v');
  });

  it('keeps nothing while suspended, and starts empty when resumed', async () => {
    const cache = new ChangeCache<string>({ capacity: 10 });
    const reads = manualReads();
    const kept = cache.get('k', reads.read);
    reads.finish(0, 'kept');
    await kept;
    cache.suspend();
    expect(cache.peek('k')).toBeUndefined();
    const whileSuspended = [cache.get('k', reads.read), cache.get('k', reads.read)];
    expect(reads.asked).toBe(3); // each reader reads the database
    reads.finish(1, 'a');
    reads.finish(2, 'b');
    expect(await Promise.all(whileSuspended)).toEqual(['a', 'b']);
    expect(cache.size).toBe(0);
    cache.resume();
    const resumed = cache.get('k', reads.read);
    reads.finish(3, 'fresh');
    expect(await resumed).toBe('fresh');
    expect(cache.size).toBe(1);
  });

  it('holds at most its number of entries, dropping the oldest', async () => {
    const cache = new ChangeCache<number>({ capacity: 2 });
    for (const key of ['a', 'b', 'c']) await cache.get(key, async () => key.charCodeAt(0));
    expect(cache.size).toBe(2);
    let asked = 0;
    await cache.get('a', async () => ++asked);
    await cache.get('c', async () => ++asked);
    expect(asked).toBe(1); // 'a' was dropped, 'c' is still there
  });

  it('holds at most its weight, dropping the oldest, and never a value heavier than all of it', async () => {
    const cache = new ChangeCache<string>({ capacity: 10, weigh: (value) => value.length });
    await cache.get('a', async () => 'aaaa');
    await cache.get('b', async () => 'bbbb');
    await cache.get('c', async () => 'cc'); // 10: all kept
    expect(cache.size).toBe(3);
    await cache.get('d', async () => 'dddd'); // 14: 'a' goes
    expect(cache.size).toBe(3);
    expect(await cache.get('b', async () => 'read again')).toBe('bbbb');
    expect(await cache.get('a', async () => 'a')).toBe('a'); // read again: it was dropped
    expect(await cache.get('huge', async () => 'x'.repeat(11))).toHaveLength(11);
    expect(cache.size).toBe(3);
    expect(await cache.get('huge', async () => 'not kept')).toBe('not kept');
  });
});

describe('ETags', () => {
  const { etag } = readyAnswer('[{"a":1}]');

  it('are strong and follow the bytes', () => {
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    expect(readyAnswer(Buffer.from('[{"a":1}]')).etag).toBe(etag);
    expect(readyAnswer('[{"a":2}]').etag).not.toBe(etag);
  });

  it.each([
    [etag, true],
    [`W/${etag}`, true],
    [`"other", ${etag}`, true],
    ['*', true],
    ['"other"', false],
    [etag.slice(1, -1), false],
    ['', false],
    [undefined, false],
    ['garbage, "", W/', false],
  ])('If-None-Match %s names it: %s', (header, holds) => {
    expect(clientHolds(header, etag)).toBe(holds);
  });
});
