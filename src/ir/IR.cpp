// Out-of-line members of the core IR nodes (ir/IR.h): textual forms of operands and types
// (constants print themselves, prim/PrimValue.h). The printer (ir/Print) builds on these.
#include "ir/IR.h"

#include "support/Diagnostics.h"

namespace fjord::ir {

std::string SubExp::str() const {
  if (isVar())
    return var().str();
  return constant().str();
}

Type Type::rowType() const {
  FJORD_CHECK(kind == Kind::Array && !shape.empty(), "rowType of a non-array type " + str());
  if (shape.size() == 1)
    return Type::prim(elem);
  return Type::array(elem, Shape(shape.begin() + 1, shape.end()), unique);
}

std::string Type::str() const {
  switch (kind) {
  case Kind::Prim:
    return primName(elem);
  case Kind::Mem:
    switch (space) {
    case MemSpace::Host:
      return "mem@host";
    case MemSpace::Device:
      return "mem@device";
    case MemSpace::Shared:
      return "mem@shared";
    }
    return "mem";
  case Kind::Array: {
    std::string s = unique ? "*" : "";
    for (const SubExp& d : shape)
      s += "[" + d.str() + "]";
    return s + primName(elem);
  }
  }
  return "?";
}

const char* thresholdClassName(ThresholdClass c) {
  return c == ThresholdClass::SuffOuterPar ? "suff_outer_par" : "suff_intra_par";
}

int64_t thresholdDefault(ThresholdClass c) {
  return c == ThresholdClass::SuffOuterPar ? int64_t{1} << 15 : 32;
}

const char* deviceLimitName(DeviceLimitKind k) {
  return k == DeviceLimitKind::MaxBlockSize ? "max_block_size" : "max_shared_memory";
}

} // namespace fjord::ir
