// Result types of IR expressions (see TypeOf.h).
#include "ir/TypeOf.h"

#include "support/Diagnostics.h"

namespace fjord::ir {

namespace {

[[noreturn]] void fail(const std::string& msg) { internalError("ir::typeOf", msg); }

const Type& arrayType(const VName& arr, const TypeEnv& env) {
  auto it = env.find(arr);
  if (it == env.end())
    fail("unknown array " + arr.str());
  if (!it->second.isArray())
    fail(arr.str() + " is not an array but " + it->second.str());
  return it->second;
}

Type withShape(PrimType elem, Shape shape) {
  if (shape.empty())
    return Type::prim(elem);
  return Type::array(elem, std::move(shape));
}

struct MayFail {
  bool bodyFails(const Body& b) const {
    for (const Stm& s : b.stms)
      if (mayFail(s.exp))
        return true;
    return false;
  }
};

} // namespace

Type arrayOf(const Type& t, const SubExp& w) {
  Shape shape{w};
  shape.insert(shape.end(), t.shape.begin(), t.shape.end());
  return Type::array(t.elem, std::move(shape));
}

Type subExpType(const SubExp& se, const TypeEnv& env) {
  if (!se.isVar())
    return Type::prim(se.constant().type);
  auto it = env.find(se.var());
  if (it == env.end())
    fail("unknown variable " + se.var().str());
  return it->second;
}

std::vector<Type> rowTypes(const std::vector<VName>& arrays, const TypeEnv& env) {
  std::vector<Type> out;
  for (const VName& a : arrays)
    out.push_back(arrayType(a, env).rowType());
  return out;
}

PrimType bitcastType(PrimType t) {
  switch (t) {
  case PrimType::F16: return PrimType::U16;
  case PrimType::F32: return PrimType::U32;
  case PrimType::F64: return PrimType::U64;
  case PrimType::U16: return PrimType::F16;
  case PrimType::U32: return PrimType::F32;
  case PrimType::U64: return PrimType::F64;
  default: break;
  }
  internalError("bitcastType", std::string("no type with the bits of ") + primName(t));
}

PrimValue zeroOf(PrimType t) {
  if (t == PrimType::Bool)
    return PrimValue::boolean(false);
  if (isFloat(t))
    return PrimValue::floating(t, 0.0);
  return PrimValue::integer(t, 0);
}

std::vector<Type> basicOpTypes(const BasicOp& op, const TypeEnv& env) {
  using K = BasicOp::Kind;
  switch (op.kind) {
  case K::SubExp:
    return {subExpType(op.args.at(0), env)};
  case K::UnOp:
  case K::BinOp:
    return {Type::prim(op.type)};
  case K::CmpOp:
    return {Type::prim(PrimType::Bool)};
  case K::Convert:
    return {Type::prim(op.toType)};
  case K::Call:
    if (op.fn == "isnan" || op.fn == "isinf" || op.fn == "signbit")
      return {Type::prim(PrimType::Bool)};
    if (op.fn == "popc" || op.fn == "clz")
      return {Type::prim(PrimType::I32)};
    if (op.fn == "to_bits" || op.fn == "from_bits")
      return {Type::prim(bitcastType(op.type))};
    return {Type::prim(op.type)};
  case K::Index: {
    const Type& t = arrayType(op.arr, env);
    Shape shape;
    size_t d = 0;
    for (; d < op.slice.size() && d < t.shape.size(); ++d)
      if (!op.slice[d].fixed)
        shape.push_back(op.slice[d].count);
    for (; d < t.shape.size(); ++d)
      shape.push_back(t.shape[d]);
    return {withShape(t.elem, std::move(shape))};
  }
  case K::Update: {
    Type t = arrayType(op.arr, env);
    t.unique = false;
    return {t};
  }
  case K::Iota:
    return {Type::array(op.type, {op.args.at(0)})};
  case K::Replicate: {
    Type v = subExpType(op.args.at(0), env);
    Shape shape = op.shape;
    shape.insert(shape.end(), v.shape.begin(), v.shape.end());
    return {withShape(v.elem, std::move(shape))};
  }
  case K::Rearrange: {
    const Type& t = arrayType(op.arr, env);
    Shape shape;
    for (int p : op.perm)
      shape.push_back(t.shape.at(p));
    return {Type::array(t.elem, std::move(shape))};
  }
  case K::Reshape:
    return {withShape(arrayType(op.arr, env).elem, op.shape)};
  case K::Concat: {
    Type t = arrayType(op.arrs.at(0), env);
    t.shape.at(0) = op.args.at(0);
    t.unique = false;
    return {t};
  }
  case K::Copy: {
    Type t = arrayType(op.arr, env);
    t.unique = false;
    return {t};
  }
  case K::ArrayLit:
    return {arrayOf(op.rowType, PrimValue::int64(static_cast<int64_t>(op.args.size())))};
  case K::Assert:
    return {};
  case K::CmpSize:
    return {Type::prim(PrimType::Bool)};
  case K::DeviceLimit:
    return {Type::prim(PrimType::I64)};
  case K::FlatIndex: {
    Shape shape;
    for (size_t d = 0; d < flatRank(op); ++d)
      shape.push_back(op.args.at(1 + 2 * d));
    return {Type::array(arrayType(op.arr, env).elem, std::move(shape))};
  }
  case K::FlatUpdate: {
    Type t = arrayType(op.arr, env);
    t.unique = false;
    return {t};
  }
  }
  fail("unknown basic op");
}

std::vector<Type> soacTypes(const Soac& soac, const TypeEnv& env) {
  if (auto* s = std::get_if<Screma>(&soac)) {
    size_t nScan = 0, nRed = 0;
    for (const RedOp& r : s->scans)
      nScan += r.neutral.size();
    for (const RedOp& r : s->reds)
      nRed += r.neutral.size();
    const std::vector<Type>& rets = s->map.retTypes;
    if (rets.size() < nScan + nRed)
      fail("screma map lambda returns fewer values than its operators take");
    std::vector<Type> out;
    for (size_t i = 0; i < rets.size(); ++i)
      out.push_back(i >= nScan && i < nScan + nRed ? rets[i] : arrayOf(rets[i], s->width));
    return out;
  }
  if (auto* h = std::get_if<Hist>(&soac)) {
    std::vector<Type> out;
    for (const HistOp& op : h->ops)
      for (const VName& d : op.dests) {
        Type t = arrayType(d, env);
        t.unique = false;
        out.push_back(t);
      }
    return out;
  }
  if (auto* sc = std::get_if<Scatter>(&soac)) {
    std::vector<Type> out;
    for (const VName& d : sc->dests) {
      Type t = arrayType(d, env);
      t.unique = false;
      out.push_back(t);
    }
    return out;
  }
  const Stream& st = std::get<Stream>(soac);
  // The lambda returns (accumulators or reduction values ++ chunks of mapped arrays).
  size_t nAcc = st.kind == Stream::Kind::Seq ? st.accs.size() : 0;
  if (st.kind == Stream::Kind::Red)
    for (const RedOp& r : st.reds)
      nAcc += r.neutral.size();
  std::vector<Type> out;
  for (size_t i = 0; i < st.fn.retTypes.size(); ++i) {
    const Type& t = st.fn.retTypes[i];
    if (i < nAcc) {
      out.push_back(t);
      continue;
    }
    Type a = t;
    if (a.isArray())
      a.shape.at(0) = st.width; // a chunk of the whole
    out.push_back(a);
  }
  return out;
}

std::vector<Type> segOpTypes(const SegOp& op, const TypeEnv& env) {
  Shape full, outer;
  for (const auto& [v, extent] : op.space.dims)
    full.push_back(extent);
  if (!full.empty())
    outer.assign(full.begin(), full.end() - 1);
  auto withDims = [](const Type& t, const Shape& dims) {
    Shape shape = dims;
    shape.insert(shape.end(), t.shape.begin(), t.shape.end());
    return withShape(t.elem, std::move(shape));
  };
  size_t nReduced = 0;
  if (op.kind == SegOp::Kind::Red)
    for (const RedOp& r : op.ops)
      nReduced += r.neutral.size();
  std::vector<Type> out;
  if (!op.writeDests.empty()) { // Note [Scattering SegMap]
    for (const VName& d : op.writeDests) {
      Type t = arrayType(d, env);
      t.unique = false;
      out.push_back(t);
    }
    return out;
  }
  if (op.kind == SegOp::Kind::Hist) {
    for (const HistOp& h : op.histOps)
      for (const VName& d : h.dests) {
        Type t = arrayType(d, env);
        t.unique = false;
        out.push_back(t);
      }
    return out;
  }
  for (size_t i = 0; i < op.types.size(); ++i)
    out.push_back(withDims(op.types[i], i < nReduced ? outer : full));
  return out;
}

std::vector<Type> expTypes(const Exp& exp, const TypeEnv& env) {
  if (auto* b = std::get_if<BasicOp>(&exp))
    return basicOpTypes(*b, env);
  if (auto* i = std::get_if<If>(&exp))
    return i->types;
  if (auto* l = std::get_if<Loop>(&exp)) {
    std::vector<Type> out;
    for (const auto& [p, init] : l->merge)
      out.push_back(p.type);
    return out;
  }
  if (auto* a = std::get_if<Apply>(&exp))
    return a->retTypes;
  const Op& op = std::get<Op>(exp);
  if (auto* s = std::get_if<Soac>(&op))
    return soacTypes(*s, env);
  if (auto* s = std::get_if<SegOp>(&op))
    return segOpTypes(*s, env);
  return {Type::mem(std::get<Alloc>(op).space)};
}

bool mayFail(const Body& b) { return MayFail{}.bodyFails(b); }

size_t operandCount(const std::vector<RedOp>& ops) {
  size_t n = 0;
  for (const RedOp& r : ops)
    n += r.neutral.size();
  return n;
}

bool mayFail(const Exp& exp) {
  MayFail mf;
  if (auto* b = std::get_if<BasicOp>(&exp))
    return b->kind == BasicOp::Kind::Assert;
  if (auto* i = std::get_if<If>(&exp))
    return mf.bodyFails(i->thenBody) || mf.bodyFails(i->elseBody);
  if (auto* l = std::get_if<Loop>(&exp))
    return mf.bodyFails(l->body);
  if (std::holds_alternative<Apply>(exp))
    return true; // the callee may assert
  const Op& op = std::get<Op>(exp);
  if (auto* seg = std::get_if<SegOp>(&op))
    return mf.bodyFails(seg->body);
  if (std::holds_alternative<Alloc>(op))
    return false;
  const Soac& soac = std::get<Soac>(op);
  auto redsFail = [&](const std::vector<RedOp>& ops) {
    for (const RedOp& r : ops)
      if (mf.bodyFails(r.op.body))
        return true;
    return false;
  };
  if (auto* s = std::get_if<Screma>(&soac))
    return mf.bodyFails(s->map.body) || redsFail(s->scans) || redsFail(s->reds);
  if (auto* h = std::get_if<Hist>(&soac)) {
    for (const HistOp& o : h->ops)
      if (mf.bodyFails(o.op.op.body))
        return true;
    return mf.bodyFails(h->bucketFn.body);
  }
  if (auto* sc = std::get_if<Scatter>(&soac))
    return mf.bodyFails(sc->fn.body);
  const Stream& st = std::get<Stream>(soac);
  return mf.bodyFails(st.fn.body) || redsFail(st.reds);
}

std::vector<Type> substituteSizes(std::vector<Type> ts, const std::map<VName, SubExp>& sub) {
  for (Type& t : ts)
    for (SubExp& d : t.shape)
      if (d.isVar()) {
        auto it = sub.find(d.var());
        if (it != sub.end())
          d = it->second;
      }
  return ts;
}

} // namespace fjord::ir
