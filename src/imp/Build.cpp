// Small builders for imperative-IR statements and i64 index arithmetic (see Lowering.h).
// The arithmetic helpers fold constants so generated address code stays short.
#include "imp/Lowering.h"

namespace fjord::imp::detail {

namespace {

bool constInt(const ExpRef& e, int64_t& v) {
  if (e->kind != Exp::Kind::Const || !isInteger(e->type))
    return false;
  v = e->value.i;
  return true;
}

} // namespace

Stm comment(std::string text) {
  Stm s;
  s.kind = Stm::Kind::Comment;
  s.text = std::move(text);
  return s;
}

Stm declare(std::string name, PrimType t, ExpRef init) {
  Stm s;
  s.kind = Stm::Kind::DeclareScalar;
  s.name = std::move(name);
  s.type = t;
  if (init)
    s.args.push_back(std::move(init));
  return s;
}

Stm assign(std::string name, ExpRef value) {
  Stm s;
  s.kind = Stm::Kind::Assign;
  s.name = std::move(name);
  s.args.push_back(std::move(value));
  return s;
}

Stm store(std::string mem, ExpRef index, ExpRef value) {
  Stm s;
  s.kind = Stm::Kind::Store;
  s.name = std::move(mem);
  s.type = value->type;
  s.args = {std::move(index), std::move(value)};
  return s;
}

Stm ifThen(ExpRef cond, Block then, Block otherwise) {
  Stm s;
  s.kind = Stm::Kind::If;
  s.args.push_back(std::move(cond));
  s.body = std::move(then);
  s.elseBody = std::move(otherwise);
  return s;
}

Stm forLoop(std::string i, ExpRef bound, Block body) {
  Stm s;
  s.kind = Stm::Kind::For;
  s.name = std::move(i);
  s.args.push_back(std::move(bound));
  s.body = std::move(body);
  return s;
}

Stm whileLoop(ExpRef cond, Block body) {
  Stm s;
  s.kind = Stm::Kind::While;
  s.args.push_back(std::move(cond));
  s.body = std::move(body);
  return s;
}

Stm barrier() {
  Stm s;
  s.kind = Stm::Kind::Barrier;
  return s;
}

namespace {
void foldDynamicShared(const Block& b, const ExpRef& threads, ExpRef& bytes) {
  for (const Stm& s : b) {
    if (isDynamicShared(s))
      bytes = dynamicSharedEnd(bytes ? bytes : i64(0), s.type, threads);
    foldDynamicShared(s.body, threads, bytes);
    foldDynamicShared(s.elseBody, threads, bytes);
  }
}
} // namespace

ExpRef dynamicSharedBytes(const Block& kernelBody, ExpRef threads) {
  ExpRef bytes;
  foldDynamicShared(kernelBody, threads, bytes);
  return bytes;
}

Stm dynamicSharedArray(std::string name, PrimType t) {
  Stm s = sharedArray(std::move(name), t, 0);
  s.args[0] = blockSize();
  return s;
}

Stm sharedArray(std::string name, PrimType t, int64_t count) {
  Stm s;
  s.kind = Stm::Kind::DeclareArray;
  s.name = std::move(name);
  s.type = t;
  s.space = MemSpace::Shared;
  s.args.push_back(i64(count));
  return s;
}

ExpRef add(ExpRef a, ExpRef b) {
  int64_t x, y;
  if (constInt(b, y) && y == 0)
    return a;
  if (constInt(a, x) && x == 0)
    return b;
  if (constInt(a, x) && constInt(b, y))
    return i64(x + y);
  return binOp(BinOpKind::Add, a, b);
}

ExpRef sub(ExpRef a, ExpRef b) {
  int64_t x, y;
  if (constInt(b, y) && y == 0)
    return a;
  if (constInt(a, x) && constInt(b, y))
    return i64(x - y);
  return binOp(BinOpKind::Sub, a, b);
}

ExpRef mul(ExpRef a, ExpRef b) {
  int64_t x, y;
  if (constInt(a, x) && constInt(b, y))
    return i64(x * y);
  if (constInt(b, y) && y == 1)
    return a;
  if (constInt(a, x) && x == 1)
    return b;
  return binOp(BinOpKind::Mul, a, b);
}

// Quot (C's `/`) is exact here: both operands are non-negative.
ExpRef divUp(ExpRef a, ExpRef b) {
  int64_t x, y;
  if (constInt(b, y) && y == 1)
    return a;
  if (constInt(a, x) && constInt(b, y) && y > 0 && x >= 0)
    return i64((x + y - 1) / y);
  return binOp(BinOpKind::Quot, sub(add(a, b), i64(1)), b);
}

ExpRef quot(ExpRef a, ExpRef b) {
  int64_t y;
  if (constInt(b, y) && y == 1)
    return a;
  return binOp(BinOpKind::Quot, a, b);
}

ExpRef rem(ExpRef a, ExpRef b) { return binOp(BinOpKind::Rem, a, b); }
ExpRef eq(ExpRef a, ExpRef b) { return cmp(CmpOpKind::Eq, a, b); }
ExpRef andE(ExpRef a, ExpRef b) { return binOp(BinOpKind::LogAnd, a, b); }

ExpRef minE(ExpRef a, ExpRef b) { return binOp(BinOpKind::Min, a, b); }
ExpRef maxE(ExpRef a, ExpRef b) { return binOp(BinOpKind::Max, a, b); }
ExpRef lt(ExpRef a, ExpRef b) { return cmp(CmpOpKind::Lt, a, b); }
ExpRef notE(ExpRef a) { return unOp(UnOpKind::Not, a); }

ExpRef shapeCount(Lowerer& L, const ir::Shape& shape) {
  ExpRef n = i64(1);
  for (const ir::SubExp& d : shape)
    n = mul(n, L.subExp(d));
  return n;
}

void loopNest(Lowerer& L, const ir::Shape& shape,
              const std::function<void(const std::vector<ExpRef>&, Block&)>& inner,
              Block& out) {
  std::vector<ExpRef> idx;
  std::function<void(size_t, Block&)> go = [&](size_t d, Block& into) {
    if (d == shape.size()) {
      inner(idx, into);
      return;
    }
    std::string i = L.freshName(shape.size() == 1 ? "i" : "i" + std::to_string(d));
    Block body;
    idx.push_back(var(i, PrimType::I64));
    go(d + 1, body);
    idx.pop_back();
    into.push_back(forLoop(i, L.subExp(shape[d]), std::move(body)));
  };
  go(0, out);
}

} // namespace fjord::imp::detail
