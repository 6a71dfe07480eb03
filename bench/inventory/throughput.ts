/**
 * The inventory bench's catalogue load, in its own process: the buyers' mix (catalogue/mix.ts)
 * sent by a few clients at once, each sending its next request when the last is answered (closed
 * loop), for a number of seconds. Prints one JSON line: the requests answered, the failures and
 * the seconds, so the caller reads requests per second, and each kind's requests answered and the
 * milliseconds they took in all.
 *
 *   tsx bench/inventory/throughput.ts <api url> <clients> <seconds> <seed>
 */
import { performance } from 'node:perf_hooks';
import { loadVocabulary } from '../../server/src/shopGenerator/vocabulary';
import { buyersMix, type TimesByKind } from '../catalogue/mix';

async function main() {
  const [base, clientsText, secondsText, seedText] = process.argv.slice(2);
  const clients = Number(clientsText);
  const seconds = Number(secondsText);
  const categories = ((await (await fetch(`${base}/bookCatagories`)).json()) as { category: string }[]).map((row) => row.category);
  const newest = (await (await fetch(`${base}/books/search?sort=price_asc&limit=100`)).json()) as { items: { _id: string }[] };
  const mix = buyersMix(loadVocabulary(), { categories, bookIds: newest.items.map((item) => item._id), deepPages: [] }, Number(seedText));
  // No deep pages here: their cursors would have to be walked first.
  const next = () => {
    let target = mix();
    while (target.kind === 'deep page') target = mix();
    return target;
  };
  let answered = 0;
  let failures = 0;
  const kinds: TimesByKind = {};
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < until) {
        const target = next();
        const sent = performance.now();
        try {
          const response = await fetch(`${base}${target.path}`, { signal: AbortSignal.timeout(30_000) });
          await response.arrayBuffer();
          if (response.ok) {
            answered += 1;
            const kind = (kinds[target.kind] ??= { answered: 0, ms: 0 });
            kind.answered += 1;
            kind.ms += performance.now() - sent;
          } else failures += 1;
        } catch {
          failures += 1;
        }
      }
    }),
  );
  process.stdout.write(`${JSON.stringify({ answered, failures, seconds: (performance.now() - started) / 1000, kinds })}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
