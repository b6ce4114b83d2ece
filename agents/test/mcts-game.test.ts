/** MCTS on Game<S> alone: it plays a game that is not Merlin (Race to 12, env/core/test/race.ts). */
import { describe, expect, it } from 'vitest';
import { ArgumentError } from '../../lib/errors.ts';
import { playGame } from '../../env/core/play.ts';
import { RaceGame } from '../../env/core/test/race.ts';
import { DEFAULT_MCTS, MctsAgent } from '../mcts.ts';

const game = new RaceGame();
const options = { ...DEFAULT_MCTS, simulations: 300, rollout: 'random' as const, rootCandidates: 0 };

describe('mcts on any Game<S>', () => {
  it('takes the sure win two steps from the goal, and plays whole games deterministically given its seed', () => {
    const s = game.newState(2, 'mcts');
    s.pos[0] = 10;
    s.pos[1] = 10; // stepping 1 or rolling a 1 leaves the opponent a likely win
    const legal = new Int32Array([0, 1, 2]);
    const agent = new MctsAgent(game, 'a', options);
    expect(agent.act(null, null, { seat: 0, legal, numLegal: 3, state: s })).toBe(1);
    expect(agent.simulationsRun).toBe(300);
    const play = () => playGame(game, [new MctsAgent(game, 'x', options), new MctsAgent(game, 'y', options)], 'g').state;
    expect(game.serialize(play())).toBe(game.serialize(play()));
  });

  it("needs the game's guide for heuristic rollouts or a root shortlist", () => {
    expect(() => new MctsAgent(game, 0, { ...options, rollout: 'heuristic' })).toThrow(ArgumentError);
    expect(() => new MctsAgent(game, 0, { ...options, rootCandidates: 2 })).toThrow(/guide/);
  });
});
