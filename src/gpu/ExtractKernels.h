// First kernel extraction: host-level SOACs become segmented operations (SegOps).
#pragma once
#include "ir/IR.h"

namespace fjord {
class DiagnosticEngine;
}

namespace fjord::gpu {

/// Which nested parallelism extraction flattens beyond map nests; what it does not flatten
/// runs sequentially in the thread (the outer-parallel version).
struct ExtractOptions {
  /// Reductions (G3) ending a one-dimensional map nest become segmented SegReds.
  bool segmentedReductions = true;
  /// Scans (G3) ending a one-dimensional map nest become segmented SegScans.
  bool segmentedScans = true;
  /// Nests that flattening splits into several kernels get an outer-parallel version too,
  /// chosen at run time by a threshold (Note [Multi-versioned nests] in DistributeNests.cpp).
  /// On in the pipeline's pass; off here, so that tests of one flattening rule see it alone.
  bool multiVersion = false;
};

/// Turns every SOAC of host-level code (function bodies and the bodies of host-level `if`s
/// and loops) into a SegOp. Kernel bodies bind each lambda parameter by indexing its input
/// at the thread's point, then run the lambda's statements.
///   - map-only Screma          -> its nest distributed (gpu/DistributeNests.h): maps nested
///                                 in it add dimensions (`map (map f)` is one 2-D SegMap),
///                                 statements between them become SegMaps of their own
///                                 storing regular intermediates, reductions and scans
///                                 ending a 1-D nest segmented SegReds/SegScans, loops with
///                                 inner parallelism are interchanged with the nest;
///   - Screma with reductions   -> SegRed over a 1-D space (results: reduction operands,
///                                 then mapped values), scans alike -> SegScan; with both,
///                                 a SegScan whose extra results feed a SegRed;
///   - Hist                     -> SegHist (the body returns bucket indices ++ values);
///   - Stream                   -> inlined as a single chunk of the whole width, then its
///                                 SOACs are extracted in turn;
///   - Scatter                  -> SegMap over its width with `writeDests` (the body
///                                 returns indices ++ values; Note [Scattering SegMap]);
///                                 multi-dimensional destinations are flattened
///                                 before (gpu/FlattenRowUpdates.h), else not supported yet.
/// Other SOACs inside kernel bodies stay SOACs (the thread runs them sequentially), and so do
/// the functions called from kernel code. Provenance is kept on the SegOp statements.
/// Requires: core IR with unique names. Guarantees: no SOAC at host level; each SegOp's
/// pattern is the SOAC's pattern (scan/red results, then map results); new names come from
/// `prog.names`. Reports unsupported constructs to `diags`; the caller checks
/// `diags.hasErrors()` (the returned program is then not meaningful).
///   let ys = map (\x -> 2*x) xs   ==>   let ys = segmap (gtid < n) { let x = xs[gtid]
///                                                                     in 2*x }
ir::Prog extractKernels(ir::Prog prog, DiagnosticEngine& diags, const ExtractOptions& options);
/// The pipeline's pass: everything flattened, with multi-versioned nests.
ir::Prog extractKernels(ir::Prog prog, DiagnosticEngine& diags);

} // namespace fjord::gpu
