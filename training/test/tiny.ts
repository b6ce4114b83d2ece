/** The tiny training configuration the training tests share: two players on `market`, a few envs, one small hidden layer. */
import { DEFAULT_LEAGUE } from '../league.ts';
import { DEFAULT_PPO } from '../ppo.ts';
import { DEFAULT_TRAIN, type TrainConfig } from '../train.ts';

/** A snapshot joins the league every update (two kept); no saves before the end. */
export const TINY: TrainConfig = {
  ...DEFAULT_TRAIN,
  variants: ['market'],
  players: 2,
  numEnvs: 4,
  horizon: 16,
  hidden: [16],
  seed: 'tiny',
  ppo: { ...DEFAULT_PPO, minibatch: 32, epochs: 2 },
  league: { ...DEFAULT_LEAGUE, snapshotEvery: 1, maxSnapshots: 2 },
  saveEvery: 0,
};
