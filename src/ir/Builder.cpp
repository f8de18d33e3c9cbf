// The IR builder (see Builder.h).
#include "ir/Builder.h"

namespace fjord::ir {

BasicOp subExpOp(SubExp se) {
  BasicOp op;
  op.kind = BasicOp::Kind::SubExp;
  op.args = {std::move(se)};
  return op;
}

BasicOp binOpExp(BinOpKind k, PrimType t, SubExp x, SubExp y) {
  BasicOp op;
  op.kind = BasicOp::Kind::BinOp;
  op.binOp = k;
  op.type = t;
  op.args = {std::move(x), std::move(y)};
  return op;
}

BasicOp cmpOpExp(CmpOpKind k, PrimType t, SubExp x, SubExp y) {
  BasicOp op;
  op.kind = BasicOp::Kind::CmpOp;
  op.cmpOp = k;
  op.type = t;
  op.args = {std::move(x), std::move(y)};
  return op;
}

Param Builder::param(const std::string& name, const Type& t) {
  Param p{names_.fresh(name), t, nullptr};
  env_[p.name] = t;
  return p;
}

void Builder::attribute(size_t from, const std::vector<std::string>& attrs) {
  for (size_t i = from; i < stms_.size(); ++i)
    stms_[i].prov.attrs.insert(stms_[i].prov.attrs.end(), attrs.begin(), attrs.end());
}

void Builder::add(Stm stm) {
  for (const PatElem& p : stm.pat)
    env_[p.name] = p.type;
  stms_.push_back(std::move(stm));
}

std::vector<VName> Builder::let(const std::string& name, Exp exp, Provenance prov) {
  std::vector<Type> ts = expTypes(exp, env_);
  Stm stm{{}, std::move(exp), std::move(prov)};
  std::vector<VName> out;
  for (const Type& t : ts) {
    stm.pat.push_back(Param{names_.fresh(name), t, nullptr});
    out.push_back(stm.pat.back().name);
  }
  add(std::move(stm));
  return out;
}

VName Builder::let1(const std::string& name, Exp exp, Provenance prov) {
  std::vector<VName> vs = let(name, std::move(exp), std::move(prov));
  return vs.at(0);
}

SubExp Builder::binOp(BinOpKind k, PrimType t, SubExp x, SubExp y, const std::string& name) {
  return let1(name, binOpExp(k, t, std::move(x), std::move(y)));
}

SubExp Builder::cmpOp(CmpOpKind k, PrimType t, SubExp x, SubExp y, const std::string& name) {
  return let1(name, cmpOpExp(k, t, std::move(x), std::move(y)));
}

SubExp Builder::unOp(UnOpKind k, PrimType t, SubExp x, const std::string& name) {
  BasicOp op;
  op.kind = BasicOp::Kind::UnOp;
  op.unOp = k;
  op.type = t;
  op.args = {std::move(x)};
  return let1(name, op);
}

SubExp Builder::convert(PrimType from, PrimType to, SubExp x, const std::string& name) {
  BasicOp op;
  op.kind = BasicOp::Kind::Convert;
  op.type = from;
  op.toType = to;
  op.args = {std::move(x)};
  return let1(name, op);
}

void Builder::assertion(SubExp cond, std::string message, SourceSpan span) {
  BasicOp op;
  op.kind = BasicOp::Kind::Assert;
  op.args = {std::move(cond)};
  op.message = std::move(message);
  add(Stm{{}, op, Provenance{std::move(span), "assert"}});
}

} // namespace fjord::ir
