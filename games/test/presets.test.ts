/**
 * The difficulty presets (`easy`, `medium`, `hard`, `strongest`) of every registered game that names them (a
 * game with no shipped checkpoint may name none) resolve wherever a
 * spec does: the registry's `agent` (which the CLI's commands, the bridge and training call), the CLI's
 * `--agents` parsing, the env's opponent factory and the move API; a server accepts them from remote clients
 * (they read only shipped checkpoints). The bridge's `act` with a preset: bridge/test/games.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { DIFFICULTIES } from '../../agents/registry.ts';
import { PuctAgent } from '../../agents/puct.ts';
import { PpoAgent } from '../../agents/ppo.ts';
import { resolveChance } from '../../env/core/chance.ts';
import { RandomAgent } from '../../agents/random.ts';
import { createOpponent } from '../opponent.ts';
import { GAMES, opponentFactory, parseAgents } from '../registry.ts';

describe('difficulty presets', () => {
  it('name a spec per level in every game that names them, and resolve wherever a spec does', () => {
    const withPresets = Object.values(GAMES).filter((e) => e.agents.presets);
    expect(withPresets.length).toBeGreaterThan(0);
    for (const entry of withPresets) {
      const presets = entry.agents.presets!;
      expect(Object.keys(presets), entry.name).toEqual([...DIFFICULTIES]);
      const game = entry.game();
      expect(entry.agent('easy', 0, game)).toBeInstanceOf(RandomAgent);
      expect(entry.agent('medium', 0, game).spec).toBe(entry.agents.heuristic!.spec);
      expect(entry.agent('hard', 0, game)).toBeInstanceOf(PpoAgent);
      expect(entry.agent('strongest', 0, game)).toBeInstanceOf(PuctAgent);
      expect(entry.agentSpecs).toEqual(expect.arrayContaining([...DIFFICULTIES]));
      expect(parseAgents('easy,medium,hard,strongest', entry)).toEqual([...DIFFICULTIES]);
      const make = opponentFactory('strongest,hard', undefined, entry.name);
      expect(make(0, 's')).toBeInstanceOf(PuctAgent);
      expect(make(1, 's')).toBeInstanceOf(PpoAgent);
      for (const level of DIFFICULTIES) {
        expect(entry.specReadsFiles(level), `${entry.name} ${level}`).toBe(false);
        // The level plays exactly as the spec it names.
        const s = game.newState(game.minPlayers, 'preset');
        resolveChance(game, s);
        const viaLevel = createOpponent(level, { game: entry.name, seed: 5, top: 0 }).act(s);
        const viaSpec = createOpponent(presets[level], { game: entry.name, seed: 5, top: 0 }).act(s);
        expect(viaLevel, `${entry.name} ${level}`).toEqual(viaSpec);
      }
    }
  }, 60_000);

  it('name a variant’s own checkpoint where the game ships one (Merlin’s prosperity), the game’s levels elsewhere', () => {
    const s0 = (variant: string) => {
      const game = GAMES.merlin.game(variant);
      const s = game.newState(4, 'preset');
      resolveChance(game, s);
      return s;
    };
    const hard = createOpponent('hard', { game: 'merlin', variant: 'prosperity', seed: 5, top: 0 });
    expect(hard.act(s0('prosperity'))).toEqual(
      createOpponent('ppo:checkpoints/prosperity', { game: 'merlin', variant: 'prosperity', seed: 5, top: 0 }).act(s0('prosperity')),
    );
    expect(GAMES.merlin.agent('hard', 0, GAMES.merlin.game('prosperity')).spec).toBe('ppo:checkpoints/prosperity');
    expect(GAMES.merlin.agent('strongest', 0, GAMES.merlin.game('prosperity')).spec).toBe('mcts:100:ppo:checkpoints/prosperity');
    expect(GAMES.merlin.agent('medium', 0, GAMES.merlin.game('prosperity')).spec).toBe('heuristic');
    expect(GAMES.merlin.agent('hard', 0, GAMES.merlin.game('full')).spec).toBe('ppo:checkpoints/default');
    expect(GAMES.merlin.specReadsFiles('hard')).toBe(false);
  }, 60_000);
});
