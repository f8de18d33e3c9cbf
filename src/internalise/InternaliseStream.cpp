// Internalisation of the streaming intrinsics `__map_stream`, `__reduce_stream` and
// `__reduce_stream_per` into `Stream` (PLDI'17 §4: stream_map and stream_red).
//
// Note [Internalising streams]
//   map_stream f xs        ==>  stream_map(n, {xs}) \(k, chunk: [k]a) -> f k chunk
//   reduce_stream op f xs  ==>  let ne = f 0 (replicate 0 _)
//                                stream_red(n, {xs}) reduce {op, ne} \(k, chunk) -> f k chunk
//   The source-level `reduce_stream` has no neutral element, but `f` applied to an empty
//   chunk is one for every valid program (any split may contain empty chunks), so it is
//   computed once before the stream. Each array that `f` returns in map_stream must have the
//   chunk's size: a differing size (equal only at run time) is checked by an assertion.
#include "internalise/Internaliser.h"
#include "ir/TypeOf.h"
#include "ir/Traverse.h"

namespace fjord::internalise {

using ir::SubExp;
using ir::VName;

namespace {

SubExp i64(int64_t v) { return ir::PrimValue::int64(v); }

/// `t` (an input array's type) as a chunk of `k` rows.
ir::Type chunkType(ir::Type t, const SubExp& k) {
  t.shape.at(0) = k;
  t.unique = false;
  return t;
}

/// Whether some dimension of `types` (from `firstDim` on) is bound inside `fn`.
bool dependsOnBody(const ir::Lambda& fn, const std::vector<ir::Type>& types, size_t firstDim) {
  ir::NameSet bound = ir::boundVars(fn.body);
  for (const ir::Param& p : fn.params)
    bound.insert(p.name);
  for (const ir::Type& t : types)
    for (size_t d = firstDim; d < t.shape.size(); ++d)
      if (t.shape[d].isVar() && bound.count(t.shape[d].var()))
        return true;
  return false;
}

} // namespace

Value Internaliser::soacStream(const Arg* op, const Arg& f, const Arg& xs, bool comm,
                               const SourceSpan& span) {
  bool red = op != nullptr;
  ir::Provenance prov{site(span), red ? "reduce_stream" : "map_stream"};
  ir::Stream st;
  st.kind = red ? ir::Stream::Kind::Red : ir::Stream::Kind::Map;
  st.width = outerSize(xs.value, span);
  std::vector<SubExp> ins = leaves(xs.value, span);
  for (const SubExp& in : ins)
    st.inputs.push_back(in.var());
  TypeRef i64Type = Type::primitive(PrimType::I64);

  if (red) {
    // The neutral element: `f` on an empty chunk (Note [Internalising streams]).
    // Built without reading `xs`, so that the stream's producer can still fuse with it.
    std::vector<SubExp> empty;
    for (const SubExp& in : ins) {
      ir::Type t = typeOf(in);
      ir::BasicOp rep;
      rep.kind = ir::BasicOp::Kind::Replicate;
      rep.shape = {i64(0)};
      rep.shape.insert(rep.shape.end(), t.shape.begin() + 1, t.shape.end());
      rep.args = {ir::zeroOf(t.elem)};
      empty.push_back(b_->let1("empty_chunk", rep, prov));
    }
    Value ne = apply(f.value, {Arg{Value::of(i64(0)), i64Type},
                               Arg{rebuild(xs.value, empty), xs.type}},
                     span);
    TypeRef bType = op->type && op->type->kind == Type::Kind::Function ? op->type->param : nullptr;
    st.reds.push_back(redOp(op->value, ne, bType, comm, span));
  }

  ir::Param k{names_.fresh("chunk_size"), ir::Type::prim(PrimType::I64), nullptr};
  tenv_[k.name] = k.type;
  std::vector<ir::Type> chunkTypes;
  for (const SubExp& in : ins)
    chunkTypes.push_back(chunkType(typeOf(in), k.name));
  std::vector<ir::Param> params{k};
  Value chunk = freshParams(xs.value, chunkTypes, params, "chunk");
  Value shape;
  st.fn.body = inBody([&] {
    shape = apply(f.value, {Arg{Value::of(k.name), i64Type}, Arg{chunk, xs.type}}, span);
    std::vector<SubExp> res = leaves(shape, span);
    if (red)
      return res;
    // Each mapped chunk has k rows (the source type says so; check it at run time).
    for (SubExp& r : res) {
      ir::Type t = typeOf(r);
      if (!t.isArray())
        unsupported(site(span), "`map_stream` function returning a non-array");
      ir::Shape want = t.shape;
      want.at(0) = k.name;
      r = coerceLeaf(r, want, std::vector<std::string>(want.size(), "the chunk size"), span);
    }
    return res;
  });
  st.fn.params = std::move(params);
  for (const SubExp& r : st.fn.body.result)
    st.fn.retTypes.push_back(typeOf(r));
  // The stream's result types are the function's (with the whole width for chunks), so
  // they must not name sizes computed inside it.
  if (dependsOnBody(st.fn, st.fn.retTypes, red ? 0 : 1))
    unsupported(site(span), red ? "`reduce_stream` producing arrays whose size depends on the chunk"
                                : "`map_stream` producing rows whose size depends on the chunk");
  std::vector<ir::Type> neTypes;
  for (const SubExp& n : red ? st.reds[0].neutral : std::vector<SubExp>{})
    neTypes.push_back(typeOf(n));
  if (red && st.fn.retTypes != neTypes)
    unsupported(site(span), "`reduce_stream` whose partial results differ in shape between chunks");

  std::vector<VName> out = b_->let(hint_.empty() ? (red ? "reduced" : "mapped") : hint_,
                                   ir::Op{ir::Soac{st}}, prov);
  std::vector<SubExp> ses(out.begin(), out.end());
  return rebuild(shape, ses);
}

} // namespace fjord::internalise
