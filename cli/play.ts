/**
 * A table to play at (`merlin play`, docs/PLAY.md): one person takes a seat of any registered game against
 * agent specs; the agents' seats move here, on the server, between the person's moves. `PlayTable` holds the
 * game and answers with a `PlayView`: only what the person's seat may see (the game's board drawn for that
 * seat by its registry entry's `board`, else the public `render` text and the seat's own `seatView`; the
 * decision open now and the rules that explain it; its legal moves grouped by action kind, each with the
 * board element that chooses it; the log of moves with each agent move's top choices as the seat may see
 * them; and the final scores). Every seat has one name, used everywhere (`seatNames`). The game so far is a
 * replay log (`replayLog`, designer/replay.ts). cli/play-server.ts serves it over HTTP.
 *
 *   const table = new PlayTable({ game: 'economicon', agents: ['random'], seed: '1' });
 *   let view = table.view();                       // the person's seat, its legal moves, the log
 *   view = table.move(view.legal[0].actions[0].id, view.step);
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ArgumentError, GameOverError, IllegalActionError, UnknownActionError } from '../lib/errors.ts';
import { TERMINAL, type Game } from '../env/core/game.ts';
import type { GameReporting } from '../env/core/play.ts';
import { resolveChance } from '../env/core/chance.ts';
import { gameEntry, parseAgents, type GameEntry, type RulesLink } from '../games/registry.ts';
import { createOpponent, type Opponent } from '../games/opponent.ts';
import { ReplayRecorder, replayLogOf, type ReplayLog } from '../designer/replay.ts';

/** A request made for a step the table has left (a second tab, a double click): refused, nothing changes. */
export class StaleRequestError extends ArgumentError {
  constructor(sent: number, now: number) {
    super(`stale request: it was made at step ${sent}, the table is at step ${now} (reload the page)`);
  }
}

/** A move made in an earlier game of the table (the page still showed it when a new game began): refused. */
export class StaleGameError extends ArgumentError {
  constructor(sent: string, now: string) {
    super(`stale request: it was made in the game of seed ${sent}, the table now plays seed ${now} (reload the page)`);
  }
}

export interface PlayOptions {
  /** A registered game (default merlin). */
  game?: string;
  /** A shipped variant or a ruleset path (default: the game's default variant). */
  variant?: string;
  /** One agent spec per other seat, in seat order (default: `defaultOpponents`). */
  agents?: string[];
  /** The person's seat (default 0). */
  seat?: number;
  /** The game's seed (the deal, dice and the agents' own streams). */
  seed?: string;
  /** How many of a policy agent's top choices the log shows (default 3). */
  top?: number;
}

/** One line of the log. `why`: a policy agent's top choices with their probabilities, as the person's seat may see them. */
export interface LogEntry {
  /** Actions applied before it. */
  step: number;
  /** The acting seat (-1 for a table event). */
  seat: number;
  text: string;
  why?: { description: string; probability: number }[];
}

/** A link into the rules, as the page uses it: `href` is the play server's `rules/FILE#ANCHOR`. */
export interface PlayLink {
  label: string;
  href: string;
}

/** One of the seat's legal moves. `target`: the board element (its `data-target`) a click on which offers it, or null. */
export interface PlayMove {
  id: number;
  description: string;
  target: string | null;
}

