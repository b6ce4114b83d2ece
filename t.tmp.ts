import { runLearned } from './designer/learn.ts';
import { DEFAULT_PPO } from './training/ppo.ts';
import { DEFAULT_LEAGUE } from './training/league.ts';
const t0 = Date.now();
const xs = await runLearned({ ruleset: 'market', players: 2, seed: 'l', minutes: 0, maxUpdates: 3, outDir: '/tmp/l33p', games: 6, workers: 1,
  train: { numEnvs: 4, horizon: 16, hidden: [16], imitationUpdates: 1, ppo: { ...DEFAULT_PPO, minibatch: 32, epochs: 1 }, league: { ...DEFAULT_LEAGUE, snapshotEvery: 1, maxSnapshots: 2 }, saveEvery: 0 } });
for (const s of xs) console.log(s.field, s.agents, s.truncation, s.length.median, s.by_agent.map(a => [a.agent, a.wins, a.truncated]), s.learned);
console.log((Date.now()-t0)/1000);
