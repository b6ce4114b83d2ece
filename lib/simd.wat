;; merlin-gym's SIMD kernels (lib/simd.ts loads them; `npx tsx tools/gen-simd.ts` assembles this file into
;; lib/simd-wasm.ts). Every pointer is a byte offset into the instance's memory; every count is in elements.
;; f32 arithmetic throughout: a product is rounded to f32 before it is added (plain JS rounds only the sum).
;; Rows of width m are processed four lanes at a time (f32x4), the last m mod 4 columns one at a time.
(module
  (memory (export "memory") 1)

  ;; out[0 .. m) += sum over k < n of val[k] * w[idx[k] * m .. + m): a sparse row times a row-major
  ;; kernel [*, m]. Four entries at a time, so the output row is loaded and stored once per four kernel rows.
  (func $axpyRows (export "axpyRows")
    (param $w i32) (param $m i32) (param $idx i32) (param $val i32) (param $n i32) (param $out i32)
    (local $k i32) (local $stride i32) (local $m4 i32) (local $j i32) (local $a i32)
    (local $r0 i32) (local $r1 i32) (local $r2 i32) (local $r3 i32)
    (local $v0 v128) (local $v1 v128) (local $v2 v128) (local $v3 v128)
    (local $s0 f32) (local $s1 f32) (local $s2 f32) (local $s3 f32)
    (local.set $stride (i32.shl (local.get $m) (i32.const 2)))
    (local.set $m4 (i32.and (local.get $stride) (i32.const -16)))
    (block $quads_done
      (loop $quads
        (br_if $quads_done (i32.gt_s (i32.add (local.get $k) (i32.const 4)) (local.get $n)))
        (local.set $a (i32.add (local.get $idx) (i32.shl (local.get $k) (i32.const 2))))
        (local.set $r0 (i32.add (local.get $w) (i32.mul (i32.load offset=0 (local.get $a)) (local.get $stride))))
        (local.set $r1 (i32.add (local.get $w) (i32.mul (i32.load offset=4 (local.get $a)) (local.get $stride))))
        (local.set $r2 (i32.add (local.get $w) (i32.mul (i32.load offset=8 (local.get $a)) (local.get $stride))))
        (local.set $r3 (i32.add (local.get $w) (i32.mul (i32.load offset=12 (local.get $a)) (local.get $stride))))
        (local.set $a (i32.add (local.get $val) (i32.shl (local.get $k) (i32.const 2))))
        (local.set $s0 (f32.load offset=0 (local.get $a)))
        (local.set $s1 (f32.load offset=4 (local.get $a)))
        (local.set $s2 (f32.load offset=8 (local.get $a)))
        (local.set $s3 (f32.load offset=12 (local.get $a)))
        (local.set $v0 (f32x4.splat (local.get $s0)))
        (local.set $v1 (f32x4.splat (local.get $s1)))
        (local.set $v2 (f32x4.splat (local.get $s2)))
        (local.set $v3 (f32x4.splat (local.get $s3)))
        (local.set $j (i32.const 0))
        (block $vec_done
          (loop $vec
            (br_if $vec_done (i32.ge_u (local.get $j) (local.get $m4)))
            (local.set $a (i32.add (local.get $out) (local.get $j)))
            (v128.store (local.get $a)
              (f32x4.add (v128.load (local.get $a))
                (f32x4.add
                  (f32x4.add
                    (f32x4.mul (local.get $v0) (v128.load (i32.add (local.get $r0) (local.get $j))))
                    (f32x4.mul (local.get $v1) (v128.load (i32.add (local.get $r1) (local.get $j)))))
                  (f32x4.add
                    (f32x4.mul (local.get $v2) (v128.load (i32.add (local.get $r2) (local.get $j))))
                    (f32x4.mul (local.get $v3) (v128.load (i32.add (local.get $r3) (local.get $j))))))))
            (local.set $j (i32.add (local.get $j) (i32.const 16)))
            (br $vec)))
        (block $tail_done
          (loop $tail
            (br_if $tail_done (i32.ge_u (local.get $j) (local.get $stride)))
            (local.set $a (i32.add (local.get $out) (local.get $j)))
            (f32.store (local.get $a)
              (f32.add (f32.load (local.get $a))
                (f32.add
                  (f32.add
                    (f32.mul (local.get $s0) (f32.load (i32.add (local.get $r0) (local.get $j))))
                    (f32.mul (local.get $s1) (f32.load (i32.add (local.get $r1) (local.get $j)))))
                  (f32.add
                    (f32.mul (local.get $s2) (f32.load (i32.add (local.get $r2) (local.get $j))))
                    (f32.mul (local.get $s3) (f32.load (i32.add (local.get $r3) (local.get $j))))))))
            (local.set $j (i32.add (local.get $j) (i32.const 4)))
            (br $tail)))
        (local.set $k (i32.add (local.get $k) (i32.const 4)))
        (br $quads)))
    ;; The last n mod 4 entries, one at a time.
    (block $ones_done
      (loop $ones
        (br_if $ones_done (i32.ge_s (local.get $k) (local.get $n)))
        (local.set $r0 (i32.add (local.get $w)
          (i32.mul (i32.load (i32.add (local.get $idx) (i32.shl (local.get $k) (i32.const 2)))) (local.get $stride))))
        (local.set $s0 (f32.load (i32.add (local.get $val) (i32.shl (local.get $k) (i32.const 2)))))
        (local.set $v0 (f32x4.splat (local.get $s0)))
        (local.set $j (i32.const 0))
        (block $vec1_done
          (loop $vec1
            (br_if $vec1_done (i32.ge_u (local.get $j) (local.get $m4)))
            (local.set $a (i32.add (local.get $out) (local.get $j)))
            (v128.store (local.get $a)
              (f32x4.add (v128.load (local.get $a))
                (f32x4.mul (local.get $v0) (v128.load (i32.add (local.get $r0) (local.get $j))))))
            (local.set $j (i32.add (local.get $j) (i32.const 16)))
            (br $vec1)))
        (block $tail1_done
          (loop $tail1
            (br_if $tail1_done (i32.ge_u (local.get $j) (local.get $stride)))
            (local.set $a (i32.add (local.get $out) (local.get $j)))
            (f32.store (local.get $a)
              (f32.add (f32.load (local.get $a))
                (f32.mul (local.get $s0) (f32.load (i32.add (local.get $r0) (local.get $j))))))
            (local.set $j (i32.add (local.get $j) (i32.const 4)))
            (br $tail1)))
        (local.set $k (i32.add (local.get $k) (i32.const 1)))
        (br $ones))))

  ;; out [rows, m] = x @ w for sparse rows x in compressed row form (row r's entries are
  ;; idx/val[ptr[r] .. ptr[r + 1])) and a row-major kernel w [*, m]. `out` is overwritten.
  (func (export "sparseMatMul")
    (param $w i32) (param $m i32) (param $ptr i32) (param $idx i32) (param $val i32) (param $rows i32) (param $out i32)
    (local $r i32) (local $start i32) (local $end i32) (local $stride i32)
    (local.set $stride (i32.shl (local.get $m) (i32.const 2)))
    (memory.fill (local.get $out) (i32.const 0) (i32.mul (local.get $rows) (local.get $stride)))
    (block $done
      (loop $row
        (br_if $done (i32.ge_s (local.get $r) (local.get $rows)))
        (local.set $start (i32.load (i32.add (local.get $ptr) (i32.shl (local.get $r) (i32.const 2)))))
        (local.set $end (i32.load offset=4 (i32.add (local.get $ptr) (i32.shl (local.get $r) (i32.const 2)))))
        (call $axpyRows (local.get $w) (local.get $m)
          (i32.add (local.get $idx) (i32.shl (local.get $start) (i32.const 2)))
          (i32.add (local.get $val) (i32.shl (local.get $start) (i32.const 2)))
          (i32.sub (local.get $end) (local.get $start))
          (i32.add (local.get $out) (i32.mul (local.get $r) (local.get $stride))))
        (local.set $r (i32.add (local.get $r) (i32.const 1)))
        (br $row))))

  ;; out[k] = dot(x[0 .. m), w[idx[k] * m .. + m)) for k < n: the rows of a row-major matrix [*, m] that
  ;; `idx` names, each against one vector (four partial sums, added at the end).
  (func (export "dotRows")
    (param $w i32) (param $m i32) (param $idx i32) (param $n i32) (param $x i32) (param $out i32)
    (local $k i32) (local $stride i32) (local $m4 i32) (local $j i32) (local $row i32)
    (local $acc v128) (local $s f32)
    (local.set $stride (i32.shl (local.get $m) (i32.const 2)))
    (local.set $m4 (i32.and (local.get $stride) (i32.const -16)))
    (block $done
      (loop $rows
        (br_if $done (i32.ge_s (local.get $k) (local.get $n)))
        (local.set $row (i32.add (local.get $w)
          (i32.mul (i32.load (i32.add (local.get $idx) (i32.shl (local.get $k) (i32.const 2)))) (local.get $stride))))
        (local.set $acc (v128.const f32x4 0 0 0 0))
        (local.set $j (i32.const 0))
        (block $vec_done
          (loop $vec
            (br_if $vec_done (i32.ge_u (local.get $j) (local.get $m4)))
            (local.set $acc (f32x4.add (local.get $acc)
              (f32x4.mul (v128.load (i32.add (local.get $row) (local.get $j))) (v128.load (i32.add (local.get $x) (local.get $j))))))
            (local.set $j (i32.add (local.get $j) (i32.const 16)))
            (br $vec)))
        (local.set $s (f32.add
          (f32.add (f32x4.extract_lane 0 (local.get $acc)) (f32x4.extract_lane 1 (local.get $acc)))
          (f32.add (f32x4.extract_lane 2 (local.get $acc)) (f32x4.extract_lane 3 (local.get $acc)))))
        (block $tail_done
          (loop $tail
            (br_if $tail_done (i32.ge_u (local.get $j) (local.get $stride)))
            (local.set $s (f32.add (local.get $s)
              (f32.mul (f32.load (i32.add (local.get $row) (local.get $j))) (f32.load (i32.add (local.get $x) (local.get $j))))))
            (local.set $j (i32.add (local.get $j) (i32.const 4)))
            (br $tail)))
        (f32.store (i32.add (local.get $out) (i32.shl (local.get $k) (i32.const 2))) (local.get $s))
        (local.set $k (i32.add (local.get $k) (i32.const 1)))
        (br $rows))))

  ;; One Adam step over n parameters, as tfjs's AdamOptimizer computes it, with the gradient scaled first
  ;; (gradient-norm clipping): g' = g * scale; m = m * b1 + g' * (1 - b1); v = v * b2 + g'^2 * (1 - b2);
  ;; w = (m / c1) / (sqrt(v / c2) + eps) * -lr + w, where c1 = 1 - b1^t and c2 = 1 - b2^t. `ob1` and `ob2` are
  ;; 1 - b1 and 1 - b2 (as the caller rounds them); `nlr` is -lr.
  (func (export "adam")
    (param $w i32) (param $m i32) (param $v i32) (param $g i32) (param $n i32)
    (param $scale f32) (param $nlr f32) (param $b1 f32) (param $ob1 f32) (param $b2 f32) (param $ob2 f32)
    (param $eps f32) (param $c1 f32) (param $c2 f32)
    (local $j i32) (local $end i32) (local $end4 i32)
    (local $gs v128) (local $mv v128) (local $vv v128)
    (local $gf f32) (local $mf f32) (local $vf f32)
    (local.set $end (i32.shl (local.get $n) (i32.const 2)))
    (local.set $end4 (i32.and (local.get $end) (i32.const -16)))
    (block $vec_done
      (loop $vec
        (br_if $vec_done (i32.ge_u (local.get $j) (local.get $end4)))
        (local.set $gs (f32x4.mul (v128.load (i32.add (local.get $g) (local.get $j))) (f32x4.splat (local.get $scale))))
        (local.set $mv (f32x4.add
          (f32x4.mul (v128.load (i32.add (local.get $m) (local.get $j))) (f32x4.splat (local.get $b1)))
          (f32x4.mul (local.get $gs) (f32x4.splat (local.get $ob1)))))
        (local.set $vv (f32x4.add
          (f32x4.mul (v128.load (i32.add (local.get $v) (local.get $j))) (f32x4.splat (local.get $b2)))
          (f32x4.mul (f32x4.mul (local.get $gs) (local.get $gs)) (f32x4.splat (local.get $ob2)))))
        (v128.store (i32.add (local.get $m) (local.get $j)) (local.get $mv))
        (v128.store (i32.add (local.get $v) (local.get $j)) (local.get $vv))
        (v128.store (i32.add (local.get $w) (local.get $j))
          (f32x4.add
            (f32x4.mul
              (f32x4.div
                (f32x4.div (local.get $mv) (f32x4.splat (local.get $c1)))
                (f32x4.add (f32x4.sqrt (f32x4.div (local.get $vv) (f32x4.splat (local.get $c2)))) (f32x4.splat (local.get $eps))))
              (f32x4.splat (local.get $nlr)))
            (v128.load (i32.add (local.get $w) (local.get $j)))))
        (local.set $j (i32.add (local.get $j) (i32.const 16)))
        (br $vec)))
    (block $tail_done
      (loop $tail
        (br_if $tail_done (i32.ge_u (local.get $j) (local.get $end)))
        (local.set $gf (f32.mul (f32.load (i32.add (local.get $g) (local.get $j))) (local.get $scale)))
        (local.set $mf (f32.add
          (f32.mul (f32.load (i32.add (local.get $m) (local.get $j))) (local.get $b1))
          (f32.mul (local.get $gf) (local.get $ob1))))
        (local.set $vf (f32.add
          (f32.mul (f32.load (i32.add (local.get $v) (local.get $j))) (local.get $b2))
          (f32.mul (f32.mul (local.get $gf) (local.get $gf)) (local.get $ob2))))
        (f32.store (i32.add (local.get $m) (local.get $j)) (local.get $mf))
        (f32.store (i32.add (local.get $v) (local.get $j)) (local.get $vf))
        (f32.store (i32.add (local.get $w) (local.get $j))
          (f32.add
            (f32.mul
              (f32.div
                (f32.div (local.get $mf) (local.get $c1))
                (f32.add (f32.sqrt (f32.div (local.get $vf) (local.get $c2))) (local.get $eps)))
              (local.get $nlr))
            (f32.load (i32.add (local.get $w) (local.get $j)))))
        (local.set $j (i32.add (local.get $j) (i32.const 4)))
        (br $tail))))

  ;; g[idx[k] * m .. + m) += val[k] * x[0 .. m) for k < n: one vector added, scaled, into the rows of a
  ;; row-major matrix [*, m] that `idx` names (a sparse outer product's rows: gradients of a kernel).
  (func (export "scatterAxpy")
    (param $g i32) (param $m i32) (param $idx i32) (param $val i32) (param $n i32) (param $x i32)
    (local $k i32) (local $stride i32) (local $m4 i32) (local $j i32) (local $row i32) (local $a i32)
    (local $s f32) (local $v v128)
    (local.set $stride (i32.shl (local.get $m) (i32.const 2)))
    (local.set $m4 (i32.and (local.get $stride) (i32.const -16)))
    (block $done
      (loop $rows
        (br_if $done (i32.ge_s (local.get $k) (local.get $n)))
        (local.set $row (i32.add (local.get $g)
          (i32.mul (i32.load (i32.add (local.get $idx) (i32.shl (local.get $k) (i32.const 2)))) (local.get $stride))))
        (local.set $s (f32.load (i32.add (local.get $val) (i32.shl (local.get $k) (i32.const 2)))))
        (local.set $v (f32x4.splat (local.get $s)))
        (local.set $j (i32.const 0))
        (block $vec_done
          (loop $vec
            (br_if $vec_done (i32.ge_u (local.get $j) (local.get $m4)))
            (local.set $a (i32.add (local.get $row) (local.get $j)))
            (v128.store (local.get $a)
              (f32x4.add (v128.load (local.get $a))
                (f32x4.mul (local.get $v) (v128.load (i32.add (local.get $x) (local.get $j))))))
            (local.set $j (i32.add (local.get $j) (i32.const 16)))
            (br $vec)))
        (block $tail_done
          (loop $tail
            (br_if $tail_done (i32.ge_u (local.get $j) (local.get $stride)))
            (local.set $a (i32.add (local.get $row) (local.get $j)))
            (f32.store (local.get $a)
              (f32.add (f32.load (local.get $a))
                (f32.mul (local.get $s) (f32.load (i32.add (local.get $x) (local.get $j))))))
            (local.set $j (i32.add (local.get $j) (i32.const 4)))
            (br $tail)))
        (local.set $k (i32.add (local.get $k) (i32.const 1)))
        (br $rows))))

  ;; x[r * m + j] = max(x[r * m + j] + b[j], 0) for r < rows, j < m: a layer's bias and ReLU.
  (func (export "biasRelu") (param $x i32) (param $rows i32) (param $m i32) (param $b i32)
    (local $r i32) (local $j i32) (local $stride i32) (local $m4 i32) (local $a i32)
    (local.set $stride (i32.shl (local.get $m) (i32.const 2)))
    (local.set $m4 (i32.and (local.get $stride) (i32.const -16)))
    (block $done
      (loop $rows
        (br_if $done (i32.ge_s (local.get $r) (local.get $rows)))
        (local.set $j (i32.const 0))
        (block $vec_done
          (loop $vec
            (br_if $vec_done (i32.ge_u (local.get $j) (local.get $m4)))
            (local.set $a (i32.add (local.get $x) (local.get $j)))
            (v128.store (local.get $a)
              (f32x4.max (f32x4.add (v128.load (local.get $a)) (v128.load (i32.add (local.get $b) (local.get $j))))
                (v128.const f32x4 0 0 0 0)))
            (local.set $j (i32.add (local.get $j) (i32.const 16)))
            (br $vec)))
        (block $tail_done
          (loop $tail
            (br_if $tail_done (i32.ge_u (local.get $j) (local.get $stride)))
            (local.set $a (i32.add (local.get $x) (local.get $j)))
            (f32.store (local.get $a)
              (f32.max (f32.add (f32.load (local.get $a)) (f32.load (i32.add (local.get $b) (local.get $j)))) (f32.const 0)))
            (local.set $j (i32.add (local.get $j) (i32.const 4)))
            (br $tail)))
        (local.set $x (i32.add (local.get $x) (local.get $stride)))
        (local.set $r (i32.add (local.get $r) (i32.const 1)))
        (br $rows))))

  ;; d[j] = h[j] > 0 ? d[j] : 0 for j < n: a gradient through ReLU (zero where the unit was not active).
  (func (export "reluGrad") (param $d i32) (param $h i32) (param $n i32)
    (local $j i32) (local $end i32) (local $end4 i32) (local $a i32)
    (local.set $end (i32.shl (local.get $n) (i32.const 2)))
    (local.set $end4 (i32.and (local.get $end) (i32.const -16)))
    (block $vec_done
      (loop $vec
        (br_if $vec_done (i32.ge_u (local.get $j) (local.get $end4)))
        (local.set $a (i32.add (local.get $d) (local.get $j)))
        (v128.store (local.get $a)
          (v128.and (v128.load (local.get $a))
            (f32x4.gt (v128.load (i32.add (local.get $h) (local.get $j))) (v128.const f32x4 0 0 0 0))))
        (local.set $j (i32.add (local.get $j) (i32.const 16)))
        (br $vec)))
    (block $tail_done
      (loop $tail
        (br_if $tail_done (i32.ge_u (local.get $j) (local.get $end)))
        (if (f32.le (f32.load (i32.add (local.get $h) (local.get $j))) (f32.const 0))
          (then (f32.store (i32.add (local.get $d) (local.get $j)) (f32.const 0))))
        (local.set $j (i32.add (local.get $j) (i32.const 4)))
        (br $tail))))

  ;; x[0 .. n) = max(x, 0).
  (func (export "relu") (param $x i32) (param $n i32)
    (local $j i32) (local $end i32) (local $end4 i32)
    (local.set $end (i32.shl (local.get $n) (i32.const 2)))
    (local.set $end4 (i32.and (local.get $end) (i32.const -16)))
    (block $vec_done
      (loop $vec
        (br_if $vec_done (i32.ge_u (local.get $j) (local.get $end4)))
        (v128.store (i32.add (local.get $x) (local.get $j))
          (f32x4.max (v128.load (i32.add (local.get $x) (local.get $j))) (v128.const f32x4 0 0 0 0)))
        (local.set $j (i32.add (local.get $j) (i32.const 16)))
        (br $vec)))
    (block $tail_done
      (loop $tail
        (br_if $tail_done (i32.ge_u (local.get $j) (local.get $end)))
        (f32.store (i32.add (local.get $x) (local.get $j))
          (f32.max (f32.load (i32.add (local.get $x) (local.get $j))) (f32.const 0)))
        (local.set $j (i32.add (local.get $j) (i32.const 4)))
        (br $tail))))
)
