/** The heuristic: legal, deterministic, beats random players clearly, ends games against itself; the single-minded specs. */
import { describe, expect, it } from 'vitest';
import type { Agent, AgentContext } from '../../../env/core/agent.ts';
import { playGame } from '../../../env/core/play.ts';
import { ArgumentError } from '../../../lib/errors.ts';
import { nextInt, seedRng } from '../../../lib/rng.ts';
import { EconomiconHeuristic, SINGLE_STRATEGIES } from '../agents/heuristic.ts';
import { economiconGame } from '../env/game.ts';
import { ECONOMICON_AGENT_SPECS } from '../index.ts';

const game = economiconGame();
const random = (seed: string): Agent => {
  const rng = seedRng(seed);
  return {
    spec: 'random',
    act: (_o: Float32Array | null, _m: Uint8Array | null, ctx: AgentContext) => ctx.legal[nextInt(rng, ctx.numLegal)],
  };
};

describe('EconomiconHeuristic', () => {
  it('wins at least 90 % of 40 games against random players at 2 and 4 players', () => {
    for (const P of [2, 4]) {
      let wins = 0;
      for (let g = 0; g < 40; g++) {
        const seat = g % P;
        const agents = Array.from({ length: P }, (_, p) => (p === seat ? new EconomiconHeuristic(game.ruleset) : random(`r${g}/${p}`)));
        if (playGame(game, agents, `h${P}/${g}`).state.winner === seat) wins++;
      }
      expect(wins).toBeGreaterThanOrEqual(36);
    }
  });

  it('ends every game against itself and replays it exactly', () => {
    for (const P of [2, 3, 4]) {
      const play = () => playGame(game, [new EconomiconHeuristic(game.ruleset)], `self${P}`, { players: P, maxSteps: 2000 });
      const a = play();
      expect(game.isTerminal(a.state)).toBe(true);
      expect(game.serialize(play().state)).toBe(game.serialize(a.state));
    }
  });

  it('single-minded strategies respect their bans; unknown specs are refused', () => {
    for (const name of Object.keys(SINGLE_STRATEGIES)) {
      const r = playGame(game, [new EconomiconHeuristic(game.ruleset, `single:${name}`), random('x')], `single-${name}`, {
        maxSteps: 2000,
      });
      expect(game.isTerminal(r.state)).toBe(true);
    }
    let trades = 0;
    playGame(game, [new EconomiconHeuristic(game.ruleset, 'single:hoarder'), random('y')], 'hoard', {
      afterAction: (_s, seat, a) => void (seat === 0 && a >= 7 && trades++),
    });
    expect(trades).toBe(0);
    for (const spec of ECONOMICON_AGENT_SPECS) expect(new EconomiconHeuristic(game.ruleset, spec).spec).toBe(spec);
    expect(() => new EconomiconHeuristic(game.ruleset, 'single:nope')).toThrow(ArgumentError);
    expect(() => new EconomiconHeuristic(game.ruleset, 'mcts')).toThrow(ArgumentError);
  });
});
