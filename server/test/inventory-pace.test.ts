import { PACE_WHILE_BUYERS, pacedBatch } from '../src/inventory/pace';

describe('an import batch paced while buyers are answered', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  /** A batch that takes 100 ms, during which `buyers` requests are answered. */
  const batch = (counter: { served: number }, buyers: number) => async () => {
    jest.advanceTimersByTime(100);
    counter.served += buyers;
    return 'written';
  };

  it('pauses PACE_WHILE_BUYERS (1.5) times as long as the batch took when buyers were answered meanwhile', async () => {
    const counter = { served: 0 };
    const done = jest.fn();
    void pacedBatch({ buyersServed: () => counter.served }, batch(counter, 3)).then(done);
    await jest.advanceTimersByTimeAsync(100 * PACE_WHILE_BUYERS - 1);
    expect(done).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(done).toHaveBeenCalledWith('written');
  });

  it('goes on at once when no buyer was answered, or when nothing counts them', async () => {
    const counter = { served: 5 };
    await expect(pacedBatch({ buyersServed: () => counter.served }, batch(counter, 0))).resolves.toBe('written');
    await expect(pacedBatch({}, batch(counter, 2))).resolves.toBe('written');
  });
});
