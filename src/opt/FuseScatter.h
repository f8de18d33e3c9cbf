// Fusing a map into the scatter that produces its input (private to opt/; used by Fuse.cpp).
#pragma once
#include "ir/IR.h"

#include <optional>
#include <vector>

namespace fjord::opt::detail {

// Note [Map after scatter]
//   let R = replicate [m] v                       let R' = replicate [m] (g v)
//   let D = scatter(w, ins, {R}) \.. -> (i, x)  ==>  let E = scatter(w, ins, {R'}) \.. -> (i, g x)
//   let E = map g D
// holds for any indices: written positions hold g x, the others g v. This is how
// `filter p xs |> map g` fuses (filter is a scan and a scatter into a replicate, see
// internalise/InternaliseFilter.cpp): the map costs no kernel of its own. `g v` is
// computed once before the scatter, so g must be cheap and unable to fail on any value:
// scalar operations only, without integer division, remainder, power or shifts.

/// The statements replacing the scatter `ps` and the map-only Screma `cs` that reads its
/// results (the caller checked that nothing between them uses them, and that `ps`'s results
/// are used nowhere else): fill values, new replicates and the fused scatter. `before` are
/// the statements preceding `ps` (to find the replicates). nullopt if the rule does not apply.
std::optional<std::vector<ir::Stm>> fuseMapIntoScatter(const ir::Stm& ps, const ir::Stm& cs,
                                                      const std::vector<ir::Stm>& before,
                                                      ir::NameSource& names);

} // namespace fjord::opt::detail