/** Everything the page shows, for the person's seat. */
export interface PlayView {
  game: string;
  variant: string;
  /** The game's seed (a new game from the page gets a new one). */
  seed: string;
  seat: number;
  /** Per seat: `you` or the agent spec. */
  players: string[];
  /** Per seat: its one name on the page, in the board, the moves and the log (`seatNames`). */
  names: string[];
  /** Actions applied so far; a move names it (a stale one is refused). */
  step: number;
  /** The seat to act (-1 when over). */
  toAct: number;
  /**
   * The decision open now (the game's end included): what it is, in a sentence, and the rules that say more;
   * `pick`: a click on a board element that offers one move plays it. Null for a game without a board.
   */
  phase: { title: string; text: string; pick: boolean; rules: PlayLink[] } | null;
  /** The game's rules, shown always (only those the server can serve). */
  rules: PlayLink[];
  /** The game's board drawn for the seat (HTML with inline SVG; `PlayBoard.draw`), or null for a game without one. */
  board: string | null;
  /** Without a board: the public table (`Game.render`) and what the seat alone sees (`GameEntry.seatView`); else ''. */
  table: string;
  private: string;
  /** The seat's legal moves, grouped by action kind (empty unless it is to act); `label`: the kind in words. */
  legal: { kind: string; label: string; actions: PlayMove[] }[];
  log: LogEntry[];
  /**
   * At the end: the winner (-1 none), how the game ended (the reporting's outcome, and in words), its length,
   * every seat's score and the ranking.
   */
  result: { winner: number; outcome: string; outcomeText: string; turns: number; scores: number[]; ranking: number[] } | null;
}

/** The docs the rules links point into (absent from the installed package: then the page links none). */
export const docsDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'docs');

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens ("2.2 Setup" -> "22-setup"). */
export function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** A rules link as the page uses it, or null when its file is not here to serve. */
function playLink(r: RulesLink): PlayLink | null {
  if (!existsSync(join(docsDir, r.file))) return null;
  return { label: r.label, href: `rules/${r.file}${r.heading ? `#${headingAnchor(r.heading)}` : ''}` };
}

/** An identifier in words: `economic_dominance` -> `economic dominance`, `fatherOfDragons` -> `father of dragons`. */
export function inWords(id: string): string {
  return id
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
}

/** An action kind's name in words: `PlayCard` -> `Play card`. */
export function kindLabel(kind: string): string {
  const words = inWords(kind);
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Every seat's one name: `You` for the person's seat, else the agent's spec (a checkpoint by its folder's
 * name) with its seat number: `random (seat 1)`, `ppo:default (seat 2)`.
 */
export function seatNames(players: readonly string[], seat: number): string[] {
  return players.map((spec, p) => (p === seat ? 'You' : `${spec.replace(/^([\w-]+:).*[\\/]([^\\/]+)[\\/]?$/, '$1$2')} (seat ${p})`));
}

/**
 * `text` with each seat the games' descriptions name (`player 2`, `player_2`, `seat 2`) by its one name (and
 * `slot 3 of You` as `your slot 3`); the relative phrasings of a state-free description (`the seat 2 places clockwise`, `the player 1 seat(s) to the
 * left`) are left as they are.
 */
export function nameSeats(text: string, names: readonly string[]): string {
  return text
    .replace(/\b(?:player[ _]|seat )(\d+)\b(?! places| seat\(s\))/g, (m, d: string) => names[Number(d)] ?? m)
    .replace(/\b([a-z]+ \d+) of You\b/g, 'your $1');
}

const checkpointsDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'checkpoints');

/**
 * The opponents' spec when none is given: a shipped checkpoint trained for this game and variant
 * (`ppo:checkpoints/NAME`, by its manifest), else the game's heuristic, else `random`.
 */
export function defaultOpponent(entry: GameEntry, variant: string): string {
  const names = existsSync(checkpointsDir) ? readdirSync(checkpointsDir).sort() : [];
  for (const name of names) {
    const file = join(checkpointsDir, name, 'manifest.json');
    if (!existsSync(file)) continue;
    const m = JSON.parse(readFileSync(file, 'utf8')) as { game?: string; variants?: string[] };
    if ((m.game ?? 'merlin') === entry.name && m.variants?.includes(variant)) return `ppo:checkpoints/${name}`;
  }
  return entry.agents.heuristic?.spec ?? 'random';
}

/** A 32-bit FNV-1a hash of a float array's bits (to group observations that are equal). */
function hashObservation(obs: Float32Array): number {
  const bits = new Uint32Array(obs.buffer, obs.byteOffset, obs.length);
  let h = 0x811c9dc5;
  for (let i = 0; i < bits.length; i++) if (bits[i] !== 0) h = Math.imul(h ^ i ^ bits[i], 0x01000193);
  return h >>> 0;
}

