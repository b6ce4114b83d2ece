/** The Dragon's Money Laundering engine's public surface (state, catalogue, rules of play, invariants). */
export * from './state.ts';
export * from './catalogue.ts';
export * from './engine.ts';
export * from './invariants.ts';
