/** The game registry and the one game loop (env/core/play.ts) on every registered game. */
import { describe, expect, it } from 'vitest';
import { ArgumentError, IllegalActionError } from '../../lib/errors.ts';
import type { Agent } from '../../env/core/agent.ts';
import { playGame } from '../../env/core/play.ts';
import { utilityOf } from '../../env/core/game.ts';
import { DEFAULT_GAME, GAMES, gameEntry } from '../registry.ts';

describe('game registry', () => {
  it('names every game once, makes each variant, resolves its agent specs and refuses unknown names', () => {
    expect(gameEntry().name).toBe(DEFAULT_GAME);
    for (const entry of Object.values(GAMES)) {
      for (const v of entry.variants) {
        const game = entry.game(v);
        expect(game.name).toBe(entry.name);
        expect(game.variant).toBe(v);
        expect(entry.game(v)).toBe(game);
        expect(game.metadata.minPlayers).toBe(game.minPlayers);
      }
      const game = entry.game();
      for (const spec of entry.defaultAgents) expect(entry.agent(spec, 0, game).spec).toBe(spec);
    }
    expect(() => gameEntry('chess')).toThrow(/unknown game "chess".*merlin/);
    expect(() => gameEntry('merlin').agent('grandmaster', 0, gameEntry('merlin').game())).toThrow(ArgumentError);
  });
});

describe('game metadata', () => {
  it("describes Merlin as OpenSpiel would: sampled chance, imperfect information, zero-sum terminal win/loss, the ruleset's turn limit", () => {
    const game = gameEntry('merlin').game('market');
    const m = game.metadata;
    expect(m).toMatchObject({
      chanceMode: 'sampled',
      information: 'imperfect',
      utility: 'zeroSum',
      rewardModel: 'terminal',
      minUtility: -1,
      maxUtility: 1,
    });
    expect(m.maxTurns).toBe((game as unknown as { ruleset: { data: { turnLimit: number } } }).ruleset.data.turnLimit);
    expect([m.minPlayers, m.maxPlayers]).toEqual([2, 6]);
    expect(utilityOf(m)).toBe('zeroSum');
    expect(utilityOf(m, { shaped: true })).toBe('generalSum');
    expect(utilityOf(m, { terminal: 'zero' })).toBe('zeroSum');
  });
});

describe('playGame', () => {
  it('plays a game to its end, the same as a hand-written loop, with hooks seeing every action', () => {
    const entry = gameEntry('merlin');
    const game = entry.game('market');
    const agents = [0, 1, 2].map((p) => entry.agent('random', `a/${p}`, game));
    const seen: number[] = [];
    let started = 0;
    const r = playGame(game, agents, 'loop', { onStart: () => started++, afterAction: (_s, _seat, a) => seen.push(a) });
    expect(started).toBe(1);
    expect(game.isTerminal(r.state)).toBe(true);
    expect(r.error).toBeNull();
    expect(seen.length).toBe(r.steps);
    // The same game by hand, with fresh agents of the same seeds.
    const again = [0, 1, 2].map((p) => entry.agent('random', `a/${p}`, game));
    const s = game.newState(3, 'loop');
    const legal = new Int32Array(game.numActions);
    const ids: number[] = [];
    while (!game.isTerminal(s)) {
      const n = game.legalActions(s, legal);
      const seat = game.currentPlayer(s);
      const a = again[seat].act(null, null, { seat, legal, numLegal: n, state: s });
      game.applyAction(s, a);
      ids.push(a);
    }
    expect(ids).toEqual(seen);
    expect(game.serialize(s)).toBe(game.serialize(r.state));
  });

  it("stops at maxSteps, and with onError 'stop' returns an agent's illegal choice with the state unchanged", () => {
    const game = gameEntry('merlin').game('full');
    const random = gameEntry('merlin').agent('random', 0, game);
    expect(() => playGame(game, [random, random], 'cap', { maxSteps: 5 })).toThrow(/did not end within 5 steps/);
    // From its fourth decision on, the agent picks the lowest id that is not legal.
    let calls = 0;
    const bad: Agent = {
      spec: 'bad',
      act: (_o, _m, c) => {
        if (++calls <= 3) return c.legal[0];
        const legal = new Set(c.legal.subarray(0, c.numLegal));
        let a = 0;
        while (legal.has(a)) a++;
        return a;
      },
    };
    let before = '';
    const r = playGame(game, [bad, bad], 'bad', { onError: 'stop', afterAction: (s) => (before = game.serialize(s)) });
    expect(r.steps).toBe(3);
    expect(r.error).toBeInstanceOf(IllegalActionError);
    expect(game.serialize(r.state)).toBe(before);
    calls = 0;
    expect(() => playGame(game, [bad, bad], 'bad')).toThrow(IllegalActionError);
  });
});
