// The parameters of an entry function in the C API's view (the calling convention in
// LowerToImp.h): every array argument brings one i64 size per dimension, then its memory.
// The core IR names a size once for all the arrays that share it (`[n]` on two parameters,
// the components of an array of tuples) and has no parameter for a constant size (`[3]`);
// here each such dimension gets a size parameter of its own, checked against the shared
// size or the constant before the body runs.
//   entry main (n: i64, xs_mem, xs: [n]i32, ys_mem, ys: [n]i32)
//     ==>  main(n, xs_mem, ys_len, ys_mem) { if (ys_len != n) fail "size mismatch: ..."; ... }
#include "imp/Lowering.h"

namespace fjord::imp::detail {

namespace {

/// The IR parameters that are sizes brought by array arguments (as opposed to source-level
/// scalar arguments, which may also name sizes): the i64 parameters before each array's
/// entry value.
std::set<std::string> arraySizeParams(const ir::FunDef& fun) {
  std::set<std::string> sizes;
  size_t next = 0; // the entry value the parameters at hand belong to
  for (const ir::Param& p : fun.params) {
    switch (p.type.kind) {
    case ir::Type::Kind::Mem: break;
    case ir::Type::Kind::Prim:
      if (next < fun.entryParams.size() && fun.entryParams[next].rank > 0)
        sizes.insert(p.name.str());
      else
        ++next;
      break;
    case ir::Type::Kind::Array: ++next; break;
    }
  }
  return sizes;
}

/// The first array parameter that lives in `block`, or null.
const ir::Param* arrayIn(const ir::FunDef& fun, const ir::VName& block) {
  for (const ir::Param& p : fun.params)
    if (p.type.isArray() && p.mem && p.mem->block == block)
      return &p;
  return nullptr;
}

std::string sizeText(const ir::SubExp& n) {
  return n.isVar() ? "`" + n.var().name + "`" : std::to_string(n.constant().i);
}

} // namespace

void HostLowerer::addArrayParams(Function& f, const ir::Param& p, const std::string& memBase,
                                 std::set<std::string>& freshSizes, Block& checks) {
  for (size_t d = 0; d < p.type.shape.size(); ++d) {
    const ir::SubExp& n = p.type.shape[d];
    if (n.isVar() && freshSizes.erase(n.var().str())) { // the first array naming this size
      f.params.push_back(Param{Param::Kind::Scalar, scalar(n.var())->name, PrimType::I64, false});
      continue;
    }
    std::string c = names.fresh(p.name.name + "_len" + (d ? std::to_string(d + 1) : ""));
    f.params.push_back(Param{Param::Kind::Scalar, c, PrimType::I64, false});
    Stm e;
    e.kind = Stm::Kind::Error;
    e.text = "size mismatch: dimension " + std::to_string(d) + " of argument `" + p.name.name +
             "` differs from " + sizeText(n) + " at " + fun.span.citedStr();
    e.args.push_back(notE(eq(var(c, PrimType::I64), subExp(n))));
    checks.push_back(std::move(e));
  }
  std::string c = names.fresh(memBase);
  f.params.push_back(Param{Param::Kind::Mem, c, p.type.elem, p.type.unique});
  mems_[p.mem->block.str()] = c;
  paramMems_.insert(p.mem->block.str());
}

void HostLowerer::bindParams(Function& f, Block& checks) {
  std::set<std::string> freshSizes = arraySizeParams(fun);
  for (const ir::Param& p : fun.params) {
    switch (p.type.kind) {
    case ir::Type::Kind::Prim: {
      std::string c = names.fresh(p.name.name);
      bindScalar(p.name, c, p.type.elem);
      if (!freshSizes.count(p.name.str())) // sizes are listed with their arrays
        f.params.push_back(Param{Param::Kind::Scalar, c, p.type.elem, false});
      break;
    }
    case ir::Type::Kind::Mem: {
      if (const ir::Param* arr = arrayIn(fun, p.name)) {
        addArrayParams(f, *arr, p.name.name, freshSizes, checks);
        break;
      }
      std::string c = names.fresh(p.name.name);
      f.params.push_back(Param{Param::Kind::Mem, c, PrimType::U8, false});
      mems_[p.name.str()] = c;
      paramMems_.insert(p.name.str());
      break;
    }
    case ir::Type::Kind::Array: {
      FJORD_CHECK(p.mem, "entry parameter " + p.name.str() + " has no memory annotation");
      std::string key = p.mem->block.str();
      if (!mems_.count(key))
        addArrayParams(f, p, p.name.name + "_mem", freshSizes, checks);
      for (Param& fp : f.params)
        if (fp.kind == Param::Kind::Mem && fp.name == mems_[key] && p.type.unique)
          fp.written = true;
      bindArray(p);
      break;
    }
    }
  }
}

} // namespace fjord::imp::detail
