/**
 * dependency-cruiser rules for the layer diagram in DESIGN.md ("Layers: data flows down, never up"), run by
 * `npm run lint:deps` (with tools/import-cycles.ts, which bounds import cycles to two files).
 *
 * From the bottom up: lib (rng, hash, memo, errors) < the game (env/merlin: rules and cards, engine, env
 * adapter) < env/core (the game-agnostic RL contract) < policy < agents < games (the game registry) < training <
 * bridge < designer < cli. A folder imports only folders below it. Only training/ loads @tensorflow: env, policy,
 * agents and the bridge reach no tfjs module even through another one. Tests (`*\/test/*`), tools/ and
 * bin/ may import anything, but cycles count them too.
 */

/** The `lib/` layer: everything may import it. */
const LIB = '^lib/';
/** Modules a layer rule looks at: production code, not tests. */
const PROD = '/test/';

/** `name`: files matching `from` (tests excepted) may not import files matching `to`. */
const forbid = (name, comment, from, to) => ({
  name,
  comment,
  severity: 'error',
  from: { path: from, pathNot: PROD },
  to: typeof to === 'string' ? { path: to } : to,
});

/** Folders above each layer, in DESIGN's order (the first may import none of the rest, and so on). */
const UPPER = ['policy', 'agents', 'games', 'training', 'bridge', 'designer', 'cli'];

module.exports = {
  forbidden: [
    forbid('lib-is-the-bottom', 'rng, hash, memo and errors (lib/) import nothing of the project', LIB, { path: '^(lib|env|policy|agents|games|training|bridge|designer|cli|tools)/', pathNot: LIB }),
    forbid('game-not-env-core', 'the game (rules, cards, engine) imports lib/, never the RL contract (env/core) above it', '^env/merlin/(rules|cards|engine)/', '^env/core/'),
    forbid('engine-not-adapter', 'the engine does not import the env adapter (observation, render) built on it', '^env/merlin/(rules|cards|engine)/', '^env/merlin/env/'),
    forbid('env-core-game-agnostic', 'env/core knows nothing of Merlin (DESIGN: "env/core knows nothing of Merlin")', '^env/core/', '^env/merlin/'),
    forbid('env-not-upper', 'env/ imports no folder above it (policy, agents, training, bridge, designer, cli)', '^env/', `^(${UPPER.join('|')})/`),
    ...UPPER.slice(0, -1).map((layer, i) =>
      forbid(`${layer}-not-upper`, `${layer}/ imports no folder above it (${UPPER.slice(i + 1).join(', ')})`, `^${layer}/`, `^(${UPPER.slice(i + 1).join('|')})/`),
    ),
    forbid('agents-on-game-contract', 'random, MCTS and ppo play any game through Game<S> (env/core), not the Merlin engine', '^agents/(random|mcts|ppo)[.]ts$', '^env/merlin/engine/'),
    forbid('policy-game-agnostic', 'policy/ reads checkpoints for any game: it does not import a game', '^policy/', '^env/merlin/'),
    {
      name: 'plays-without-tfjs',
      comment: 'env, policy, agents and the bridge play trained policies without loading @tensorflow, even through another module',
      severity: 'error',
      from: { path: '^(env|policy|agents|bridge)/|^index[.]ts$', pathNot: PROD },
      to: { path: '^node_modules/@tensorflow/', reachable: true },
    },
    forbid('tfjs-only-in-training', 'only training/ loads @tensorflow (policy/ and agents/ play without tfjs)', '^(?!training/)', '^node_modules/@tensorflow/'),
    {
      name: 'not-to-unresolvable',
      comment: 'an import that does not resolve to a file or an installed package',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(bridge/python|docs|checkpoints|runs)/' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
