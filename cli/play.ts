/**
 * A table to play at (`merlin play`, docs/PLAY.md): one person takes a seat of any registered game against
 * agent specs; the agents' seats move here, on the server, between the person's moves. `PlayTable` holds the
 * game and answers with a `PlayView`: only what the person's seat may see (the public `render` text, the
 * seat's own `seatView`, its legal moves grouped by action kind, the log of moves with each agent move's
 * top choices as the seat may see them, and the final scores). cli/play-server.ts serves it over HTTP.
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
import { gameEntry, parseAgents, type GameEntry } from '../games/registry.ts';
import { createOpponent, type Opponent } from '../games/opponent.ts';

/** A request made for a step the table has left (a second tab, a double click): refused, nothing changes. */
export class StaleRequestError extends ArgumentError {
  constructor(sent: number, now: number) {
    super(`stale request: it was made at step ${sent}, the table is at step ${now} (reload the page)`);
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

/** Everything the page shows, for the person's seat. */
export interface PlayView {
  game: string;
  variant: string;
  seat: number;
  /** Per seat: `you` or the agent spec. */
  players: string[];
  /** Actions applied so far; a move names it (a stale one is refused). */
  step: number;
  /** The seat to act (-1 when over). */
  toAct: number;
  /** The public table (`Game.render`), then what the seat alone sees (`GameEntry.seatView`). */
  table: string;
  private: string;
  /** The seat's legal moves, grouped by action kind (empty unless it is to act). */
  legal: { kind: string; actions: { id: number; description: string }[] }[];
  log: LogEntry[];
  /** At the end: the winner (-1 none), how the game ended, its length, every seat's score and the ranking. */
  result: { winner: number; outcome: string; turns: number; scores: number[]; ranking: number[] } | null;
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

/**
 * Describing another seat's action as `viewer` may see it. In `s` (before the action):
 * 1. if another legal action leaves `viewer` the same observation, `viewer` cannot tell which was played:
 *    only its kind is shown ("Bid (hidden)");
 * 2. else if the action's description changes when what `viewer` cannot see is redrawn
 *    (`Game.resampleHidden`), it names hidden things (a card in a hand): the state-free catalogue
 *    description is shown ("play hand card 2");
 * 3. else the full description.
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

  /** `action` (legal in the state given to `at`) as the viewer may see it. */
  describe(s: unknown, action: number): string {
    const g = this.game;
    const h = this.byAction.get(action);
    if (h === undefined || (this.groups.get(h) ?? 0) > 1) return `${this.reporting.kindNames[this.reporting.kindOf(action)]} (hidden)`;
    const full = g.describeAction(s, action);
    for (const r of this.resampled) {
      let d: string | null;
      try {
        d = g.describeAction(r, action);
      } catch {
        d = null;
      }
      if (d !== full) return g.describeAction(null, action);
    }
    return full;
  }
}

/** One game at the table: a person's seat against agents. */
export class PlayTable {
  readonly entry: GameEntry;
  readonly game: Game<unknown>;
  readonly variant: string;
  readonly seat: number;
  readonly players: string[];
  private readonly reporting: GameReporting<unknown>;
  private readonly opponents: (Opponent | null)[];
  private readonly describer: ViewerDescriber;
  private readonly seed: string;
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
    parseAgents(agents.join(','), this.entry);
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
    this.opponents = specs.map((spec, p) =>
      p === this.seat
        ? null
        : createOpponent(spec, { game: this.entry.name, variant: this.variant, seed: `${this.seed}/seat${p}`, top: options.top ?? 3 }),
    );
    this.reporting = this.entry.reporting(g);
    this.describer = new ViewerDescriber(g, this.reporting, this.seat);
    this.state = g.newState(n, this.seed);
    resolveChance(g, this.state);
    this.noteTurn();
    this.advance();
  }

  /** What the person's seat sees now. */
  view(): PlayView {
    const g = this.game;
    const s = this.state;
    const toAct = g.currentPlayer(s);
    const legal: PlayView['legal'] = [];
    if (toAct === this.seat) {
      const ids = new Int32Array(g.numActions);
      const n = g.legalActions(s, ids);
      const byKind = new Map<string, { id: number; description: string }[]>();
      for (let i = 0; i < n; i++) {
        const kind = this.reporting.kindNames[this.reporting.kindOf(ids[i])];
        if (!byKind.has(kind)) byKind.set(kind, []);
        byKind.get(kind)!.push({ id: ids[i], description: g.describeAction(s, ids[i]) });
      }
      for (const [kind, actions] of byKind) legal.push({ kind, actions });
    }
    let result: PlayView['result'] = null;
    if (toAct === TERMINAL) {
      const o = this.reporting.outcome(s);
      result = {
        winner: o.winner,
        outcome: o.outcome,
        turns: o.turns,
        scores: this.players.map((_, p) => g.score(s, p)),
        ranking: this.reporting.ranking(s),
      };
    }
    return {
      game: this.entry.name,
      variant: this.variant,
      seat: this.seat,
      players: this.players,
      step: this.step,
      toAct,
      table: g.render(s),
      private: this.entry.seatView(g, s, this.seat),
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
    this.apply(this.seat, action, g.describeAction(this.state, action));
    this.advance();
    return this.view();
  }

  /** The agents' moves until the person's seat is to act or the game is over. */
  private advance(): void {
    const g = this.game;
    for (let p = g.currentPlayer(this.state); p !== TERMINAL && p !== this.seat; p = g.currentPlayer(this.state)) {
      const m = this.opponents[p]!.act(this.state);
      this.describer.at(this.state, `${this.seed}/view/${this.step}`);
      const why = m.top?.map((c) => ({ description: this.describer.describe(this.state, c.action), probability: c.probability }));
      this.apply(p, m.action, this.describer.describe(this.state, m.action), why);
    }
  }

  private apply(seat: number, action: number, text: string, why?: LogEntry['why']): void {
    this.log.push({ step: this.step, seat, text, ...(why ? { why } : {}) });
    this.game.applyAction(this.state, action);
    resolveChance(this.game, this.state);
    this.step++;
    this.noteTurn();
    if (this.game.currentPlayer(this.state) === TERMINAL) {
      const o = this.reporting.outcome(this.state);
      this.log.push({
        step: this.step,
        seat: -1,
        text: `game over (${o.outcome || 'ended'}): ${o.winner >= 0 ? `seat ${o.winner} wins` : 'nobody wins'}`,
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
