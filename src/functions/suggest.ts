/**
 * "did you mean --users?": the nearest known word to one a person mistyped, by edit distance — an
 * option, an input, a function name in a formula.
 */

/**
 * Levenshtein distance with adjacent transpositions counted as one edit (optimal string alignment),
 * so `--qouta` is one edit from `--quota`.
 * @example editDistance("--user", "--users") // 1
 */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

/**
 * The known word a typed one most likely meant: case aside, within two edits (one for words of four
 * letters or fewer), or the only known word it begins (`--messages-per` → `--messages-per-day`).
 * Undefined when nothing is near enough to suggest.
 * @example nearest("--usres", ["--users", "--quota"]) // "--users"
 */
export function nearest(typed: string, known: readonly string[]): string | undefined {
  const word = typed.toLowerCase();
  const bare = word.replace(/^-+/, "");
  const limit = bare.length <= 4 ? 1 : 2;
  let best: { word: string; distance: number } | undefined;
  for (const candidate of known) {
    const distance = editDistance(word, candidate.toLowerCase());
    if (distance <= limit && (best === undefined || distance < best.distance)) best = { word: candidate, distance };
  }
  if (best) return best.word;
  const starts = bare.length >= 3 ? known.filter((k) => k.toLowerCase().startsWith(word)) : [];
  return starts.length === 1 ? starts[0] : undefined;
}

/** " (did you mean --users?)" or "". */
export function didYouMean(typed: string, known: readonly string[]): string {
  const word = nearest(typed, known);
  return word === undefined ? "" : ` (did you mean ${word}?)`;
}
