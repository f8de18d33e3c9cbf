// SOAC fusion (PLDI'17 §4): producer-consumer (vertical) and sibling (horizontal) fusion of
// Scremas and Streams, greedily and at every nesting level.
#pragma once
#include "ir/IR.h"

namespace fjord::opt {

/// Fuses Scremas and Streams within each body, innermost bodies first, until nothing changes:
///  - vertical: a consumer Screma whose inputs include map results of an earlier Screma
///    with the same width absorbs it; the producer's map lambda is inlined in front of the
///    consumer's, so `reduce (+) 0 (map2 (*) xs ys)` becomes one Screma with a 2-parameter
///    map lambda and one reduction (a "redomap"); a map into a scan likewise;
///  - horizontal: two independent Scremas of the same width reading a common input become one
///    Screma computing both (the "banana split").
///  - streams (PLDI'17 §4): a Screma next to a Stream is turned into a stream (F1: map to
///    stream_map, F3: map-reduce to stream_red; F5: a Screma with scans becomes a stream_seq
///    only to join a stream_seq), and two
///    streams fuse into one whose function runs both on each chunk (F6: stream_map and
///    stream_red; F7: stream_seq with anything, a stream_red first becoming a stream_seq,
///    F4). The fused function's body is fused in turn;
///  - a map-only Screma reading only results of a Scatter into fresh replicates is computed
///    by the scatter (Note [Map after scatter] in opt/FuseScatter.h): `filter p |> map g`;
///  - a filter whose result only a reduction reads becomes one redomap that maps dropped
///    elements to the neutral element (Note [Filter into reduce] in opt/FuseFilterReduce.h).
/// Never fuses when the consumer reads a producer's scan or reduce results, refers to a
/// producer result other than as an input (e.g. by indexing it), when a statement between
/// the two uses the producer's results, or when one consumes (updates in place) an array
/// the producer reads. Producer results still used elsewhere remain results of the fused
/// Screma, so no work is duplicated.
/// Requires: unique names, core stage. Guarantees: core stage, unique names, same values.
///   let ys = screma(n, {xs}) map \(x) -> {f x}
///   let r  = screma(n, {ys}) map \(y) -> {y} reduce {(+, 0)}
///     ==>  let r = screma(n, {xs}) map \(x) -> {f x} reduce {(+, 0)}
ir::Prog fuse(ir::Prog prog);

} // namespace fjord::opt
