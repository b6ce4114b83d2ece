/**
 * "Did you mean ...?" for a misspelt name (an agent spec, a flag): the nearest candidate by Levenshtein distance
 * (fastest-levenshtein), when it is near enough to be a typo of it.
 */
import { distance } from 'fastest-levenshtein';

/**
 * The candidate nearest `word` (case-insensitive), or undefined when none is within max(2, length / 3) edits (so
 * `gmaes` finds `games` and `heurstic` finds `heuristic`, but `xyz` finds nothing among `random, heuristic`).
 * Ties go to the earlier candidate.
 */
export function nearest(word: string, candidates: readonly string[]): string | undefined {
  const w = word.toLowerCase();
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const c of candidates) {
    const d = distance(w, c.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [c, d];
  }
  return bestDistance > 0 && bestDistance < w.length && bestDistance <= Math.max(2, Math.floor(w.length / 3)) ? best : undefined;
}
