import { earningsCopy } from './copy';

/** A key nobody put into words, spelled out: "individual.verification.additional_document" → "individual verification additional document". */
const spelledOut = (key: string): string => key.replace(/[._]+/g, ' ').trim();

/** One of Stripe's requirement keys in words: its own, its closest parent's ("individual.dob.day" → "individual.dob"), or spelled out. */
export function requirementWords(key: string): string {
  for (let parts = key.split('.'); parts.length > 0; parts = parts.slice(0, -1)) {
    const words = earningsCopy.requirements[parts.join('.')];
    if (words) return words;
  }
  return spelledOut(key);
}

/** What the payment provider still needs, in words, each said once ("your name" for a first and a last name). */
export const dueWords = (due: readonly string[]): string[] => [...new Set(due.map(requirementWords))];
