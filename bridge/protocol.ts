/**
 * The bridge protocol (docs/PROTOCOL.md): zod schemas for every JSON control message, the error codes, the
 * spec a client receives, and the binary data-plane layout (header + struct-of-arrays sections), whose
 * offsets both sides compute once per batch from (N, rows per env, D, A).
 *
 * Everything here is game-agnostic: it reads a `Game` only through env/core/game.ts.
 */
import { z } from 'zod';
import { contentHash } from '../lib/hash.ts';
import type { Game } from '../env/core/game.ts';

/** Protocol version (semver). A client with another major version is refused at hello. */
export const PROTOCOL_VERSION = '1.7.0';
export const PROTOCOL_MAJOR = 1;

// ---------------------------------------------------------------------------------------------------------
// Binary data plane

/** "MRLN" read as a little-endian u32. */
export const MAGIC = 0x4e4c524d;
export const HEADER_BYTES = 32;
/** Every section starts at a multiple of this many bytes (so float32/int32 views need no copy). */
export const SECTION_ALIGN = 8;

export const FrameType = {
  /** client → server: one action per env (int32). */
  STEP: 1,
  /** server → client: the result of a STEP. */
  STEP_RESULT: 2,
  /** server → client: the result of a JSON `reset`. */
  RESET_RESULT: 3,
} as const;

/** Header fields, byte offsets from the start of a binary frame (all little-endian). */
export const Header = {
  magic: 0, // u32 MAGIC
  version: 4, // u16 protocol major
  type: 6, // u16 FrameType
  seq: 8, // u32 client's sequence number (STEP) or the JSON request id (RESET_RESULT), echoed
  batch: 12, // u32 batch id
  count: 16, // u32 N (envs in the batch)
  finalCount: 20, // u32 K (envs that autoreset out in this step; same_step mode only)
  specHash: 24, // 8 bytes: the first 8 bytes of the batch spec's SHA-256
} as const;

/**
 * How observations travel in result frames (chosen per batch at `create`, since protocol 1.1).
 * dense: f32 [rows × D] per row. sparse: per row the count of non-zero values, then one tail of
 * indices and values (observations are about 1-2% non-zero, so frames are 30-60x smaller).
 */
export type ObservationEncoding = 'dense' | 'sparse';
export const OBSERVATION_ENCODINGS: readonly ObservationEncoding[] = ['dense', 'sparse'];

export interface Layout {
  /** Envs in the batch. */
  n: number;
  /** Rows per env: 1 in single mode, the number of players in aec mode. */
  rows: number;
  /** Observation length and action count. */
  d: number;
  a: number;
  /** Byte offsets of each section in a result frame. */
  rewards: number; // f32 [N*rows]
  terminated: number; // u8 [N]
  truncated: number; // u8 [N]
  illegal: number; // u8 [N]
  agent: number; // i32 [N]
  observations: number; // dense: f32 [N*rows*D]; sparse: u32 [N*rows] non-zero counts
  masks: number; // u8 [N*rows*A]
  finalIndex: number; // i32 [N] (first K used)
  finalObservations: number; // dense: f32 [K*rows*D]; sparse: u32 [N*rows] non-zero counts (first K*rows used)
  /**
   * Dense: bytes of a result frame with K = 0 (add K*rows*D*4 for K final observations).
   * Sparse: where the tail starts: indices (u16 when D <= 65536, else u32; `indexBytes`) of all T non-zero
   * values, rows in order (the N*rows rows, then the K*rows final rows), padded to SECTION_ALIGN, then their
   * f32 values; T is the sum of the counts and the frame is resultBytes + align(T*indexBytes) + 4*T bytes.
   */
  resultBytes: number;
  /** Bytes of a STEP request frame: header + N int32 actions. */
  stepBytes: number;
  /** How observations are encoded (since protocol 1.1). */
  encoding: ObservationEncoding;
  /** Bytes per index in the sparse tail (2 or 4; 0 when dense). */
  indexBytes: number;
}

const align = (x: number) => Math.ceil(x / SECTION_ALIGN) * SECTION_ALIGN;

