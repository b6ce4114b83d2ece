/**
 * The `merlin-gym/training` entry point: tfjs self-play PPO (docs/TRAINING.md). Importing it loads
 * @tensorflow/tfjs; to play a trained policy use `merlin-gym/agents` (`ppo:DIR`) or `merlin-gym/policy`.
 *
 *   import { DEFAULT_TRAIN, train } from 'merlin-gym/training';
 *   const result = await train({ config: DEFAULT_TRAIN, out: 'runs/latest', minutes: 4 });
 */
export {
  DEFAULT_EXPLOITER,
  DEFAULT_TRAIN,
  recordEvaluation,
  train,
  trainingGames,
  type ExploiterOptions,
  type ExploiterRecord,
  type TrainConfig,
  type TrainOptions,
  type TrainProgress,
  type TrainResult,
  type UpdateRecord,
} from './train.ts';
export { checkCollectors, defaultCollectors, MAX_COLLECTORS } from './collector-thread.ts';
export { BACKEND_ORDER, backendLabel, initBackend, type BackendName } from './backend.ts';
export { initParams, PolicyValueNet } from './network.ts';
export { DEFAULT_PPO, PpoLearner, type PpoConfig } from './ppo.ts';
export { DEFAULT_LEAGUE, League, type LeagueOptions } from './league.ts';
export { readWeights, saveCheckpoint, saveWeights } from './checkpoint.ts';
export {
  DEFAULT_REWARD,
  REWARD_CHOICES,
  rewardOptions,
  TRUNCATION_CHOICES,
  type RewardChoice,
  type TruncationChoice,
} from './reward-choices.ts';