/** How the table describes action `a` in state `s`: the board's description where the game gives one, else `describeAction`. */
type Describe = (s: unknown, a: number) => string;

/**
 * Describing another seat's action as `viewer` may see it. In `s` (before the action):
 * 1. if another legal action leaves `viewer` the same observation, `viewer` cannot tell which was played:
 *    only its kind is shown ("Bid (hidden)");
 * 2. else if the action's description changes when what `viewer` cannot see is redrawn
 *    (`Game.resampleHidden`), it names hidden things (a card in a hand): the state-free catalogue
 *    description is shown ("play hand card 2");
 * 3. else the full description (`describe`: the board's, else `describeAction`).
 */
export class ViewerDescriber {
  private readonly obs: Float32Array;
  private readonly legal: Int32Array;
  private groups = new Map<number, number>();
  private byAction = new Map<number, number>();
  private resampled: unknown[] = [];

  constructor(
    private readonly game: Game<unknown>,
    private readonly reporting: GameReporting<unknown>,
    private readonly viewer: number,
    private readonly full: Describe = (s, a) => game.describeAction(s, a),
  ) {
    this.obs = new Float32Array(game.observationSpec.size);
    this.legal = new Int32Array(game.numActions);
  }

  /** Prepare for the decision in `s` (another seat to act); `seed` draws the resampled states. */
  at(s: unknown, seed: string): void {
    const g = this.game;
    this.groups.clear();
    this.byAction.clear();
    const n = g.legalActions(s, this.legal);
    for (let i = 0; i < n; i++) {
      const a = this.legal[i];
      const c = g.clone(s);
      g.applyAction(c, a);
      g.observe(c, this.viewer, this.obs);
      const h = hashObservation(this.obs);
      this.byAction.set(a, h);
      this.groups.set(h, (this.groups.get(h) ?? 0) + 1);
    }
    this.resampled = [0, 1, 2].map((k) => g.resampleHidden(s, `${seed}/${k}`, this.viewer));
  }

  /** True when `action` (legal in the state given to `at`) cannot be told from another by the viewer. */
  hidden(action: number): boolean {
    const h = this.byAction.get(action);
    return h === undefined || (this.groups.get(h) ?? 0) > 1;
  }

  /** `action` (legal in the state given to `at`) as the viewer may see it. */
  describe(s: unknown, action: number): string {
    const g = this.game;
    if (this.hidden(action)) return `${kindLabel(this.reporting.kindNames[this.reporting.kindOf(action)])} (hidden)`;
    const full = this.full(s, action);
    for (const r of this.resampled) {
      let d: string | null;
      try {
        d = this.full(r, action);
      } catch {
        d = null;
      }
      if (d !== full) return g.describeAction(null, action);
    }
    return full;
  }
}

/** A policy's top choices as the viewer may see them: choices that read the same are one, their probabilities summed. */
function mergeWhy(why: { description: string; probability: number }[]): { description: string; probability: number }[] {
  const out: { description: string; probability: number }[] = [];
  for (const w of why) {
    const same = out.find((o) => o.description === w.description);
    if (same) same.probability += w.probability;
    else out.push({ ...w });
  }
  return out;
}

/** One game at the table: a person's seat against agents. */
export class PlayTable {
  readonly entry: GameEntry;
  readonly game: Game<unknown>;
  readonly variant: string;
  readonly seat: number;
  readonly players: string[];
  /** Each seat's one name (`seatNames`). */
  readonly names: string[];
  readonly seed: string;
  private readonly reporting: GameReporting<unknown>;
  private readonly opponents: (Opponent | null)[];
  private readonly describer: ViewerDescriber;
  private readonly describeFull: Describe;
  private readonly recorder: ReplayRecorder;
  /** The true state, every seat's hidden part included: for tests and tools, never sent to the page. */
  readonly state: unknown;
  private readonly log: LogEntry[] = [];
  private step = 0;
  private lastTurn = -1;

