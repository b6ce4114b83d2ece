/**
 * Race to 12: a tiny Game<S> that is not Merlin, to show env/core's tools (playGame, basicTests, and MCTS
 * in agents/) work on any game. 2-4 players take turns; the player to act steps 1 (action 0) or 2
 * (action 1), or rolls a die (action 2, a chance event of kind 'd6') and steps its face. The first to
 * reach 12 wins; a turn limit of 40 turns truncates the game (no winner, returns 0). Perfect information.
 */
import { GameOverError, IllegalActionError, StateError, UnknownActionError } from '../../../lib/errors.ts';
import { TERMINAL, winLossReturns, type Game, type GameMetadata, type RewardOptions, type TensorSpec } from '../game.ts';
import { cloneRng, rollD6, seedRng, type RngState } from '../../../lib/rng.ts';

export interface RaceState {
  pos: number[];
  turn: number;
  winner: number;
  rng: RngState;
}

const GOAL = 12;
const TURNS = 40;
const spec = (name: string): TensorSpec => ({
  size: 4,
  segments: [{ name, offset: 0, length: 4, meaning: 'positions / 12, from the seat to act (0 when absent)', low: 0, high: 2 }],
  hash: `race-${name}`,
});
const NAMES = ['step 1', 'step 2', 'roll a die'];

export class RaceGame implements Game<RaceState> {
  readonly name = 'race';
  readonly minPlayers = 2;
  readonly maxPlayers = 4;
  readonly numActions = 3;
  readonly observationSpec = spec('observation');
  readonly stateSpec = spec('state');
  readonly rulesHash = 'race-1';
  readonly actionsHash = 'race-actions-1';
  readonly metadata: GameMetadata = {
    chanceMode: 'sampled',
    information: 'perfect',
    utility: 'zeroSum',
    rewardModel: 'terminal',
    minUtility: -1,
    maxUtility: 1,
    maxTurns: TURNS,
    minPlayers: 2,
    maxPlayers: 4,
  };

  newState(players: number, seed: string | number): RaceState {
    return { pos: new Array<number>(players).fill(0), turn: 0, winner: -1, rng: seedRng(seed) };
  }
  clone(s: RaceState): RaceState {
    return { pos: s.pos.slice(), turn: s.turn, winner: s.winner, rng: cloneRng(s.rng) };
  }
  serialize(s: RaceState): string {
    return JSON.stringify(s);
  }
  deserialize(json: string): RaceState {
    const s = JSON.parse(json) as RaceState;
    if (!Array.isArray(s.pos)) throw new StateError('not a race state');
    return s;
  }
  numPlayers(s: RaceState): number {
    return s.pos.length;
  }
  currentPlayer(s: RaceState): number {
    return this.isTerminal(s) ? TERMINAL : s.turn % s.pos.length;
  }
  legalActions(s: RaceState, out: Int32Array): number {
    if (this.isTerminal(s)) return 0;
    out[0] = 0;
    out[1] = 1;
    out[2] = 2;
    return 3;
  }
  whyIllegal(s: RaceState, action: number): string | null {
    if (this.isTerminal(s)) return 'the game is over';
    return action === 0 || action === 1 || action === 2 ? null : 'not an action';
  }
  applyAction(s: RaceState, action: number): void {
    if (!Number.isInteger(action) || action < 0 || action >= this.numActions) throw new UnknownActionError(action, this.numActions);
    if (this.isTerminal(s)) throw new GameOverError();
    const why = this.whyIllegal(s, action);
    if (why) throw new IllegalActionError(action, NAMES[action], why);
    const seat = this.currentPlayer(s);
    s.pos[seat] = Math.min(GOAL, s.pos[seat] + (action === 2 ? rollD6(s.rng) : action + 1));
    if (s.pos[seat] >= GOAL) s.winner = seat;
    s.turn++;
  }
  isTerminal(s: RaceState): boolean {
    return s.winner >= 0 || s.turn >= TURNS;
  }
  isTruncated(s: RaceState): boolean {
    return s.winner < 0 && s.turn >= TURNS;
  }
  returns(s: RaceState, out: Float64Array, options: RewardOptions = {}): void {
    // Only a game someone won ends; one stopped at the turn limit has no winner and pays 0.
    winLossReturns(out, s.pos.length, s.winner, s.winner >= 0, false, options);
  }
  score(s: RaceState, seat: number): number {
    return s.pos[seat];
  }
  observe(s: RaceState, seat: number, out: Float32Array): void {
    out.fill(0);
    for (let i = 0; i < s.pos.length; i++) out[i] = s.pos[(seat + i) % s.pos.length] / GOAL;
  }
  stateTensor(s: RaceState, out: Float32Array): void {
    this.observe(s, 0, out);
  }
  resampleHidden(s: RaceState, seed: string | number): RaceState {
    const c = this.clone(s);
    c.rng = seedRng(seed);
    return c;
  }
  describeAction(_s: RaceState | null, action: number): string {
    return NAMES[action] ?? `action ${action}`;
  }
  render(s: RaceState): string {
    return s.pos.map((p, i) => `player ${i}: ${p}`).join('\n');
  }
}

const shared = new RaceGame();

/** The Race to 12 game (one instance a thread): the factory a worker pool loads by module path (`FactoryRef`). */
export function raceGame(): RaceGame {
  return shared;
}
