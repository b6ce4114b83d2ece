/**
 * The agent (policy) contract shared by envs, the CLI, evaluation, training and the bridge.
 *
 * An agent chooses one action id among the legal ones. `observation` is the env's observation vector for
 * the agent's seat, or null when the caller did not compute one (agents that need it say so with
 * `needsObservation`); `actionMask` has one byte per action id (1 = legal), or null when not computed;
 * `context.legal` always lists the legal ids, ascending, in its first `numLegal` entries. `context.state`
 * is the game state, for agents allowed to look at it (search agents resample what they cannot see).
 */
export interface AgentContext {
  /** Seat of the deciding player. */
  seat: number;
  /** Legal action ids (ascending); only the first `numLegal` entries are valid. */
  legal: Int32Array;
  numLegal: number;
  /** The game state (read-only by convention), when the caller offers it. */
  state?: unknown;
}

export interface Agent {
  /** The spec string that made this agent (e.g. "random"). */
  readonly spec: string;
  /** True when `act` needs the observation and mask (the env computes them only then). */
  readonly needsObservation?: boolean;
  /** Choose a legal action id. Must not touch the game's own RNG. */
  act(observation: Float32Array | null, actionMask: Uint8Array | null, context: AgentContext): number;
}