  /** @throws ArgumentError for an unknown game, variant or spec, a seat outside the table or a player count the game refuses */
  constructor(options: PlayOptions = {}) {
    this.entry = gameEntry(options.game);
    this.variant = options.variant ?? this.entry.defaultVariant;
    this.game = this.entry.game(this.variant);
    const g = this.game;
    const agents =
      options.agents ??
      Array<string>(Math.max(g.minPlayers, Math.min(4, g.maxPlayers)) - 1).fill(defaultOpponent(this.entry, this.variant));
    parseAgents(agents.join(','), this.entry, this.variant);
    const n = agents.length + 1;
    if (n < g.minPlayers || n > g.maxPlayers)
      throw new ArgumentError(
        `${n} players (you and ${agents.length} agents): ${this.entry.name}'s ${this.variant} ruleset takes ${g.minPlayers}-${g.maxPlayers}`,
      );
    this.seat = options.seat ?? 0;
    if (!Number.isInteger(this.seat) || this.seat < 0 || this.seat >= n)
      throw new ArgumentError(`--seat ${options.seat}: seats are 0..${n - 1}`);
    this.seed = options.seed ?? '0';
    const specs = [...agents];
    specs.splice(this.seat, 0, 'you');
    this.players = specs;
    this.names = seatNames(specs, this.seat);
    this.opponents = specs.map((spec, p) =>
      p === this.seat
        ? null
        : createOpponent(spec, { game: this.entry.name, variant: this.variant, seed: `${this.seed}/seat${p}`, top: options.top ?? 3 }),
    );
    this.reporting = this.entry.reporting(g);
    const board = this.entry.board;
    this.describeFull = board?.describe ? (s, a) => board.describe!(g, s, a) : (s, a) => g.describeAction(s, a);
    this.describer = new ViewerDescriber(g, this.reporting, this.seat, this.describeFull);
    this.recorder = new ReplayRecorder(this.entry, g);
    this.state = g.newState(n, this.seed);
    resolveChance(g, this.state);
    this.noteTurn();
    this.advance();
  }

  /** What the person's seat sees now. */
  view(): PlayView {
    const g = this.game;
    const s = this.state;
    const board = this.entry.board;
    const toAct = g.currentPlayer(s);
    const legal: PlayView['legal'] = [];
    if (toAct === this.seat) {
      const ids = new Int32Array(g.numActions);
      const n = g.legalActions(s, ids);
      const byKind = new Map<string, PlayMove[]>();
      for (let i = 0; i < n; i++) {
        const kind = this.reporting.kindNames[this.reporting.kindOf(ids[i])];
        if (!byKind.has(kind)) byKind.set(kind, []);
        byKind.get(kind)!.push({
          id: ids[i],
          description: nameSeats(this.describeFull(s, ids[i]), this.names),
          target: board ? board.target(g, s, ids[i]) : null,
        });
      }
      for (const [kind, actions] of byKind) legal.push({ kind, label: kindLabel(kind), actions });
    }
    let result: PlayView['result'] = null;
    if (toAct === TERMINAL) {
      const o = this.reporting.outcome(s);
      result = {
        winner: o.winner,
        outcome: o.outcome,
        outcomeText: inWords(o.outcome) || 'ended',
        turns: o.turns,
        scores: this.players.map((_, p) => g.score(s, p)),
        ranking: this.reporting.ranking(s),
      };
    }
    const links = (rs: readonly RulesLink[]) => rs.map(playLink).filter((l): l is PlayLink => l !== null);
    const phase = board ? board.phase(g, s) : null;
    return {
      game: this.entry.name,
      variant: this.variant,
      seed: this.seed,
      seat: this.seat,
      players: this.players,
      names: this.names,
      step: this.step,
      toAct,
      phase: phase ? { title: phase.title, text: nameSeats(phase.text, this.names), pick: phase.pick, rules: links(phase.rules) } : null,
      rules: links(board?.rules ?? []),
      board: board ? board.draw(g, s, this.seat, this.names) : null,
      table: board ? '' : nameSeats(g.render(s), this.names),
      private: board ? '' : this.entry.seatView(g, s, this.seat),
      legal,
      log: this.log.slice(),
      result,
    };
  }

