/** The move API (games/opponent.ts) on every registered game: moves, top choices of a policy, typed errors. */
import { describe, expect, it } from 'vitest';
import { ArgumentError, GameOverError, StateError } from '../../lib/errors.ts';
import { createOpponent } from '../opponent.ts';
import { GAMES, type GameEntry } from '../registry.ts';
import { resolveChance } from '../../env/core/chance.ts';

/** The shipped checkpoint of a registered game that has one (its `hard` difficulty preset). */
const checkpointOf = (entry: GameEntry) => (entry.agents.presets?.hard.startsWith('ppo:') ? entry.agents.presets.hard : undefined);

describe('createOpponent', () => {
  it('answers a legal move with its description for every game and agent, from the object or the string, and changes nothing', () => {
    for (const entry of Object.values(GAMES)) {
      for (const spec of ['random', 'mcts:8', ...entry.defaultAgents, checkpointOf(entry)].filter((x): x is string => x !== undefined)) {
        const ai = createOpponent(spec, { game: entry.name, seed: 3 });
        const g = ai.game;
        let s = g.newState(g.minPlayers, 'opponent');
        // A few moves in, so that more than one seat has acted, short of the end of a short game (explicit chance
        // nodes dealt from the state's RNG).
        resolveChance(g, s);
        for (let i = 0; i < 5; i++) {
          const next = g.clone(s);
          g.applyAction(next, ai.act(s).action);
          resolveChance(g, next);
          if (g.isTerminal(next)) break;
          s = next;
        }
        const before = g.serialize(s);
        const legal = new Int32Array(g.numActions);
        const legalIds = [...legal.subarray(0, g.legalActions(s, legal))];
        const move = ai.act(s);
        expect(g.serialize(s), `${entry.name} ${spec}: state untouched`).toBe(before);
        expect(legalIds, `${entry.name} ${spec}`).toContain(move.action);
        expect(move.seat).toBe(g.currentPlayer(s));
        expect(move.description).toBe(g.describeAction(s, move.action));
        // The same agent made anew (same seed) answers the serialised position the same way.
        expect(createOpponent(spec, { game: entry.name, seed: 3 }).act(before).action, `${entry.name} ${spec}`).toBe(
          createOpponent(spec, { game: entry.name, seed: 3 }).act(s).action,
        );
        if (spec.startsWith('ppo:')) {
          const top = move.top!;
          expect(top.length).toBe(Math.min(3, legalIds.length));
          expect(top[0].action).toBe(move.action); // greedy: the most probable legal action
          for (let i = 0; i < top.length; i++) {
            expect(legalIds).toContain(top[i].action);
            expect(top[i].description).toBe(g.describeAction(s, top[i].action));
            if (i > 0) expect(top[i].probability).toBeLessThanOrEqual(top[i - 1].probability);
          }
          expect(top.reduce((p, c) => p + c.probability, 0)).toBeLessThanOrEqual(1 + 1e-9);
          expect(top[0].probability).toBeGreaterThan(0);
        } else expect(move.top).toBeUndefined();
      }
    }
  }, 60_000);

  it('reports no top choices when asked for none', () => {
    const ai = createOpponent('ppo:checkpoints/economicon', { game: 'economicon', top: 0 });
    expect(ai.act(ai.game.newState(4, 1)).top).toBeUndefined();
  });

  it('refuses an unknown game, variant or spec, a checkpoint of another game, a foreign state and a finished game', () => {
    expect(() => createOpponent('random', { game: 'chess' })).toThrow(ArgumentError);
    expect(() => createOpponent('random', { game: 'merlin', variant: 'no-such-variant' })).toThrow(/no-such-variant/);
    expect(() => createOpponent('grandmaster')).toThrow(ArgumentError);
    expect(() => createOpponent('ppo:checkpoints/economicon', { game: 'merlin' })).toThrow(/economicon/);
    const merlin = createOpponent('random');
    const econ = createOpponent('random', { game: 'economicon' });
    expect(() => merlin.act(econ.game.serialize(econ.game.newState(4, 1)))).toThrow(StateError);
    expect(() => merlin.act('{')).toThrow(StateError);
    const s = econ.game.newState(2, 'to the end');
    while (!econ.game.isTerminal(s)) econ.game.applyAction(s, econ.act(s).action);
    expect(() => econ.act(s)).toThrow(GameOverError);
    // At an explicit chance node (a new state of a game with them, before its deal) no seat is to act.
    for (const entry of Object.values(GAMES).filter((e) => e.game().metadata.chanceMode === 'explicit')) {
      const ai = createOpponent('random', { game: entry.name });
      expect(() => ai.act(ai.game.newState(ai.game.minPlayers, 1)), entry.name).toThrow(/chance node/);
    }
  }, 60_000);
});
