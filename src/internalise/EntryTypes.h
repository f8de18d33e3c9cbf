// The C API's view of entry points (ir::EntryInterface; EntryTypes.cpp), and the layout of
// sum values in leaves that it shares with the internaliser (InternaliseSum.cpp).
#pragma once
#include "ir/EntryInterface.h"
#include "sema/Check.h"

#include <map>
#include <string>
#include <vector>

namespace fjord::internalise {

/// How a value of a sum type is laid out in leaves (Note [Sum types] in InternaliseSum.cpp):
/// a u8 tag, then `slots`. Throws Unsupported (Internaliser.h) for payloads it cannot hold.
struct SumLayout {
  std::vector<PrimType> slots;                 ///< scalar (element) type of each slot
  std::vector<size_t> ranks;                   ///< rank of each slot: 0 scalar, else array
  std::vector<std::vector<size_t>> ctorSlots;  ///< per constructor: slot of each payload scalar
};
SumLayout layoutOf(const Type& sum, const SourceSpan& span);

/// The C API's view of entry point `d`'s parameters and results.
ir::EntryInterface entryInterface(const ast::Decl& d);

/// entryInterface of every entry point of `checked` that it can describe, by name;
/// opaque types of different structure that the program names alike (`point` in two
/// scopes) get names of their own (`opaque_point`, `opaque_point_2`).
std::map<std::string, ir::EntryInterface> entryInterfaces(const sema::CheckedProgram& checked);

} // namespace fjord::internalise
