/**
 * The entity-list view of a flat observation (docs/OBSERVATION.md "Entity lists"): the same values, regrouped
 * as a global vector plus, for each entity group the layout declares (`TensorSpec.entities`: seats, field
 * slots, units, contracts...), the list of the group's present entities, one feature row each. This is the
 * input of an entity encoder (a shared per-entity network and a pooling, as AlphaStar and OpenAI Five use for
 * units); the flat vector stays the default observation.
 *
 * Game-agnostic: it reads only the layout. An entity is present when any of its features is non-zero.
 * Present entities are listed in index order, each row its features (entry i of each of the group's segments,
 * concatenated) then a one-hot per positional axis (e.g. the seat and the field slot a unit stands on); `index`
 * gives each row's entity index (which the action catalogue uses to address slots and contracts), `mask` marks
 * the rows in use. A group's `cap` bounds its rows (default: every entity, so nothing is lost); entities past
 * the cap are dropped, and counted in `dropped`.
 */
import { contentHash } from '../../lib/hash.ts';
import { ArgumentError } from '../../lib/errors.ts';
import type { EntityGroupSpec, TensorSpec } from './game.ts';

/** One group of the view: sizes and where its features come from. */
export interface EntityGroupLayout {
  name: string;
  meaning: string;
  /** Entities in the group, and the rows of its list. */
  count: number;
  cap: number;
  axes: { name: string; size: number }[];
  positional: string[];
  /** Each source segment: its name, offset in the flat vector and entry width. */
  segments: { name: string; offset: number; width: number }[];
  /** Features read from the segments, the positional one-hots after them, and a row's width (their sum). */
  featureWidth: number;
  positionalWidth: number;
  width: number;
}

/** The view of one layout (`entityLayout`). */
export interface EntityLayout {
  /** The flat layout's spec hash, and a hash of this view (groups, caps and sources). */
  observationHash: string;
  hash: string;
  /** The segments outside every group, concatenated in layout order. */
  global: { size: number; segments: { name: string; offset: number; length: number }[] };
  groups: EntityGroupLayout[];
}

/** A group's entity list: `features` [cap, width] row-major, `mask` and `index` [cap] (-1 on unused rows). */
export interface EntityList {
  features: Float32Array;
  mask: Uint8Array;
  index: Int32Array;
  /** Rows in use, and present entities left out by the cap. */
  count: number;
  dropped: number;
}

/** The entity-list view of one observation. */
export interface EntityObservation {
  global: Float32Array;
  groups: Record<string, EntityList>;
}

/**
 * The entity view of layout `spec`.
 * @param caps rows per group (default: the group's entity count)
 * @throws ArgumentError when the layout declares no groups, a group names a missing segment or one whose
 *   length is not a multiple of its entity count, a segment is in two groups, or a cap is unknown or not a
 *   positive integer
 */
export function entityLayout(spec: TensorSpec, caps: Record<string, number> = {}): EntityLayout {
  const declared: EntityGroupSpec[] = spec.entities ?? [];
  if (declared.length === 0) throw new ArgumentError('this observation layout declares no entity groups');
  const byName = new Map(spec.segments.map((s) => [s.name, s]));
  const grouped = new Set<string>();
  for (const k of Object.keys(caps))
    if (!declared.some((g) => g.name === k))
      throw new ArgumentError(`no entity group named ${k}; the groups are ${declared.map((g) => g.name).join(', ')}`);
  const groups = declared.map((g): EntityGroupLayout => {
    const count = g.axes.reduce((a, x) => a * x.size, 1);
    const segments = g.segments.map((name) => {
      const s = byName.get(name);
      if (!s) throw new ArgumentError(`entity group ${g.name} names segment ${name}, which the layout does not have`);
      if (s.length % count !== 0)
        throw new ArgumentError(`segment ${name} (${s.length} values) is not ${count} entries of group ${g.name}`);
      if (grouped.has(name)) throw new ArgumentError(`segment ${name} is in two entity groups`);
      grouped.add(name);
      return { name, offset: s.offset, width: s.length / count };
    });
    for (const p of g.positional)
      if (!g.axes.some((a) => a.name === p)) throw new ArgumentError(`entity group ${g.name} has no axis ${p} to encode`);
    const cap = caps[g.name] ?? count;
    if (!Number.isInteger(cap) || cap < 1)
      throw new ArgumentError(`the cap of entity group ${g.name} must be a positive integer, got ${cap}`);
    const featureWidth = segments.reduce((a, s) => a + s.width, 0);
    const positionalWidth = g.axes.filter((a) => g.positional.includes(a.name)).reduce((a, x) => a + x.size, 0);
    return {
      name: g.name,
      meaning: g.meaning,
      count,
      cap: Math.min(cap, count),
      axes: g.axes,
      positional: g.positional,
      segments,
      featureWidth,
      positionalWidth,
      width: featureWidth + positionalWidth,
    };
  });
  const globalSegs = spec.segments.filter((s) => !grouped.has(s.name)).map((s) => ({ name: s.name, offset: s.offset, length: s.length }));
  const global = { size: globalSegs.reduce((a, s) => a + s.length, 0), segments: globalSegs };
  return {
    observationHash: spec.hash,
    hash: contentHash({ observationHash: spec.hash, global, groups }),
    global,
    groups,
  };
}

