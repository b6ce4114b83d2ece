/** DML's replay log and viewer: the embedded ruleset replays exactly, tampering is refused, and the viewer shows the whole state. */
import { describe, expect, it } from 'vitest';
import { recordGame, replayLog, replayStates } from '../../../designer/replay.ts';
import { frameOf, replayHtml, viewOf } from '../../../designer/replay-view.ts';
import { COUNTERS, SECTIONS } from '../designer/replay.ts';
import { NUM_CARDS } from '../rules/index.ts';
import { victoryPoints, Z, type DmlState } from '../engine/index.ts';
import { loadRuleset } from '../rules/index.ts';

describe('DML replay', () => {
  const log = recordGame('full', ['heuristic', 'random', 'single:seizer', 'single:smuggler'], 'dml-replay-test', undefined, 'dml');

  it('embeds the ruleset and its card file, replays to the same final state, and records the dice as each Turn begins', () => {
    expect(log.game).toBe('dml');
    expect(log.ruleset.rules).not.toBeNull();
    expect(Object.keys(log.ruleset.decks)).toEqual([(log.ruleset.rules as { cards: string }).cards]);
    const { final } = replayLog(structuredClone(log));
    expect((final as DmlState).winner).toBe(log.result.winner);
    const turns = log.actions.map((a) => a.turn);
    expect(turns.every((t, i) => i === 0 || t >= turns[i - 1])).toBe(true);
    expect(log.actions.filter((a) => a.dice).length).toBeGreaterThan(4);
  });

  it('refuses a log whose card file, dice or result was changed', () => {
    const cards = structuredClone(log);
    const file = Object.keys(cards.ruleset.decks)[0];
    (cards.ruleset.decks[file] as { cards: { points: number }[] }).cards[0].points += 1;
    expect(() => replayLog(cards)).toThrow(/hashes to/);
    const dice = structuredClone(log);
    const rolled = dice.actions.find((a) => a.dice && a.dice[0] > 0)!;
    rolled.dice = [rolled.dice![0] === 6 ? 1 : rolled.dice![0] + 1, rolled.dice![1]];
    expect(() => replayLog(dice)).toThrow(/dice/);
    const bad = structuredClone(log);
    bad.result.final_state_sha256 = '0'.repeat(64);
    expect(() => replayLog(bad)).toThrow(/ends in state/);
  });

  it("shows every counter and table, each hand's cards in its holder's row, and victory points for the chart", async () => {
    const { game, states } = replayStates(log);
    const view = viewOf(log, game);
    const rs = loadRuleset('full');
    for (const s of [states[0], states[states.length >> 1], states.at(-1)!] as DmlState[]) {
      const f = frameOf(view, s, log.agents);
      expect(f.c).toHaveLength(COUNTERS.length);
      expect(f.t).toHaveLength(SECTIONS.length);
      const players = f.t[SECTIONS.findIndex((x) => x.id === 'players')];
      expect(players.map((r) => r[2])).toEqual(log.agents.map((_, p) => victoryPoints(s, rs, p)));
      // A card in a hand shows up in its holder's row.
      for (let c = 0; c < NUM_CARDS; c++) {
        const z = s.zone[c];
        if (z >= Z.HAND && z < Z.HAND + 4) expect(String(players[z - Z.HAND][5])).toContain(rs.cardFile.cards[c].id);
      }
    }
    const html = await replayHtml(log);
    expect(html).not.toMatch(/<script[^>]*src=|<link[^>]*href=/);
    expect(html).toContain('Victory points');
    expect(html).toContain('Stocks (the Market) by suit');
  });
});