  /**
   * The person plays `action`, made at `step` (the view's); then the agents move until it is the person's
   * turn again or the game is over. Returns the new view.
   * @throws StaleRequestError when `step` is not the table's; GameOverError after the end; UnknownActionError
   *   for an id outside the catalogue; IllegalActionError for one not legal now. Each changes nothing.
   */
  move(action: number, step: number): PlayView {
    const g = this.game;
    if (step !== this.step) throw new StaleRequestError(step, this.step);
    if (g.currentPlayer(this.state) === TERMINAL) throw new GameOverError();
    if (!Number.isInteger(action) || action < 0 || action >= g.numActions) throw new UnknownActionError(action, g.numActions);
    const ids = new Int32Array(g.numActions);
    const n = g.legalActions(this.state, ids);
    if (!ids.subarray(0, n).includes(action))
      throw new IllegalActionError(action, g.describeAction(null, action), `not one of seat ${this.seat}'s ${n} legal moves now`);
    this.apply(this.seat, action, this.describeFull(this.state, action));
    this.advance();
    return this.view();
  }

  /**
   * The game so far as a replay log (designer/replay.ts; `npx merlin replay view FILE` shows it): every seat's
   * moves with their full descriptions, every hand included. An unfinished game's log names no winner.
   */
  replayLog(): ReplayLog {
    return replayLogOf(this.entry, this.game, this.variant, this.players, this.seed, this.recorder.actions.slice(), this.state);
  }

  /** The agents' moves until the person's seat is to act or the game is over. */
  private advance(): void {
    const g = this.game;
    for (let p = g.currentPlayer(this.state); p !== TERMINAL && p !== this.seat; p = g.currentPlayer(this.state)) {
      const m = this.opponents[p]!.act(this.state);
      this.describer.at(this.state, `${this.seed}/view/${this.step}`);
      // A move the person cannot tell from another has no why line: its choices would all read alike.
      const why = this.describer.hidden(m.action)
        ? undefined
        : m.top && mergeWhy(m.top.map((c) => ({ description: this.describer.describe(this.state, c.action), probability: c.probability })));
      this.apply(p, m.action, this.describer.describe(this.state, m.action), why);
    }
  }

  private apply(seat: number, action: number, text: string, why?: LogEntry['why']): void {
    const named = why?.map((w) => ({ description: nameSeats(w.description, this.names), probability: w.probability }));
    this.log.push({ step: this.step, seat, text: nameSeats(text, this.names), ...(named ? { why: named } : {}) });
    this.recorder.before(this.state, action);
    this.game.applyAction(this.state, action);
    resolveChance(this.game, this.state);
    this.recorder.after(this.state, seat, action);
    this.step++;
    this.noteTurn();
    if (this.game.currentPlayer(this.state) === TERMINAL) {
      const o = this.reporting.outcome(this.state);
      this.log.push({
        step: this.step,
        seat: -1,
        text: `game over (${inWords(o.outcome) || 'ended'}): ${o.winner >= 0 ? `${this.names[o.winner]} ${o.winner === this.seat ? 'win' : 'wins'}` : 'nobody wins'}`,
      });
    }
  }

  /** A new turn, with its chance outcome (Merlin's dice), goes in the log when the game reports turns. */
  private noteTurn(): void {
    const r = this.entry.replay;
    if (!r || this.game.currentPlayer(this.state) === TERMINAL) return;
    const turn = r.turn(this.state);
    if (turn === this.lastTurn) return;
    this.lastTurn = turn;
    const chance = r.chance(this.state);
    this.log.push({
      step: this.step,
      seat: -1,
      text: `turn ${turn}${chance.some((x) => x > 0) ? `: ${r.chanceName} ${chance.join(' + ')}` : ''}`,
    });
  }
}
