/**
 * The policy/value network's shape, shared by play (policy/forward.ts), the checkpoint files
 * (policy/checkpoint.ts) and training (training/network.ts builds the same MLP in tfjs). No tfjs here.
 *
 *   observation [obsSize] -> (dense + ReLU) x hidden.length -> policy logits [numActions]
 *                                                           -> value [1]
 *
 * The parameters are plain Float32Arrays in a fixed order (`paramSpecs`); a dense kernel [fanIn, fanOut]
 * is stored row-major, so the weight from input i to unit j is at `i * fanOut + j`.
 */
import { ArgumentError } from '../lib/errors.ts';

/** Layer sizes of the MLP: the observation length, the hidden layer widths (at least one), one logit per action id. */
export interface NetShape {
  obsSize: number;
  hidden: number[];
  numActions: number;
}

/** Name and shape of one parameter tensor, in checkpoint order. */
export interface ParamSpec {
  name: string;
  shape: number[];
}

/**
 * The parameter list of `shape`: trunk.i.kernel/bias, policy.kernel/bias, value.kernel/bias.
 * @throws ArgumentError when a hidden size is not a positive integer or there is none
 */
export function paramSpecs(shape: NetShape): ParamSpec[] {
  if (shape.hidden.length === 0 || shape.hidden.some((h) => !Number.isInteger(h) || h < 1))
    throw new ArgumentError(`network hidden sizes must be positive integers, got [${shape.hidden.join(', ')}]`);
  const out: ParamSpec[] = [];
  let fanIn = shape.obsSize;
  shape.hidden.forEach((h, i) => {
    out.push({ name: `trunk.${i}.kernel`, shape: [fanIn, h] }, { name: `trunk.${i}.bias`, shape: [h] });
    fanIn = h;
  });
  out.push({ name: 'policy.kernel', shape: [fanIn, shape.numActions] }, { name: 'policy.bias', shape: [shape.numActions] });
  out.push({ name: 'value.kernel', shape: [fanIn, 1] }, { name: 'value.bias', shape: [1] });
  return out;
}

/**
 * dst [cols, rows] = src [rows, cols] transposed (row-major both). The policy kernel [H, numActions] is read by
 * action ([numActions, H], one action's weights contiguous) where only the legal actions are scored.
 */
export function transposeInto(src: Float32Array, rows: number, cols: number, dst: Float32Array): void {
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) dst[c * rows + r] = src[r * cols + c];
}
