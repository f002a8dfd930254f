/**
 * "Did you mean …?": the closest known word to a misspelled one, by edit distance. Pure.
 */

/**
 * Edit distance between two strings: insertions, deletions, substitutions and swaps of two adjacent
 * letters each cost 1 (optimal string alignment), so `mni` is one edit from `min`.
 */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  // d[i][j]: the distance between a's first i letters and b's first j. Every index used is in the
  // (a.length + 1) × (b.length + 1) table, hence the `!`s.
  const at = (i: number, j: number): number => d[i]![j]!;
  const first = d[0]!;
  for (let j = 1; j <= b.length; j++) first[j] = j;
  for (let i = 1; i <= a.length; i++) {
    const row = d[i]!;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) row[j] = Math.min(at(i, j), at(i - 2, j - 2) + 1);
    }
  }
  return at(a.length, b.length);
}

/**
 * The candidate closest to `word`, or undefined when none is close enough to be a likely typo
 * (at most one edit for short words, two for words of six letters or more; case is ignored).
 */
export function suggest(word: string, candidates: readonly string[]): string | undefined {
  const lower = word.toLowerCase();
  const limit = lower.length >= 6 ? 2 : 1;
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const distance = editDistance(lower, candidate.toLowerCase());
    if (distance < bestDistance) [best, bestDistance] = [candidate, distance];
  }
  return bestDistance <= limit ? best : undefined;
}

/** The fix sentence for an unknown key: "Did you mean `confirm`?" or the list of keys allowed. */
export function didYouMean(word: string, candidates: readonly string[], what: string): string {
  const guess = suggest(word, candidates);
  if (guess !== undefined) return `Did you mean \`${guess}\`?`;
  return `Use one of the ${what}: ${candidates.join(", ")}.`;
}