/** Section offsets for a batch (the Python client computes the same and checks it against `created.layout`). */
export function computeLayout(n: number, rows: number, d: number, a: number, encoding: ObservationEncoding = 'dense'): Layout {
  const sparse = encoding === 'sparse';
  let o = HEADER_BYTES;
  const take = (bytes: number) => {
    const at = o;
    o = align(o + bytes);
    return at;
  };
  const rewards = take(n * rows * 4);
  const terminated = take(n);
  const truncated = take(n);
  const illegal = take(n);
  const agent = take(n * 4);
  const observations = take(sparse ? n * rows * 4 : n * rows * d * 4);
  const masks = take(n * rows * a);
  const finalIndex = take(n * 4);
  const finalObservations = sparse ? take(n * rows * 4) : o;
  return {
    n,
    rows,
    d,
    a,
    rewards,
    terminated,
    truncated,
    illegal,
    agent,
    observations,
    masks,
    finalIndex,
    finalObservations,
    resultBytes: o,
    stepBytes: HEADER_BYTES + 4 * n,
    encoding,
    indexBytes: sparse ? (d <= 65536 ? 2 : 4) : 0,
  };
}

/** Sparse frames: the byte offset of the values, after T indices of `indexBytes` each. */
export function sparseValuesOffset(layout: Layout, total: number): number {
  return align(layout.resultBytes + total * layout.indexBytes);
}

export function writeHeader(
  view: DataView,
  type: number,
  seq: number,
  batch: number,
  count: number,
  finalCount: number,
  specHash8: Uint8Array,
): void {
  view.setUint32(Header.magic, MAGIC, true);
  view.setUint16(Header.version, PROTOCOL_MAJOR, true);
  view.setUint16(Header.type, type, true);
  view.setUint32(Header.seq, seq >>> 0, true);
  view.setUint32(Header.batch, batch >>> 0, true);
  view.setUint32(Header.count, count >>> 0, true);
  view.setUint32(Header.finalCount, finalCount >>> 0, true);
  new Uint8Array(view.buffer, view.byteOffset + Header.specHash, 8).set(specHash8);
}

// ---------------------------------------------------------------------------------------------------------
// Spec

export interface Spec {
  variant: string;
  game: string;
  /** SHA-256 over the protocol major, observation layout hash and size, action catalogue hash and ruleset hash. */
  hash: string;
  rules_hash: string;
  actions_hash: string;
  num_actions: number;
  min_players: number;
  max_players: number;
  observation: {
    dtype: 'float32';
    shape: [number];
    low: number;
    high: number;
    hash: string;
    segments: { name: string; offset: number; length: number; low: number; high: number; meaning: string }[];
    /**
     * The layout's entity groups (env/core/game.ts EntityGroupSpec; empty when it declares none), for the
     * entity-list view (docs/OBSERVATION.md "Entity lists"; merlin_gym.entities on the Python side). Since 1.5.0.
     */
    entities: { name: string; axes: { name: string; size: number }[]; positional: string[]; segments: string[]; meaning: string }[];
  };
  action_mask: { dtype: 'uint8'; shape: [number] };
}

export function specOf(game: Game<unknown>, variant: string): Spec {
  const os = game.observationSpec;
  const low = Math.min(0, ...os.segments.map((s) => s.low));
  const high = Math.max(1, ...os.segments.map((s) => s.high));
  const hash = contentHash({
    protocol: PROTOCOL_MAJOR,
    observation: os.hash,
    size: os.size,
    actions: game.actionsHash,
    numActions: game.numActions,
    rules: game.rulesHash,
  });
  return {
    variant,
    game: game.name,
    hash,
    rules_hash: game.rulesHash,
    actions_hash: game.actionsHash,
    num_actions: game.numActions,
    min_players: game.minPlayers,
    max_players: game.maxPlayers,
    observation: {
      dtype: 'float32',
      shape: [os.size],
      low,
      high,
      hash: os.hash,
      segments: os.segments.map((s) => ({
        name: s.name,
        offset: s.offset,
        length: s.length,
        low: s.low,
        high: s.high,
        meaning: s.meaning,
      })),
      entities: (os.entities ?? []).map((g) => ({
        name: g.name,
        axes: g.axes.map((a) => ({ name: a.name, size: a.size })),
        positional: [...g.positional],
        segments: [...g.segments],
        meaning: g.meaning,
      })),
    },
    action_mask: { dtype: 'uint8', shape: [game.numActions] },
  };
}

