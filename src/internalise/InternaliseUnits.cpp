// Arrays of values that have no leaves (`[n]()`, `[n]{}`, arrays of tuples of them).
//
// Note [Arrays of units]
// A value without leaves (the empty tuple `()`, an empty record) is nothing at run time,
// but an array of them still has a size: `length (replicate n ())` is `n`, and a `map`
// over it runs `n` times. Such an array (Value::Kind::Units) is a bool array of its shape,
// its carrier, whose elements are never read: it is the value's one leaf, so sizes,
// `map` inputs, indexing, slicing, `zip`, `concat` and branches treat it like any array.
// A row of a one-dimensional carrier is a bool scalar, which `rebuild` turns back into
// `()`; a row of a deeper one stays an array of units. A `map` whose function returns a
// value without leaves, and a `replicate` of one, get a carrier leaf (`true` per element)
// from `elementLeaves`, and `arrayOf` makes it an array of units again.
#include "internalise/Internaliser.h"

namespace fjord::internalise {

using ir::SubExp;

Value Internaliser::unitsOf(const SubExp& carrier) const {
  if (!typeOf(carrier).isArray())
    return Value{}; // a row of `[n]()`: `()`
  Value v;
  v.kind = Value::Kind::Units;
  v.leaf = carrier;
  return v;
}

std::vector<SubExp> Internaliser::elementLeaves(const Value& v, const SourceSpan& span) const {
  if ((v.kind == Value::Kind::Tuple || v.kind == Value::Kind::Record) && leaves(v, span).empty())
    return {ir::PrimValue::boolean(true)};
  if (v.kind != Value::Kind::Tuple && v.kind != Value::Kind::Record)
    return leaves(v, span);
  std::vector<SubExp> out;
  for (const Value& e : v.elems)
    for (SubExp& s : elementLeaves(e, span))
      out.push_back(std::move(s));
  return out;
}

Value Internaliser::arrayOf(const Value& elem, const std::vector<SubExp>& ses,
                            size_t& pos) const {
  bool compound = elem.kind == Value::Kind::Tuple || elem.kind == Value::Kind::Record;
  if (compound && leaves(elem, {}).empty()) {
    Value v;
    v.kind = Value::Kind::Units;
    v.leaf = ses.at(pos++);
    return v;
  }
  if (!compound)
    return rebuild(elem, ses, pos);
  Value out = elem;
  for (Value& e : out.elems)
    e = arrayOf(e, ses, pos);
  return out;
}

} // namespace fjord::internalise
