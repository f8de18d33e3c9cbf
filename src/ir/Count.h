// Counting IR constructs, for `structure STAGE { Name count }` test blocks (Futhark's
// `--metrics`): how often each kind of statement occurs anywhere in the program.
#pragma once
#include "ir/IR.h"

#include <map>
#include <string>
#include <vector>

namespace fjord::ir {

/// The name of the construct a statement's expression is: "Screma", "Hist", "Scatter",
/// "StreamMap", "StreamRed", "StreamSeq", "SegMap", "SegRed", "SegScan", "SegHist", "Alloc",
/// "Loop", "If", "Apply", or the BasicOp kind ("BinOp", "Index", "Iota", "Replicate",
/// "Assert", ...).
std::string constructName(const Exp& exp);

/// Occurrences of each construct, at any depth. Constructs nested in a Screma, Hist,
/// Scatter, Stream, SegOp, Loop or If are also counted under their path, e.g.
/// "Screma/Screma" for a reduction inside a map, or "SegMap/Loop". After mem/, also
/// "TransposeCopy": copies that swap the memory order of the two innermost dimensions.
/// "TiledSegMap": SegMaps marked for block and register tiling (Note [Tiled SegMap]).
std::map<std::string, int> countConstructs(const Prog& prog);

/// Occurrences of one construct at any depth, e.g. countConstruct(p, "Alloc") for every
/// allocation in host code, branches, loop bodies and kernel bodies alike.
int countConstruct(const Prog& prog, const std::string& name);

/// The same as countConstructs, counting only the entry-point functions named in
/// `entries` (for `structure` checks in a test block that names its entry points).
std::map<std::string, int> countConstructsIn(const Prog& prog,
                                             const std::vector<std::string>& entries);

} // namespace fjord::ir
