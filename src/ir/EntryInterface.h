// The C API's grouping of an entry point's EntryValues (ir/Interface.h) into the source's
// parameters and results: which are opaque types (records, tuples, sum values), with their
// names, fields and constructors. Computed from the source by internalise::entryInterface
// and read by the backend (backend/Api.h, PrintOpaque.cpp).
#pragma once
#include "ir/Interface.h"

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace fjord::ir {

/// How one source-level entry parameter or result appears in the C API: a leaf (one
/// EntryValue: a scalar, or an array of scalars or of tuples flattened into one array per
/// component), or an opaque type (a record, tuple or sum value) built from consecutive
/// EntryValues, its *leaves*. See Note [Opaque entry values] in internalise/EntryTypes.cpp.
struct EntryType {
  enum class Kind { Leaf, Record, Sum };
  Kind kind = Kind::Leaf;
  std::string name;   ///< Record/Sum: the C name after the prefix, e.g. "opaque_point"
  std::string source; ///< Record/Sum: the source type, e.g. "point", "(f32, i32)"
  size_t leaves = 1;  ///< how many EntryValues it spans (Leaf: its own, or a tuple array's)
  /// Record (tuples: fields "0", "1", ...): each field, in leaf order.
  std::vector<std::pair<std::string, EntryType>> fields;
  /// Sum: each constructor (in tag order) with its payload components; leaf 0 is the u8 tag.
  std::vector<std::pair<std::string, std::vector<EntryType>>> ctors;
  /// Sum: per constructor, the leaf holding each of its payload's leaves, in order.
  std::vector<std::vector<size_t>> ctorLeaves;
  bool operator==(const EntryType& o) const = default;
};

/// An entry point's parameters and results as the C API groups its EntryValues: one
/// EntryType per source parameter, and per result (a tuple result is one per component).
/// The driver computes it from the source (internalise::entryInterface) for the backend;
/// without one (IR text), each EntryValue is a leaf.
struct EntryInterface {
  std::vector<std::string> paramNames; ///< the source name of each parameter
  std::vector<EntryType> params, results;
  bool operator==(const EntryInterface& o) const = default;
};

} // namespace fjord::ir
