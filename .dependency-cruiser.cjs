/**
 * dependency-cruiser rules for the layer diagram in DESIGN.md ("Layers: data flows down, never up"), run by
 * `npm run lint:deps` (with tools/lint-deps.ts, which bounds import cycles to two files).
 *
 * From the bottom up: lib (rng, hash, memo, errors, ruleset files) < each game (games/NAME/: rules and cards and engine import
 * only lib; its env adapter implements env/core's Game contract) < env/core (the game-agnostic RL contract) <
 * policy < agents < the game registry (games/registry.ts, its move API games/opponent.ts and its golden playthroughs games/playthroughs.ts) < training < bridge < designer < browser (the browser bundle's entry and Node shims) < cli. A folder imports
 * only folders below it, and no game imports another; the layers above the games reach a game only through the
 * registry (games/registry.ts, games/index.ts), never a game's own folder. Only training/ loads @tensorflow: env, the games, policy,
 * agents and the bridge reach no tfjs module even through another one. Tests (`*\/test/*`), tools/ and bin/ may
 * import anything, but cycles count them too.
 */

/** The `lib/` layer: everything may import it. */
const LIB = '^lib/';
/** A game's own folder (games/merlin/, games/economicon/, ...): every folder in games/ but its tests (the registry and index are files). */
const GAME = '^games/(?!test/)[^/]+/';
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

/** The layers above env/core, in DESIGN's order (each imports none of those after it), as [name, path regex]. */
const UPPER = [
  ['policy', 'policy/'],
  ['agents', 'agents/'],
  ['registry', 'games/(registry|index|opponent|playthroughs)[.]ts$'],
  ['training', 'training/'],
  ['bridge', 'bridge/'],
  ['designer', 'designer/'],
  ['browser', 'browser/'],
  ['cli', 'cli/'],
];
const above = (i) =>
  `^(${UPPER.slice(i)
    .map(([, path]) => path)
    .join('|')})`;
const names = (i) =>
  UPPER.slice(i)
    .map(([name]) => name)
    .join(', ');

module.exports = {
  forbidden: [
    forbid('lib-is-the-bottom', 'rng, hash, memo, errors and ruleset files (lib/) import nothing of the project', LIB, {
      path: '^(lib|env|games|policy|agents|training|bridge|designer|browser|cli|tools)/',
      pathNot: LIB,
    }),
    forbid(
      'game-not-env-core',
      "a game's rules, cards and engine import lib/, never the RL contract (env/core) above them",
      `${GAME}(rules|cards|engine)/`,
      '^env/core/',
    ),
    forbid(
      'engine-not-adapter',
      "a game's engine does not import the env adapter (observation, render) built on it",
      `${GAME}(rules|cards|engine)/`,
      `${GAME}env/`,
    ),
    forbid('games-apart', 'a game imports no other game', '^games/([^/]+)/', { path: GAME, pathNot: '^games/$1/' }),
    forbid('env-core-game-agnostic', 'env/core knows no game (DESIGN: "env/core knows nothing of Merlin")', '^env/core/', '^games/'),
    forbid('game-not-upper', `a game imports no layer above env/core (${names(0)})`, GAME, above(0)),
    forbid('env-not-upper', `env/ imports no layer above it (${names(0)})`, '^env/', above(0)),
    ...UPPER.slice(0, -1).map(([name, path], i) =>
      forbid(`${name}-not-upper`, `${name} imports no layer above it (${names(i + 1)})`, `^${path}`, above(i + 1)),
    ),
    forbid(
      'agents-on-game-contract',
      "random, MCTS and ppo play any game through Game<S> (env/core), not a game's engine",
      '^agents/(random|mcts|ppo)[.]ts$',
      GAME,
    ),
    forbid('policy-game-agnostic', 'policy/ reads checkpoints for any game: it does not import a game', '^policy/', '^games/'),
    forbid(
      'shared-layers-name-no-game',
      "env, agents, policy, training, the bridge, the designer tools and the CLI reach a game only through the game registry (games/registry.ts, games/index.ts), never a game's own folder: registering a game is one entry there",
      '^(env|agents|policy|training|bridge|designer|browser|cli)/',
      GAME,
    ),
    {
      name: 'plays-without-tfjs',
      comment:
        'env, the games, policy, agents and the bridge play trained policies without loading @tensorflow, even through another module',
      severity: 'error',
      from: { path: '^(env|games|policy|agents|bridge)/|^index[.]ts$', pathNot: PROD },
      to: { path: '^node_modules/@tensorflow/', reachable: true },
    },
    forbid(
      'tfjs-only-in-training',
      'only training/ loads @tensorflow (policy/ and agents/ play without tfjs)',
      '^(?!training/)',
      '^node_modules/@tensorflow/',
    ),
    {
      name: 'not-to-unresolvable',
      comment:
        "an import that does not resolve to a file or an installed package (but the browser bundle's embedded files, a module tools/build-browser.ts generates)",
      severity: 'error',
      from: {},
      to: { couldNotResolve: true, pathNot: '^merlin-gym:files$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(bridge/python|docs|checkpoints|runs|dist|dist-browser)/' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
