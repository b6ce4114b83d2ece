/**
 * Behaviour fingerprint of the engine and env: the check that a refactor changed no behaviour
 * (same observations, legal actions and trajectory hashes before and after).
 *
 *   npx tsx tools/behaviour-hashes.ts > /tmp/after.json
 *   npx tsx tools/behaviour-hashes.ts --check tools/behaviour-hashes.json
 *   npx tsx tools/behaviour-hashes.ts --game dml --games 200 --sim-games 40 --check tools/behaviour-hashes-dml.json
 *
 * `--game NAME` fingerprints another registered game (default merlin; `--variants` defaults to its shipped
 * variants, for Merlin full, market, skirmish, classic and council, not literal; the checkpoint run is Merlin's only).
 *
 * For every shipped variant and every player count it allows (2-6), it plays `--games` seeded games of
 * uniformly random legal moves (the move chooser is a seedrandom stream apart from the game's own RNG) and
 * hashes, per configuration:
 *   - `legal`: the legal-action list at every step;
 *   - `observations`: the acting seat's observation (float32 bytes) at every step, every seat's
 *     observation and the state tensor every 50th step and at the end, and `describeAction` of each move;
 *   - `states`: the serialised state every 50th step and at the end, and a clone's serialisation;
 * and then it runs `merlin simulate`'s own code for the `trajectory_hash` with random and heuristic agents,
 * and once with the shipped checkpoint (`ppo:checkpoints/default`) in seat 0.
 *
 * Output: one JSON object, keys `variant/players/what`, values SHA-256 hex. `--check FILE` compares with a
 * saved run and exits 1 listing every key that differs (missing keys count as differing).
 * A rules change is expected to change these hashes; regenerate the file in the same commit and say why.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import seedrandom from 'seedrandom';
import { gameEntry } from '../games/registry.ts';
import { legalBuffer } from '../env/core/game.ts';
import { runSimulation } from '../cli/simulate.ts';

const args = process.argv.slice(2);
const flag = (name: string, dflt: string): string => {
  const i = args.indexOf(name);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : dflt;
};
const GAMES = Number(flag('--games', '5'));
const SIM_GAMES = Number(flag('--sim-games', '10'));
const GAME = flag('--game', 'merlin');
const entry = gameEntry(GAME);
const VARIANTS = flag('--variants', GAME === 'merlin' ? 'full,market,skirmish,classic,council' : entry.variants.join(',')).split(',');
const CHECK = flag('--check', '');
const PPO = GAME === 'merlin' ? flag('--ppo', 'checkpoints/default') : '';

const out: Record<string, string> = {};

for (const variant of VARIANTS) {
  const game = entry.game(variant);
  const legal = legalBuffer(game); // at an explicit chance node the ids are its outcomes
  const obs = new Float32Array(game.observationSpec.size);
  const st = new Float32Array(game.stateSpec.size);
  for (let players = Math.max(2, game.minPlayers); players <= Math.min(6, game.maxPlayers); players++) {
    const hLegal = createHash('sha256');
    const hObs = createHash('sha256');
    const hState = createHash('sha256');
    for (let g = 0; g < GAMES; g++) {
      const s = game.newState(players, `behaviour/${g}`);
      const rng = seedrandom(`behaviour/${variant}/${players}/${g}/moves`);
      let step = 0;
      while (!game.isTerminal(s)) {
        const n = game.legalActions(s, legal);
        hLegal.update(Buffer.from(legal.buffer, 0, n * 4));
        const p = game.currentPlayer(s);
        game.observe(s, p, obs);
        hObs.update(Buffer.from(obs.buffer));
        if (step % 50 === 0) {
          for (let q = 0; q < players; q++) {
            game.observe(s, q, obs);
            hObs.update(Buffer.from(obs.buffer));
          }
          game.stateTensor(s, st);
          hObs.update(Buffer.from(st.buffer));
          hState.update(game.serialize(s));
          hState.update(game.serialize(game.clone(s)));
        }
        const a = legal[Math.floor(rng() * n)];
        hObs.update(game.describeAction(s, a));
        game.applyAction(s, a);
        step++;
      }
      for (let q = 0; q < players; q++) {
        game.observe(s, q, obs);
        hObs.update(Buffer.from(obs.buffer));
      }
      game.stateTensor(s, st);
      hObs.update(Buffer.from(st.buffer));
      hState.update(game.serialize(s));
      hState.update(`steps ${step}`);
    }
    const key = `${variant}/${players}`;
    out[`${key}/legal`] = hLegal.digest('hex');
    out[`${key}/observations`] = hObs.digest('hex');
    out[`${key}/states`] = hState.digest('hex');
    for (const agents of [['random'], ['heuristic']]) {
      const r = runSimulation({ game, games: SIM_GAMES, players, agents, seed: 0 });
      out[`${key}/simulate-${agents[0]}`] = r.trajectory_hash;
    }
  }
  if (PPO && variant === 'full') {
    const r = runSimulation({ game, games: SIM_GAMES, players: 4, agents: [`ppo:${PPO}`, 'random', 'heuristic', 'random'], seed: 0 });
    out[`${variant}/4/simulate-ppo`] = r.trajectory_hash;
  }
}

if (CHECK) {
  const want = JSON.parse(readFileSync(CHECK, 'utf8')) as Record<string, string>;
  const keys = [...new Set([...Object.keys(want), ...Object.keys(out)])].sort();
  const diff = keys.filter((k) => want[k] !== out[k]);
  for (const k of diff) console.error(`differs: ${k}  want ${want[k] ?? '(none)'}  got ${out[k] ?? '(none)'}`);
  console.error(
    diff.length === 0
      ? `behaviour-hashes: all ${keys.length} hashes identical to ${CHECK}`
      : `behaviour-hashes: ${diff.length} of ${keys.length} differ`,
  );
  process.exit(diff.length === 0 ? 0 : 1);
} else {
  console.log(JSON.stringify(out, null, 2));
}
