import { PACE_WHILE_BUYERS, ROWS_PER_SECOND_WHILE_BUYERS, pacedBatch, pauseAfter } from '../src/inventory/pace';

describe('an import batch paced while buyers are answered', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  /** A batch of `rows` rows that takes 100 ms, during which `buyers` requests are answered. */
  const batch = (counter: { served: number }, buyers: number, rows = 1_000) => async () => {
    jest.advanceTimersByTime(100);
    counter.served += buyers;
    return rows;
  };
  const rowsOf = (rows: number) => rows;

  it('pauses PACE_WHILE_BUYERS (1.5) times as long as the batch took when buyers were answered meanwhile', async () => {
    const counter = { served: 0 };
    const done = jest.fn();
    void pacedBatch({ buyersServed: () => counter.served }, batch(counter, 3), rowsOf).then(done);
    await jest.advanceTimersByTimeAsync(100 * PACE_WHILE_BUYERS - 1);
    expect(done).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(done).toHaveBeenCalledWith(1_000);
  });

  it('pauses only as long as keeps the import at ROWS_PER_SECOND_WHILE_BUYERS', async () => {
    // 200 rows at 1,750 a second take 114 ms: a batch of 100 ms pauses 14 ms, not 150.
    const rows = 200;
    const slowest = Math.round((rows / ROWS_PER_SECOND_WHILE_BUYERS) * 1000);
    expect(slowest).toBeLessThan(100 * (1 + PACE_WHILE_BUYERS));
    const counter = { served: 0 };
    const done = jest.fn();
    void pacedBatch({ buyersServed: () => counter.served }, batch(counter, 3, rows), rowsOf).then(done);
    await jest.advanceTimersByTimeAsync(slowest - 100 - 1);
    expect(done).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(done).toHaveBeenCalledWith(rows);
  });

  it('does not pause a batch that was already slower than that, nor a failed one', () => {
    expect(pauseAfter(2_000, 1_000)).toBe(0);
    expect(pauseAfter(100, 0)).toBe(0);
    expect(pauseAfter(100, 1_000)).toBe(100 * PACE_WHILE_BUYERS);
  });

  it('goes on at once when no buyer was answered, or when nothing counts them', async () => {
    const counter = { served: 5 };
    await expect(pacedBatch({ buyersServed: () => counter.served }, batch(counter, 0), rowsOf)).resolves.toBe(1_000);
    await expect(pacedBatch({}, batch(counter, 2), rowsOf)).resolves.toBe(1_000);
  });
});
