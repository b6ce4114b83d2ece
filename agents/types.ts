/** The agent contract lives in env/core (envs use it for opponents); re-exported here for agents/. */
export type { Agent, AgentContext } from '../env/core/agent.ts';
