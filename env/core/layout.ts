/**
 * A flat tensor layout under construction (`TensorSpec`, game.ts): segments appended in order tile [0, size),
 * each with its meaning and bounds; entity groups (entities.ts) may be declared over them. Games build their
 * observation and state tensors with it.
 *
 *   const L = new TensorLayout();
 *   const hand = L.add('hand', 54, 'one per card in the observer's hand');
 *   const spec = L.spec();   // { size, segments, hash }
 */
import { contentHash } from '../../lib/hash.ts';
import type { EntityGroupSpec, SegmentSpec, TensorSpec } from './game.ts';

export class TensorLayout {
  readonly segments: SegmentSpec[] = [];
  readonly groups: EntityGroupSpec[] = [];
  size = 0;
  /** Append a segment of `length` values in [low, high]; returns its offset. */
  add(name: string, length: number, meaning: string, low = 0, high = 1): number {
    const offset = this.size;
    this.segments.push({ name, offset, length, meaning, low, high });
    this.size += length;
    return offset;
  }
  /** Declare an entity group over segments already added (entities.ts); not part of the hash. */
  group(g: EntityGroupSpec): void {
    this.groups.push(g);
  }
  /** The layout's spec: size, segments and their SHA-256 (entity groups beside, when any). */
  spec(): TensorSpec {
    const spec: TensorSpec = { size: this.size, segments: this.segments, hash: contentHash(this.segments) };
    return this.groups.length ? { ...spec, entities: this.groups } : spec;
  }
}
