/**
 * `merlin eval --records FILE`: a tournament's finished games as JSON lines, so that a long tournament (a
 * 1,000-game ladder of search agents takes hours) can stop and resume, or grow (a larger `--games` plays only
 * the games the file lacks). Game g depends only on the tournament and g (cli/eval.ts), so a game read back is
 * the game that would be played again.
 *
 * The file's first line names the tournament: `{"format":"merlin-gym-eval-records","version":2,
 * "tournament":{game, ruleset, rulesHash, agents, players, seed}}`; each further line is one `GameRecord`, with
 * what the coverage report counts (`coverage`, designer/coverage.ts; `merlin eval --coverage`). A version 1 file
 * (written before records carried coverage) is still read and grown: its old games count in every figure but
 * coverage, which says how many games it lacks.
 * A file of another tournament is refused (ArgumentError naming what differs), as is a line that is not a
 * record (ArgumentError with its line number), except an unfinished last line, which a run stopped mid-write
 * leaves: it is cut off and that game is played again. A game recorded twice keeps its first record.
 * Agents are compared by their specs as given: a checkpoint replaced under the same directory (or a preset
 * that now names another one) is not detected, so start a new file after retraining.
 */
import { appendFileSync, existsSync, readFileSync, truncateSync } from 'node:fs';
import { z } from 'zod';
import { ArgumentError } from '../lib/errors.ts';
import { AXES, type CoverageRecord } from '../designer/coverage.ts';

/** One finished game: the line-up (spec per seat), its ranking (seats, best first), how it ended. */
export interface GameRecord {
  game: number;
  lineup: string[];
  ranking: number[];
  winner: number;
  victory: string;
  turns: number;
  steps: number;
  mctsSimulations: number;
  mctsSeconds: number;
  /** Actions taken per seat, by action kind value ([seat][kind]). */
  kinds: number[][];
  /** What the coverage report counts (designer/coverage.ts); absent in games an older version recorded. */
  coverage?: CoverageRecord;
}

export const RECORDS_FORMAT = 'merlin-gym-eval-records';
/** The version new files are written with; version 1 files (no coverage in their records) are read too. */
export const RECORDS_VERSION = 2;

/**
 * What a tournament's games depend on: two files with the same tournament hold the same game g. `rulesHash` is
 * the resolved rules' hash (`Game.rulesHash`): a ruleset file edited between two runs is another tournament.
 */
const tournamentSchema = z
  .object({
    game: z.string(),
    ruleset: z.string(),
    rulesHash: z.string(),
    agents: z.array(z.string()),
    players: z.number().int(),
    seed: z.string(),
  })
  .strict();
export type Tournament = z.infer<typeof tournamentSchema>;

const count = z.number().int().min(0);
/** Item name -> [legal, offered, chosen, taken] seat by seat (designer/coverage.ts `CoverageRecord`). */
const axisItems = z.record(z.string(), z.array(count));
const coverageSchema = z
  .object({
    decisions: z.array(count),
    forced: z.array(count),
    items: z.object(Object.fromEntries(AXES.map((a) => [a, axisItems])) as Record<(typeof AXES)[number], typeof axisItems>).strict(),
    loops: z
      .array(z.object({ loops: count, actions: count, own: count, longest: count, kinds: z.record(z.string(), count) }).strict())
      .nullable(),
  })
  .strict();
const recordSchema = z
  .object({
    game: count,
    lineup: z.array(z.string()),
    ranking: z.array(count),
    winner: z.number().int().min(-1),
    victory: z.string(),
    turns: count,
    steps: count,
    mctsSimulations: count,
    mctsSeconds: z.number().min(0),
    kinds: z.array(z.array(count)),
    coverage: coverageSchema.optional(),
  })
  .strict();

const headerSchema = z
  .object({ format: z.literal(RECORDS_FORMAT), version: z.union([z.literal(1), z.literal(RECORDS_VERSION)]), tournament: tournamentSchema })
  .strict();

/** The first field that differs between the file's tournament `a` and the asked one `b`, as a phrase, or null when they are the same. */
function difference(a: Tournament, b: Tournament): string | null {
  for (const k of Object.keys(tournamentSchema.shape) as (keyof Tournament)[]) {
    const x = JSON.stringify(a[k]);
    const y = JSON.stringify(b[k]);
    if (x !== y) return `${k}: ${x} in the file, ${y} asked`;
  }
  return null;
}

/**
 * Open `path` for the tournament `t`: the games it already holds (by game number, first record kept), and an
 * `append` that adds one finished game. A missing or empty file is started with the header line.
 * @throws ArgumentError for a file of another tournament or format, or a line that is not a record
 */
export function openRecords(path: string, t: Tournament): { done: Map<number, GameRecord>; append(r: GameRecord): void } {
  const done = new Map<number, GameRecord>();
  const text = existsSync(path) ? readFileSync(path, 'utf8') : '';
  if (text.length === 0) {
    appendFileSync(path, JSON.stringify({ format: RECORDS_FORMAT, version: RECORDS_VERSION, tournament: t }) + '\n');
  } else {
    const lines = text.split('\n');
    // Everything after the last newline is an unfinished line (a run stopped while writing it): cut off below,
    // once the file is known to be this tournament's (a file that is refused is left as it was).
    const tail = lines.pop()!;
    if (lines.length === 0) throw new ArgumentError(`${path}: not an eval records file (no complete first line)`);
    const header = headerSchema.safeParse(parseLine(path, lines[0], 1));
    if (!header.success)
      throw new ArgumentError(
        `${path}: not a ${RECORDS_FORMAT} file of version 1 or ${RECORDS_VERSION} (${header.error.issues[0].message})`,
      );
    const diff = difference(header.data.tournament, t);
    if (diff !== null) throw new ArgumentError(`${path} holds the games of another tournament (${diff}); name another --records file`);
    for (let i = 1; i < lines.length; i++) {
      if (lines[i].length === 0) continue;
      const r = recordSchema.safeParse(parseLine(path, lines[i], i + 1));
      if (!r.success)
        throw new ArgumentError(
          `${path}, line ${i + 1}: not a game record (${r.error.issues[0].path.join('.')}: ${r.error.issues[0].message})`,
        );
      if (!done.has(r.data.game)) done.set(r.data.game, r.data);
    }
    if (tail.length > 0) truncateSync(path, Buffer.byteLength(text) - Buffer.byteLength(tail));
  }
  return { done, append: (r) => appendFileSync(path, JSON.stringify(r) + '\n') };
}

function parseLine(path: string, line: string, n: number): unknown {
  try {
    return JSON.parse(line);
  } catch {
    throw new ArgumentError(`${path}, line ${n}: not JSON`);
  }
}
