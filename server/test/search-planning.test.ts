/** How a search is planned: the words it sends, and whether it ranks a window (repositories/rankWindow.ts). */
import { withoutRepeatedWords } from '../src/repositories/bookSearchQuery';
import { windowCostsLess } from '../src/repositories/rankWindow';

describe('the words of a search, each once', () => {
  it('drops a word typed again, whatever its case, and keeps the order', () => {
    expect(withoutRepeatedWords('Harry Harry')).toBe('Harry');
    expect(withoutRepeatedWords('harry  POTTER Harry potter girl')).toBe('harry POTTER girl');
    expect(withoutRepeatedWords('-vampire love -vampire')).toBe('-vampire love');
  });

  it('keeps every "or" and leaves a quoted phrase as typed', () => {
    expect(withoutRepeatedWords('dune or emma or jane')).toBe('dune or emma or jane');
    expect(withoutRepeatedWords('"new new york" new')).toBe('"new new york" new');
  });
});

describe('which searches rank a window', () => {
  // Figures of the million-book shop (docs/PERFORMANCE.md, "Which searches rank a window").
  const LISTED = 949_985;
  const SIZE = 1_001;

  it('windows a common word alone, past about 17,000 matches', () => {
    expect(windowCostsLess(SIZE, 24_558, LISTED, 24_558)).toBe(true); // love: 16–25 ms against 46–59
    expect(windowCostsLess(SIZE, 12_000, LISTED, 12_000)).toBe(false);
  });

  it('ranks every match when the filters leave few of the books the index finds', () => {
    expect(windowCostsLess(SIZE, 3_677, LISTED, 13_786)).toBe(false); // harry, children, $11–31: 28 ms against 140
    expect(windowCostsLess(SIZE, 6_860, LISTED, 19_251)).toBe(false); // city, fiction, $6–26: 35 ms against 65
    expect(windowCostsLess(SIZE, 20_276, LISTED, 52_675)).toBe(true); // girl, science, $5–25: 20 ms against 70
  });

  it('never windows a search expected to match nothing', () => {
    expect(windowCostsLess(SIZE, 0, LISTED, 500)).toBe(false);
  });
});
