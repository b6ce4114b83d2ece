/** `restricted:KINDS:SPEC` (agents/restricted.ts): restricted play in every registered game, resolved by the game registry. */
import { describe, expect, it } from 'vitest';
import type { Agent } from '../../env/core/agent.ts';
import type { Game } from '../../env/core/game.ts';
import { playGame } from '../../env/core/play.ts';
import { gameEntry } from '../../games/registry.ts';
import { ArgumentError } from '../../lib/errors.ts';
import { RestrictedAgent, forbiddenKinds, type ActionKinds } from '../restricted.ts';

/** Actions taken by seat 0 by kind, over `games` games of `specs` (seat i plays specs[i]). */
function kindsTaken(name: string, specs: string[], games: number): { counts: number[]; agents: Agent[] } {
  const entry = gameEntry(name);
  const game = entry.game();
  const reporting = entry.reporting(game);
  const counts = new Array<number>(reporting.kindNames.length).fill(0);
  const agents: Agent[] = [];
  for (let g = 0; g < games; g++) {
    const seated = specs.map((s, p) => entry.agent(s, `r/${g}/${p}`, game));
    agents.push(seated[0]);
    playGame(game, seated, `r/${g}`, { beforeAction: (_s, seat, id) => void (seat === 0 && counts[reporting.kindOf(id)]++) });
  }
  return { counts, agents };
}

describe('restricted play', () => {
  it('keeps a Merlin heuristic from buying cards, where the unrestricted heuristic buys', () => {
    const free = kindsTaken('merlin', ['heuristic', 'heuristic', 'heuristic', 'heuristic'], 2);
    const kinds = gameEntry('merlin').reporting(gameEntry('merlin').game()).kindNames;
    const buy = kinds.indexOf('BuyCard');
    expect(free.counts[buy]).toBeGreaterThan(0);
    const restricted = kindsTaken('merlin', ['restricted:BuyCard:heuristic', 'heuristic', 'heuristic', 'heuristic'], 2);
    expect(restricted.counts[buy]).toBe(0);
    expect(restricted.agents.every((a) => (a as RestrictedAgent).forced === 0)).toBe(true);
    expect(restricted.agents[0].spec).toBe('restricted:BuyCard:heuristic');
  });

  it('forbids a whole category (Merlin: combat) and wraps any spec, a checkpoint too', () => {
    const entry = gameEntry('merlin');
    const game = entry.game();
    const reporting = entry.reporting(game);
    const { counts } = kindsTaken(
      'merlin',
      ['restricted:combat+BuyCard:ppo:checkpoints/default', 'heuristic', 'heuristic', 'heuristic'],
      1,
    );
    reporting.kindNames.forEach((_, k) => {
      if (reporting.kindCategory!(k) === 'combat') expect(counts[k]).toBe(0);
    });
    // Nested inside Merlin's own wrapper.
    expect(entry.agent('hybrid:PlayCard:restricted:BuyCard:random', 0, game).spec).toBe('hybrid:PlayCard:restricted:BuyCard:random');
  });

  it('plays Economicon and DML by their own kind names and categories', () => {
    const eco = kindsTaken('economicon', ['restricted:market:heuristic', 'heuristic'], 2);
    const er = gameEntry('economicon').reporting(gameEntry('economicon').game());
    er.kindNames.forEach((_, k) => er.kindCategory!(k) === 'market' && expect(eco.counts[k]).toBe(0));
    const dml = kindsTaken('dml', ['restricted:Reroll:heuristic', 'heuristic', 'heuristic', 'heuristic'], 2);
    const dr = gameEntry('dml').reporting(gameEntry('dml').game());
    expect(dml.counts[dr.kindNames.indexOf('Reroll')]).toBe(0);
  });

  it('takes a forbidden action, counted, when nothing else is legal', () => {
    const game = { numActions: 3 } as Game<unknown>;
    const kinds: ActionKinds = { kindNames: ['a', 'b'], kindOf: (id) => (id === 2 ? 1 : 0) };
    const lowest: Agent = { spec: 'lowest', act: (_o, _m, ctx) => ctx.legal[0] };
    const r = new RestrictedAgent(game, kinds, forbiddenKinds('a', kinds, 'x'), lowest, 'restricted:a:lowest');
    expect(r.act(null, null, { seat: 0, legal: Int32Array.from([0, 1, 2]), numLegal: 3 })).toBe(2);
    expect(r.forced).toBe(0);
    const mask = Uint8Array.from([1, 1, 0]);
    const seen: (Uint8Array | null)[] = [];
    const masked = new RestrictedAgent(
      game,
      kinds,
      forbiddenKinds('a', kinds, 'x'),
      { spec: 'm', act: (_o, m, ctx) => (seen.push(m && Uint8Array.from(m)), ctx.legal[0]) },
      'm',
    );
    expect(masked.act(null, mask, { seat: 0, legal: Int32Array.from([0, 1]), numLegal: 2 })).toBe(0);
    expect(masked.forced).toBe(1);
    expect(seen[0]).toEqual(mask);
    expect(masked.act(null, Uint8Array.from([1, 0, 1]), { seat: 0, legal: Int32Array.from([0, 2]), numLegal: 2 })).toBe(2);
    expect(seen[1]).toEqual(Uint8Array.from([0, 0, 1]));
  });

  it('refuses an unknown kind, a missing SPEC, and says whether the wrapped spec reads files', () => {
    const entry = gameEntry('merlin');
    const game = entry.game();
    expect(() => entry.agent('restricted:Nonsense:heuristic', 0, game)).toThrow(ArgumentError);
    expect(() => entry.agent('restricted:Nonsense:heuristic', 0, game)).toThrow(
      /"Nonsense" is neither an action kind nor a category.*BuyCard.*categories: economy, market, combat/,
    );
    expect(() => entry.agent('restricted:BuyCard', 0, game)).toThrow(/restricted:KINDS:SPEC/);
    expect(() => entry.agent('restricted::heuristic', 0, game)).toThrow(/restricted:KINDS:SPEC/);
    expect(entry.agentSpecs).toContain('restricted:KINDS:SPEC');
    expect(entry.specReadsFiles('restricted:BuyCard:ppo:checkpoints/default')).toBe(false);
    expect(entry.specReadsFiles('restricted:BuyCard:ppo:/tmp/elsewhere')).toBe(true);
  });
});
