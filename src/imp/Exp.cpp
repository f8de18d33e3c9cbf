// Convenience constructors for imperative-IR expressions (declared in imp/Imp.h).
#include "imp/Imp.h"

namespace fjord::imp {

namespace {

ExpRef make(Exp e) { return std::make_shared<const Exp>(std::move(e)); }

ExpRef special(Exp::Kind kind) {
  Exp e;
  e.kind = kind;
  e.type = PrimType::I64;
  return make(std::move(e));
}

} // namespace

ExpRef constant(PrimValue v) {
  Exp e;
  e.kind = Exp::Kind::Const;
  e.type = v.type;
  e.operandType = v.type;
  e.value = v;
  return make(std::move(e));
}

ExpRef i64(int64_t v) { return constant(PrimValue::int64(v)); }

ExpRef var(std::string name, PrimType t) {
  Exp e;
  e.kind = Exp::Kind::Var;
  e.type = t;
  e.name = std::move(name);
  return make(std::move(e));
}

ExpRef binOp(BinOpKind op, ExpRef x, ExpRef y) {
  Exp e;
  e.kind = Exp::Kind::BinOp;
  e.type = x->type;
  e.operandType = x->type;
  e.binOp = op;
  e.args = {std::move(x), std::move(y)};
  return make(std::move(e));
}

ExpRef cmp(CmpOpKind op, ExpRef x, ExpRef y) {
  Exp e;
  e.kind = Exp::Kind::Cmp;
  e.type = PrimType::Bool;
  e.operandType = x->type;
  e.cmpOp = op;
  e.args = {std::move(x), std::move(y)};
  return make(std::move(e));
}

ExpRef convert(ExpRef x, PrimType to) {
  Exp e;
  e.kind = Exp::Kind::Convert;
  e.type = to;
  e.operandType = x->type;
  e.args = {std::move(x)};
  return make(std::move(e));
}

ExpRef load(std::string mem, ExpRef index, PrimType elem) {
  Exp e;
  e.kind = Exp::Kind::Load;
  e.type = elem;
  e.name = std::move(mem);
  e.args = {std::move(index)};
  return make(std::move(e));
}

ExpRef loadVolatile(std::string mem, ExpRef index, PrimType elem) {
  Exp e = *load(std::move(mem), std::move(index), elem);
  e.kind = Exp::Kind::LoadVolatile;
  return make(std::move(e));
}

ExpRef forwardProgress() {
  Exp e;
  e.kind = Exp::Kind::ForwardProgress;
  e.type = PrimType::Bool;
  return make(std::move(e));
}

ExpRef unOp(UnOpKind op, ExpRef x) {
  Exp e;
  e.kind = Exp::Kind::UnOp;
  e.type = x->type;
  e.operandType = x->type;
  e.unOp = op;
  e.args = {std::move(x)};
  return make(std::move(e));
}

ExpRef call(std::string fn, std::vector<ExpRef> args, PrimType result) {
  Exp e;
  e.kind = Exp::Kind::Call;
  e.type = result;
  e.operandType = args.empty() ? result : args[0]->type;
  e.name = std::move(fn);
  e.args = std::move(args);
  return make(std::move(e));
}

ExpRef select(ExpRef cond, ExpRef a, ExpRef b) {
  Exp e;
  e.kind = Exp::Kind::Select;
  e.type = a->type;
  e.operandType = a->type;
  e.args = {std::move(cond), std::move(a), std::move(b)};
  return make(std::move(e));
}

ExpRef deviceLimit(std::string limit) {
  Exp e;
  e.kind = Exp::Kind::DeviceLimit;
  e.type = PrimType::I64;
  e.name = std::move(limit);
  return make(std::move(e));
}

ExpRef dynamicSharedEnd(ExpRef offset, PrimType t, ExpRef count) {
  ExpRef bytes = binOp(BinOpKind::Mul, std::move(count), i64(primBytes(t)));
  ExpRef end = binOp(BinOpKind::Add, bytes, i64(7));
  if (offset->kind != Exp::Kind::Const || offset->value.i != 0)
    end = binOp(BinOpKind::Add, std::move(offset), end);
  return binOp(BinOpKind::And, end, i64(-8));
}

ExpRef cmpSize(std::string threshold, ExpRef x) {
  Exp e;
  e.kind = Exp::Kind::CmpSize;
  e.type = PrimType::Bool;
  e.name = std::move(threshold);
  e.args = {std::move(x)};
  return make(std::move(e));
}

ExpRef zeroOf(PrimType t) {
  if (t == PrimType::Bool)
    return constant(PrimValue::boolean(false));
  if (isFloat(t))
    return constant(PrimValue::floating(t, 0));
  return constant(PrimValue::integer(t, 0));
}

ExpRef tuning(std::string param) {
  Exp e;
  e.kind = Exp::Kind::Tuning;
  e.type = PrimType::I64;
  e.name = std::move(param);
  return make(std::move(e));
}

ExpRef threadId() { return special(Exp::Kind::ThreadId); }
ExpRef blockId() { return special(Exp::Kind::BlockId); }
ExpRef blockSize() { return special(Exp::Kind::BlockSize); }
ExpRef numBlocks() { return special(Exp::Kind::NumBlocks); }

ExpRef shuffleDown(ExpRef x, ExpRef offset) {
  Exp e;
  e.kind = Exp::Kind::ShuffleDown;
  e.type = x->type;
  e.operandType = x->type;
  e.args = {std::move(x), std::move(offset)};
  return make(std::move(e));
}

ExpRef shuffleUp(ExpRef x, ExpRef offset) {
  ExpRef e = shuffleDown(std::move(x), std::move(offset));
  Exp up = *e;
  up.kind = Exp::Kind::ShuffleUp;
  return make(std::move(up));
}

ExpRef lane(std::string vector, int64_t laneIndex, PrimType elem) {
  Exp e;
  e.kind = Exp::Kind::Lane;
  e.type = elem;
  e.operandType = elem;
  e.name = std::move(vector);
  e.args = {i64(laneIndex)};
  return make(std::move(e));
}

bool isDynamicShared(const Stm& s) {
  return s.kind == Stm::Kind::DeclareArray && s.space == MemSpace::Shared &&
         s.args.at(0)->kind == Exp::Kind::BlockSize;
}

} // namespace fjord::imp