/** The 8 header bytes of a spec hash (its first 8 bytes). */
export function specHash8(spec: Spec): Uint8Array {
  return Uint8Array.from(Buffer.from(spec.hash.slice(0, 16), 'hex'));
}

// ---------------------------------------------------------------------------------------------------------
// Errors

/** Every error code the bridge sends. The env codes come from lib/errors.ts. */
export const ERROR_CODES = [
  // protocol
  'BAD_JSON',
  'BAD_MESSAGE',
  'UNKNOWN_TYPE',
  'PROTOCOL_VERSION',
  'NOT_READY',
  'BAD_FRAME',
  'SPEC_MISMATCH',
  'UNKNOWN_BATCH',
  'NOT_RESET',
  'LIMIT_EXCEEDED',
  'IDLE_TIMEOUT',
  'INTERNAL',
  // env (lib/errors.ts ErrorCode)
  'ILLEGAL_ACTION',
  'UNKNOWN_ACTION',
  'GAME_OVER',
  'INVALID_RULESET',
  'INVALID_STATE',
  'INVALID_ARGUMENT',
  'INVALID_CHECKPOINT',
  // since 1.3
  'UNKNOWN_GAME',
] as const;
export type BridgeErrorCode = (typeof ERROR_CODES)[number];

/** WebSocket close codes the server uses. */
export const CloseCode = {
  NORMAL: 1000,
  GOING_AWAY: 1001,
  /** ws closes with this when a frame exceeds --max-frame (its reason says so). */
  TOO_BIG: 1009,
  PROTOCOL_VERSION: 4001,
  IDLE_TIMEOUT: 4002,
  LIMIT_EXCEEDED: 4003,
} as const;