/** Buffers for one entity observation of `layout` (fill them with `encodeEntities`). */
export function newEntityObservation(layout: EntityLayout): EntityObservation {
  const groups: Record<string, EntityList> = {};
  for (const g of layout.groups)
    groups[g.name] = {
      features: new Float32Array(g.cap * g.width),
      mask: new Uint8Array(g.cap),
      index: new Int32Array(g.cap).fill(-1),
      count: 0,
      dropped: 0,
    };
  return { global: new Float32Array(layout.global.size), groups };
}

/**
 * Regroup the flat observation `flat` into `out` (made by `newEntityObservation` for the same layout): every
 * buffer is overwritten. Cost: one pass over the flat vector.
 */
export function encodeEntities(layout: EntityLayout, flat: Float32Array, out: EntityObservation): void {
  let at = 0;
  for (const s of layout.global.segments) {
    out.global.set(flat.subarray(s.offset, s.offset + s.length), at);
    at += s.length;
  }
  for (const g of layout.groups) {
    const list = out.groups[g.name];
    const { features, mask, index } = list;
    features.fill(0);
    mask.fill(0);
    index.fill(-1);
    let rows = 0;
    let dropped = 0;
    for (let e = 0; e < g.count; e++) {
      let present = false;
      for (const s of g.segments) {
        const from = s.offset + e * s.width;
        for (let k = 0; k < s.width; k++)
          if (flat[from + k] !== 0) {
            present = true;
            break;
          }
        if (present) break;
      }
      if (!present) continue;
      if (rows === g.cap) {
        dropped++;
        continue;
      }
      const row = rows * g.width;
      let c = 0;
      for (const s of g.segments) {
        const from = s.offset + e * s.width;
        for (let k = 0; k < s.width; k++) features[row + c++] = flat[from + k];
      }
      // One-hot positional axes: the entity index in mixed radix over the axes (row-major).
      let rest = e;
      let stride = g.count;
      for (const a of g.axes) {
        stride /= a.size;
        const i = Math.floor(rest / stride);
        rest -= i * stride;
        if (g.positional.includes(a.name)) {
          features[row + c + i] = 1;
          c += a.size;
        }
      }
      mask[rows] = 1;
      index[rows] = e;
      rows++;
    }
    list.count = rows;
    list.dropped = dropped;
  }
}

/**
 * The flat observation back from its entity view: `out` [layout's observation size] is overwritten. Exact
 * when no group dropped an entity (`dropped` 0 everywhere); dropped entities come back as zeros.
 */
export function decodeEntities(layout: EntityLayout, eo: EntityObservation, out: Float32Array): void {
  out.fill(0);
  let at = 0;
  for (const s of layout.global.segments) {
    out.set(eo.global.subarray(at, at + s.length), s.offset);
    at += s.length;
  }
  for (const g of layout.groups) {
    const list = eo.groups[g.name];
    for (let r = 0; r < list.count; r++) {
      const e = list.index[r];
      let c = r * g.width;
      for (const s of g.segments) {
        const to = s.offset + e * s.width;
        for (let k = 0; k < s.width; k++) out[to + k] = list.features[c++];
      }
    }
  }
}
