import { initBackend } from './backend.ts';
import { DEFAULT_TRAIN, trainingGames } from './train.ts';
import { initParams, PolicyValueNet } from './network.ts';
import { PpoLearner, DEFAULT_PPO } from './ppo.ts';
import { League, DEFAULT_LEAGUE } from './league.ts';
import { Collector } from './rollout.ts';
import { HeuristicAgent, loadWeights } from '../agents/heuristic.ts';
import { seedRng } from '../env/core/rng.ts';
console.log(await initBackend(process.argv[2] as any));
const games = trainingGames(['full']);
const hidden = JSON.parse(process.argv[3] ?? '[256,128]');
const shape = { obsSize: games[0].observationSpec.size, hidden, numActions: games[0].numActions };
const net = new PolicyValueNet(shape, initParams(shape, 1));
const learner = new PpoLearner(net, { ...DEFAULT_PPO, minibatch: Number(process.argv[4] ?? 512) });
const league = new League({ ...DEFAULT_LEAGUE, players: 4 });
const c = new Collector({ games, numEnvs: 32, players: 4, horizon: 64, seed: 'x', rewards: DEFAULT_TRAIN.rewards, heuristic: (g: any) => new HeuristicAgent(g.ruleset, loadWeights()) }, league);
const rng = seedRng(1);
for (let k = 0; k < 3; k++) {
  let t = performance.now(); c.collect(net, () => net); const tc = performance.now() - t;
  t = performance.now(); const m = learner.update(c, rng); const tu = performance.now() - t;
  console.log(`collect ${tc.toFixed(0)}ms (${c.envSteps} env steps) update ${tu.toFixed(0)}ms mbs ${m.minibatches}`);
}
