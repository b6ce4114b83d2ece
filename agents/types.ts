/**
 * The agent contract shared by the CLI, evaluation, training and the bridge.
 *
 * An agent chooses one action id among the legal ones. `observation` is the env's observation vector for
 * the agent's seat (null where a caller drives the engine directly, as `merlin simulate` does before the
 * env layer exists); `actionMask` has one byte per catalogue id (1 = legal); `context.legal` lists the
 * same legal ids, ascending, for agents that prefer a list.
 */
export interface AgentContext {
  /** Seat of the deciding player. */
  seat: number;
  /** Legal action ids (ascending); only the first `numLegal` entries are valid. */
  legal: Int32Array;
  numLegal: number;
}

export interface Agent {
  /** The spec string that made this agent (e.g. "random"). */
  readonly spec: string;
  /** Choose a legal action id. Must not touch the game's own RNG. */
  act(observation: Float32Array | null, actionMask: Uint8Array | null, context: AgentContext): number;
}
