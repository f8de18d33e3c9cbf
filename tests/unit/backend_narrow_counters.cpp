// Loop counters printed as int32_t (backend/NarrowCounters.h): narrowed only when every
// `int` expression over them provably stays within int32.
#include "backend/CPrinter.h"
#include "backend/NarrowCounters.h"

#include <doctest/doctest.h>

using namespace fjord;
using namespace fjord::backend;
using imp::BinOpKind;

namespace {

imp::Stm forLoop(const std::string& counter, imp::ExpRef bound, imp::Block body) {
  imp::Stm s;
  s.kind = imp::Stm::Kind::For;
  s.name = counter;
  s.args = {std::move(bound)};
  s.body = std::move(body);
  return s;
}

imp::Stm store(const std::string& mem, imp::ExpRef index, imp::ExpRef value) {
  imp::Stm s;
  s.kind = imp::Stm::Kind::Store;
  s.name = mem;
  s.args = {std::move(index), std::move(value)};
  return s;
}

imp::ExpRef q() { return imp::var("q", PrimType::I64); }
imp::ExpRef g() { return imp::var("g", PrimType::I64); }

/// Whether `for (q < bound) out[0] = value` narrows q.
bool narrowsWith(int64_t bound, imp::ExpRef value) {
  return narrowCounter(forLoop("q", imp::i64(bound), {store("out", imp::i64(0), value)}), {});
}

} // namespace

TEST_CASE("backend: a constant-bound counter is int32_t when its int expressions fit") {
  // g is 64-bit: `g * 4 + q` is computed in int64_t whatever q's type.
  CHECK(narrowsWith(4, imp::binOp(BinOpKind::Add, imp::binOp(BinOpKind::Mul, g(), imp::i64(4)), q())));
  CHECK(narrowsWith(16, imp::binOp(BinOpKind::Mul, q(), imp::i64(1000))));
  CHECK(narrowsWith(4, imp::binOp(BinOpKind::Shl, q(), imp::i64(2))));
  // q * 10^9 reaches 3 * 10^9 in `int`: not narrowed.
  CHECK_FALSE(narrowsWith(4, imp::binOp(BinOpKind::Mul, q(), imp::i64(1000000000))));
  CHECK_FALSE(narrowsWith(4, imp::binOp(BinOpKind::Shl, q(), imp::i64(30))));
  CHECK_FALSE(narrowsWith(4, imp::binOp(BinOpKind::Shl, q(), g()))); // unknown shift
  // Floor division, min and max go through int64_t helpers or overloads: left alone.
  CHECK_FALSE(narrowsWith(4, imp::binOp(BinOpKind::Div, q(), imp::i64(2))));
  CHECK_FALSE(narrowsWith(4, imp::binOp(BinOpKind::Min, q(), g())));
  // Bounds: constant, positive and at most kMaxNarrowBound.
  CHECK(narrowsWith(kMaxNarrowBound, q()));
  CHECK_FALSE(narrowsWith(kMaxNarrowBound + 1, q()));
  CHECK_FALSE(narrowCounter(forLoop("q", g(), {store("out", q(), imp::i64(0))}), {}));
}

TEST_CASE("backend: nested narrowed counters are checked together") {
  // for q < 16: for r < 4: out[q * 4 + r] -- at most 63.
  imp::ExpRef r = imp::var("r", PrimType::I64);
  imp::Stm inner = forLoop("r", imp::i64(4),
                           {store("out", imp::binOp(BinOpKind::Add,
                                                    imp::binOp(BinOpKind::Mul, q(), imp::i64(4)), r),
                                  imp::i64(0))});
  CHECK(narrowCounter(forLoop("q", imp::i64(16), {inner}), {}));
  CHECK(narrowCounter(inner, {{"q", 16}}));
  // q * q * 10^7 reaches 2.25 * 10^9 once both are `int`.
  imp::ExpRef big = imp::binOp(BinOpKind::Mul, imp::binOp(BinOpKind::Mul, q(), q()),
                               imp::i64(10000000));
  CHECK_FALSE(narrowCounter(forLoop("r", imp::i64(4), {store("out", r, big)}), {{"q", 16}}));
}

TEST_CASE("backend: a counter passed to a launch or a call keeps its 64-bit type") {
  imp::Stm launch;
  launch.kind = imp::Stm::Kind::Launch;
  launch.name = "k";
  launch.args = {imp::i64(1), imp::i64(256)};
  launch.kernelArgs = {imp::KernelArg{imp::Param::Kind::Scalar, q(), ""}};
  CHECK_FALSE(narrowCounter(forLoop("q", imp::i64(4), {launch}), {}));
  // As an operand of a 64-bit expression it is fine.
  launch.kernelArgs = {imp::KernelArg{imp::Param::Kind::Scalar, imp::binOp(BinOpKind::Add, g(), q()), ""}};
  CHECK(narrowCounter(forLoop("q", imp::i64(4), {launch}), {}));
}

TEST_CASE("backend: the printer declares a narrowed counter int32_t, in both kernel dialects") {
  imp::Block body = {forLoop("q", imp::i64(4), {store("out", imp::binOp(BinOpKind::Add, g(), q()),
                                                      imp::i64(0))}),
                     forLoop("p", g(), {store("out", imp::var("p", PrimType::I64), imp::i64(0))})};
  for (const Dialect* d : {&cudaDialect(), &openclDialect()}) {
    Helpers h(*d);
    CPrinter p(*d, h);
    p.setUses(collectUses(body));
    p.block(body);
    std::string text = p.take();
    std::string i32(d->typeName(PrimType::I32)), i64(d->typeName(PrimType::I64));
    CHECK(text.find("for (" + i32 + " q = 0; q < 4; ++q) {") != std::string::npos);
    CHECK(text.find("for (" + i64 + " p = 0; p < g; ++p) {") != std::string::npos);
  }
}
