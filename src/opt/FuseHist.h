// Fusing a map into the histogram that reads its results (private to opt/; used by Fuse.cpp).
#pragma once
#include "ir/IR.h"

namespace fjord::opt::detail {

// Note [Map into hist]
//   let (is, vs) = map f xs                    let H = hist(w, {xs}, ops)
//   let H = hist(w, {is, vs}, ops)       ==>         \x -> let (i, v) = f x in g (i, v)
//         \(i, v) -> g (i, v)
// The map's body moves into the histogram's bucket function, so the histogram kernel
// computes every bucket index and value from the input element itself: the map's arrays are
// never written to memory and read back. Legal when the map is map-only (no scans or
// reductions), has the histogram's width, and its results are used by nothing but the
// histogram's inputs (the caller checks this).

/// The Hist statement that replaces the map-only Screma `ps` and the Hist `cs` reading its
/// results as inputs.
ir::Stm fuseMapIntoHist(const ir::Stm& ps, const ir::Stm& cs);

} // namespace fjord::opt::detail
