// Unit tests of the existential-LMAD decision (mem/Existential): which components of an
// `if` result's LMAD stay static (provably equal in every branch, visible outside) and
// which become existential; and which loop results re-view their merge parameter.
#include "mem/Existential.h"

#include "ir/IR.h"

#include <doctest/doctest.h>

using namespace fjord;
using symbolic::Dim;
using symbolic::Expr;
using symbolic::Lmad;

namespace {

Expr v(const std::string& name) { return Expr::var(name); }

/// generaliseLmads with every variable visible and component c named "e<c>".
mem::GeneralLmad general(const std::vector<Lmad>& branches, const std::vector<Expr>& shape,
                         symbolic::Facts facts = {},
                         std::function<bool(const Expr&)> visible = [](const Expr&) {
                           return true;
                         }) {
  symbolic::Prover prover(std::move(facts));
  return mem::generaliseLmads(branches, shape, prover, visible,
                              [](size_t c) { return v("e" + std::to_string(c)); });
}

} // namespace

TEST_CASE("existential: transpose of a square matrix makes both strides existential") {
  Expr n = v("n");
  Lmad a = Lmad::rowMajor(0, {n, n});
  auto g = general({a, a.transpose()}, {n, n});
  CHECK(g.existential == std::vector<size_t>{1, 2});
  CHECK(g.lmad == Lmad{0, {Dim{n, v("e1")}, Dim{n, v("e2")}}});
}

TEST_CASE("existential: reversal differs in offset and stride") {
  Expr n = v("n");
  Lmad xs = Lmad::rowMajor(0, {n});
  auto g = general({xs, xs.reverse(0)}, {n});
  CHECK(g.existential == std::vector<size_t>{0, 1});
  CHECK(g.lmad == Lmad{v("e0"), {Dim{n, v("e1")}}});
}

TEST_CASE("existential: even and odd elements differ only in the offset") {
  Expr m = v("m");
  Lmad xs = Lmad::rowMajor(0, {2 * m});
  Lmad even = xs.slice({symbolic::DimSlice::range(0, m, 2)});
  Lmad odd = xs.slice({symbolic::DimSlice::range(1, m, 2)});
  auto g = general({even, odd}, {m});
  CHECK(g.existential == std::vector<size_t>{0});
  CHECK(g.lmad == Lmad{v("e0"), {Dim{m, 2}}});
}

TEST_CASE("existential: LMADs equal by algebra or by the prover's facts stay static") {
  Expr n = v("n"), k = v("k");
  Lmad xs = Lmad::rowMajor(0, {n});
  // reverse (reverse xs): offset (n-1) + (n-1)*-1 = 0, stride 1.
  auto g = general({xs, xs.reverse(0).reverse(0)}, {n});
  CHECK(g.existential.empty());
  CHECK(g.lmad == xs);
  // Offsets k and n differ syntactically; the fact k == n makes them agree.
  Lmad atK{k, {Dim{n, 1}}}, atN{n, {Dim{n, 1}}};
  CHECK(general({atK, atN}, {n}).existential == std::vector<size_t>{0});
  symbolic::Facts facts;
  facts.assumeEqual(k, n);
  CHECK(general({atK, atN}, {n}, facts).existential.empty());
}

TEST_CASE("existential: an agreeing component named only inside the branches is existential") {
  Expr n = v("n");
  Lmad a{v("local_off"), {Dim{n, 1}}};
  auto hidden = [](const Expr& e) { return !e.freeVars().count("local_off"); };
  auto g = general({a, a}, {n}, {}, hidden);
  CHECK(g.existential == std::vector<size_t>{0});
}

TEST_CASE("existential: emitExpr computes offsets with IR arithmetic") {
  ir::NameSource names(100);
  ir::VName n{"n", 1}, i{"i", 2};
  std::vector<ir::Stm> out;
  auto lookup = [&](const std::string& key) { return key == n.str() ? n : i; };
  ir::SubExp c = mem::emitExpr(7, lookup, names, "off", {}, out);
  CHECK(c == ir::SubExp(ir::PrimValue::int64(7)));
  CHECK(out.empty());
  ir::SubExp x = mem::emitExpr(v(n.str()), lookup, names, "off", {}, out);
  CHECK(x == ir::SubExp(n));
  CHECK(out.empty());
  // i * n + n - 1: a multiplication, an addition, a subtraction.
  mem::emitExpr(v(i.str()) * v(n.str()) + v(n.str()) - 1, lookup, names, "off", {}, out);
  REQUIRE(out.size() == 3);
  const auto& last = std::get<ir::BasicOp>(out.back().exp);
  CHECK(last.binOp == ir::BinOpKind::Sub);
  CHECK(last.args.at(1) == ir::SubExp(ir::PrimValue::int64(1)));
}
