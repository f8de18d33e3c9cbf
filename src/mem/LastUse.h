// Private to mem/ (block merging, MergeBlocks.h): which memory blocks a statement touches and
// where in a body each block is used for the last time (thesis ch. 5, "last use").
//
// A block is touched through any name that may denote its memory: the block's own name, the
// arrays annotated `@block` (views share their source's block, so a slice or a reversal of an
// array touches the source's block), and the blocks that may be the same memory at run time:
// the existential block an `if` returns (either branch's block), a loop's merge block (its
// initial block, the block the body returns, the loop's result), a block a call returns
// (conservatively: any block passed to it). These are put in one alias class; a statement
// touches a class when it, or anything nested in it (branches, loop bodies, kernel bodies),
// mentions any of those names, reading or writing.
#pragma once
#include "ir/IR.h"

#include <cstddef>
#include <map>
#include <set>

namespace fjord::mem {

/// The alias classes of the memory blocks of one function (union-find).
class BlockAliases {
public:
  explicit BlockAliases(const ir::FunDef& fun);
  /// The representative of the class of `block`.
  ir::VName root(const ir::VName& block) const;
  /// The classes (representatives) a statement touches, nested bodies included.
  std::set<ir::VName> touchedBy(const ir::Stm& stm) const;
  /// The classes a body's results denote (blocks returned, or holding returned arrays).
  std::set<ir::VName> returnedBy(const std::vector<ir::SubExp>& result) const;

  void noteBlock(const ir::VName& block);
  void noteArray(const ir::VName& array, const ir::VName& block);
  void unite(const ir::VName& a, const ir::VName& b);

private:
  std::set<ir::VName> classesOf(const std::set<ir::VName>& names) const;

  mutable std::map<ir::VName, ir::VName> parent_;
  std::map<ir::VName, ir::VName> arrayBlock_; ///< every array with `mem`, to its block
};

/// Last uses within one body: for each alias class touched in the body, the index of the
/// last statement touching it; and the classes the body returns (live to its end, and past).
struct BodyLastUses {
  std::map<ir::VName, size_t> lastUse;
  std::set<ir::VName> returned;
};
BodyLastUses lastUses(const ir::Body& body, const BlockAliases& aliases);

} // namespace fjord::mem
