// A map nest during kernel extraction (private to gpu/): the dimensions of the kernel space
// built so far, and how each name bound inside the nest is read at a point of that space.
#pragma once
#include "ir/IR.h"
#include "ir/Traverse.h"

#include <map>
#include <utility>
#include <vector>

namespace fjord::gpu {

/// Host-level `iota`s by the name they bind (Note [Iota inputs] in ExtractKernels.cpp).
using IotaMap = std::map<ir::VName, ir::BasicOp>;

/// How a name bound in the nest is read at a point: `arr[idx..., 0:d:1 for each dimension d
/// of the name's type]`, where `arr` is a host-level array.
struct NestSource {
  ir::VName arr;
  std::vector<ir::SubExp> idx;
};

/// The nest of maps a kernel's space is built from, outermost first. A nest of q maps has q
/// dimensions; the parameters of the map at depth k are read from their inputs at
/// (gtid_1, ..., gtid_k), and values computed by a statement of the nest for every point
/// (distributed, then stored in a host-level array) at the whole point.
struct KernelNest {
  std::vector<std::pair<ir::VName, ir::SubExp>> dims;  ///< (gtid, width)
  std::vector<std::pair<ir::Param, NestSource>> bound; ///< in binding order
  /// Every name bound inside the nest's bodies so far, read from a source or not.
  ir::NameSet inside;

  /// Adds the dimension of a map of `width` over `inputs` (arrays of the host or names
  /// bound in the nest) whose points bind `lam`'s parameters.
  void addLevel(ir::NameSource& names, const ir::SubExp& width, const ir::Lambda& lam,
                const std::vector<ir::VName>& inputs);
  /// `p`, computed for every point, is stored in the host-level array `arr`.
  void addExpanded(const ir::Param& p, const ir::VName& arr);

  /// Whether `t` (or `se`) uses no name bound inside the nest: the same at every point.
  bool invariant(const ir::Type& t) const;
  bool invariant(const ir::SubExp& se) const;
  /// The names of `names` bound inside the nest.
  bool usesInside(const ir::NameSet& names) const;
  /// `[w_1]...[w_q]t`: the type of an array holding a value of type `t` for every point.
  ir::Type expand(const ir::Type& t) const;
  /// The same nest with fresh names for the indices in `taken` (every SegOp binds its own).
  KernelNest renamed(ir::NameSource& names, const ir::NameSet& taken) const;
  /// The SegOp space of the nest, with a fresh flat index.
  ir::SegSpace space(ir::NameSource& names) const;
};

/// The body of a kernel over `nest`'s space (Note [Kernel bodies] in ExtractKernels.cpp):
/// binds the names of the nest that `stms` and `result` use, then runs `stms`. Where
/// `taken` is given, a name it holds (read by an earlier kernel of the nest) is bound under
/// a fresh name, substituted in `stms` and `result`, and the names bound are added to it.
ir::Body kernelBody(const KernelNest& nest, std::vector<ir::Stm> stms,
                    std::vector<ir::SubExp> result, const IotaMap& iotas,
                    ir::NameSource& names, const ir::Provenance& prov,
                    ir::NameSet* taken = nullptr);

/// A statement binding `pat` to a SegOp.
ir::Stm segStm(std::vector<ir::PatElem> pat, ir::SegOp op, const ir::Provenance& prov);

/// `let p = se` (an alias when `se` is an array).
ir::Stm bindValue(const ir::Param& p, ir::SubExp se, const ir::Provenance& prov);

} // namespace fjord::gpu