export class BridgeError extends Error {
  constructor(
    readonly code: BridgeErrorCode,
    message: string,
    readonly fatal = false,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

// ---------------------------------------------------------------------------------------------------------
// JSON control plane: client → server

const id = z.number().int().min(0).max(0xffffffff).optional().describe('request id (u32), echoed in the response');
const name = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
const variant = name
  .optional()
  .describe("the game's shipped ruleset (welcome.capabilities.games lists each game's variants); default: the game's default variant");
const gameName = name
  .optional()
  .describe("registered game name (since 1.3; welcome.capabilities.games lists them); default: the registry's default game");
const seed = z.union([z.string().max(256), z.number().int()]);
const batch = z.number().int().min(0).max(0xffffffff);

export const Hello = z
  .object({
    type: z.literal('hello'),
    id,
    protocol: z
      .string()
      .regex(/^\d+\.\d+\.\d+$/)
      .describe('the client protocol version (semver)'),
    client: z.string().max(200).optional(),
    game: gameName.describe('game whose spec, variants and agents the welcome carries (since 1.3)'),
    variant: variant.describe("variant whose spec the welcome carries (default: the game's default variant)"),
  })
  .strict();

export const RewardsOption = z
  .object({
    terminal: z.enum(['winLoss', 'zero']).optional(),
    truncation: z
      .enum(['rank', 'zero', 'loss'])
      .optional()
      .describe(
        "a game truncated at the turn limit: 'zero' (a draw, the default since 1.6), 'rank' or 'loss' (every seat loses; since 1.7)",
      ),
    shaped: z.boolean().optional(),
    shaped_scale: z.number().positive().optional(),
    shaped_relative: z.boolean().optional().describe('shape on the lead over the mean of the other seats (since 1.4)'),
    shaped_potential: z
      .boolean()
      .optional()
      .describe("pay the episode's shaped rewards back at its end: potential-based shaping (since 1.6)"),
  })
  .strict();

export const Create = z
  .object({
    type: z.literal('create'),
    id,
    game: gameName,
    variant,
    players: z.number().int().min(1).max(64).default(4),
    num_envs: z.number().int().min(1).default(1),
    mode: z
      .enum(['single', 'aec'])
      .default('single')
      .describe("'single': one learning seat, opponents played by server agents; 'aec': every seat is the client's"),
    opponents: z
      .array(z.string().min(1).max(500))
      .min(1)
      .default(['random'])
      .describe('agent specs for the non-learning seats (single mode): seat i plays opponents[i % len]'),
    learner_seat: z.union([z.number().int().min(0), z.enum(['random', 'all'])]).default('random'),
    illegal: z
      .enum(['error', 'noop'])
      .default('error')
      .describe("'noop': an illegal action changes nothing and is rewarded -illegal_penalty (single mode)"),
    illegal_penalty: z.number().min(0).default(0.01),
    rewards: RewardsOption.optional(),
    autoreset: z.enum(['next_step', 'same_step']).default('next_step').describe('single mode: when an ended env starts its next episode'),
    observation_encoding: z
      .enum(['dense', 'sparse'])
      .default('dense')
      .describe("how result frames carry observations (since 1.1): 'dense' f32 rows, or 'sparse' non-zero counts, indices and values"),
  })
  .strict();

export const Reset = z.object({ type: z.literal('reset'), id, batch, seed: seed.optional() }).strict();
export const Close = z.object({ type: z.literal('close'), id, batch }).strict();
export const GetSpec = z.object({ type: z.literal('spec'), id, game: gameName, variant }).strict();
export const DescribeAction = z
  .object({
    type: z.literal('describe_action'),
    id,
    game: gameName.describe('the game (since 1.3; ignored with `batch`, which has its own)'),
    variant: variant.describe('the variant (ignored with `batch`)'),
    action: z.number().int(),
    batch: batch.optional().describe('describe in the current state of env `env` of this batch'),
    env: z.number().int().min(0).default(0),
    state: z.string().optional().describe('or in this serialised state'),
  })
  .strict();
export const History = z
  .object({
    players: z.number().int().min(1).max(64),
    seed,
    actions: z.array(z.number().int()),
  })
  .strict();
export const Act = z
  .object({
    type: z.literal('act'),
    id,
    game: gameName,
    variant,
    agent: z.string().min(1).max(500).describe('agent spec: random, heuristic, mcts[:SIMULATIONS], ppo:PATH'),
    seed: seed.default(0).describe("the agent's own random stream"),
    state: z.string().optional().describe('a serialised state (game.serialize)'),
    history: History.optional().describe('or the game replayed from (players, seed, actions)'),
  })
  .strict();
export const GetState = z.object({ type: z.literal('state'), id, batch, env: z.number().int().min(0).default(0) }).strict();
export const Render = z.object({ type: z.literal('render'), id, batch, env: z.number().int().min(0).default(0) }).strict();
export const Ping = z.object({ type: z.literal('ping'), id }).strict();

export const ClientMessage = z.discriminatedUnion('type', [
  Hello,
  Create,
  Reset,
  Close,
  GetSpec,
  DescribeAction,
  Act,
  GetState,
  Render,
  Ping,
]);
export type ClientMessage = z.infer<typeof ClientMessage>;
export const CLIENT_TYPES = ClientMessage.options.map((o) => o.shape.type.value);

// ---------------------------------------------------------------------------------------------------------
// JSON control plane: server → client

const SegmentSchema = z.object({
  name: z.string(),
  offset: z.number().int(),
  length: z.number().int(),
  low: z.number(),
  high: z.number(),
  meaning: z.string(),
});
export const SpecSchema = z.object({
  variant: z.string(),
  game: z.string().describe('the registered game name'),
  hash: z.string().regex(/^[0-9a-f]{64}$/),
  rules_hash: z.string(),
  actions_hash: z.string(),
  num_actions: z.number().int(),
  min_players: z.number().int(),
  max_players: z.number().int(),
  observation: z.object({
    dtype: z.literal('float32'),
    shape: z.tuple([z.number().int()]),
    low: z.number(),
    high: z.number(),
    hash: z.string(),
    segments: z.array(SegmentSchema),
    entities: z
      .array(
        z.object({
          name: z.string(),
          axes: z.array(z.object({ name: z.string(), size: z.number().int() })),
          positional: z.array(z.string()),
          segments: z.array(z.string()),
          meaning: z.string(),
        }),
      )
      .describe('the entity groups of the observation layout (since 1.5.0)'),
  }),
  action_mask: z.object({ dtype: z.literal('uint8'), shape: z.tuple([z.number().int()]) }),
});
export const LayoutSchema = z.object({
  n: z.number().int(),
  rows: z.number().int(),
  d: z.number().int(),
  a: z.number().int(),
  rewards: z.number().int(),
  terminated: z.number().int(),
  truncated: z.number().int(),
  illegal: z.number().int(),
  agent: z.number().int(),
  observations: z.number().int(),
  masks: z.number().int(),
  finalIndex: z.number().int(),
  finalObservations: z.number().int(),
  resultBytes: z.number().int(),
  stepBytes: z.number().int(),
  encoding: z.enum(['dense', 'sparse']),
  indexBytes: z.number().int(),
});

const rid = z.number().int().optional();
/** One registered game as the welcome lists it (since 1.3). */
export const GameInfoSchema = z.object({
  name: z.string(),
  variants: z.array(z.string()).describe('its shipped variants, default first'),
  default_variant: z.string(),
  agents: z.array(z.string()).describe('the agent specs it resolves'),
});
export type GameInfo = z.infer<typeof GameInfoSchema>;
export const Welcome = z.object({
  type: z.literal('welcome'),
  id: rid,
  protocol: z.string(),
  server: z.string(),
  capabilities: z.object({
    modes: z.array(z.string()),
    autoreset: z.array(z.string()),
    observation_encodings: z.array(z.string()),
    agents: z.array(z.string()).describe("the agent specs of the hello's game"),
    variants: z.array(z.string()).describe("the variants of the hello's game"),
    games: z.array(GameInfoSchema).describe('every game this server plays (since 1.3)'),
    messages: z.array(z.string()),
    binary: z.object({
      magic: z.number().int(),
      header_bytes: z.number().int(),
      section_align: z.number().int(),
      little_endian: z.literal(true),
    }),
  }),
  limits: z.object({
    max_frame_bytes: z.number().int(),
    max_envs: z.number().int(),
    max_total_envs: z.number().int().optional(),
    idle_timeout_s: z.number(),
  }),
  spec: SpecSchema,
});
export const Created = z.object({
  type: z.literal('created'),
  id: rid,
  batch,
  mode: z.enum(['single', 'aec']),
  num_envs: z.number().int(),
  players: z.number().int(),
  agents: z.array(z.string()),
  rows_per_env: z.number().int(),
  autoreset: z.enum(['next_step', 'same_step']),
  spec: SpecSchema,
  layout: LayoutSchema,
});
export const Closed = z.object({ type: z.literal('closed'), id: rid, batch });
export const SpecReply = z.object({ type: z.literal('spec'), id: rid, spec: SpecSchema });
export const Description = z.object({ type: z.literal('description'), id: rid, action: z.number().int(), description: z.string() });
export const ActionReply = z.object({
  type: z.literal('action'),
  id: rid,
  action: z.number().int(),
  description: z.string(),
  seat: z.number().int(),
  agent: z.string(),
});
export const StateReply = z.object({ type: z.literal('state'), id: rid, state: z.string(), current_player: z.number().int() });
export const Rendered = z.object({ type: z.literal('rendered'), id: rid, text: z.string() });
export const Pong = z.object({ type: z.literal('pong'), id: rid });
export const ErrorReply = z.object({
  type: z.literal('error'),
  id: rid,
  code: z.enum(ERROR_CODES),
  message: z.string(),
  fatal: z.boolean().describe('true: the server closes the connection after this message'),
  details: z.record(z.string(), z.unknown()).optional(),
});

export const ServerMessage = z.discriminatedUnion('type', [
  Welcome,
  Created,
  Closed,
  SpecReply,
  Description,
  ActionReply,
  StateReply,
  Rendered,
  Pong,
  ErrorReply,
]);
export type ServerMessage = z.infer<typeof ServerMessage>;

/** The JSON Schema of both directions (bridge/protocol.schema.json is this, pretty-printed). */
export function protocolJsonSchema(): Record<string, unknown> {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: `merlin-gym bridge protocol ${PROTOCOL_VERSION}`,
    description:
      'JSON control-plane messages of the merlin-gym WebSocket bridge (docs/PROTOCOL.md). Generated from bridge/protocol.ts by `npx tsx bridge/gen-schema.ts`; do not edit.',
    protocol: PROTOCOL_VERSION,
    $defs: {
      ClientMessage: z.toJSONSchema(ClientMessage, { io: 'input' }),
      ServerMessage: z.toJSONSchema(ServerMessage),
    },
  };
}
