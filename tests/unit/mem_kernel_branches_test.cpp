// Unit tests of memory introduction for a kernel's `if` whose branches return arrays in
// different blocks (Note [Branches in kernels] in
// mem/IntroduceMemoryExistential.cpp): each branch copies its array into the `if` result's
// memory.
#include "gpu/ExtractKernels.h"
#include "ir/MemInfo.h"
#include "ir/Verify.h"
#include "mem_text_util.h"
#include "ir/Count.h"
#include "mem/IntroduceMemory.h"
#include "support/Diagnostics.h"

#include <doctest/doctest.h>

using namespace fjord;
using namespace fjord::ir;

namespace {

using testir::toMem;

const SegOp& segOf(const Stm& s) { return std::get<SegOp>(std::get<Op>(s.exp)); }

/// `map (\a b -> let s = if a[0] > b[0] then a else b in <use of s>) xss yss`; the
/// branches view rows of two parameters.
std::string pickRows(const std::string& use, const std::string& retType,
                     const std::string& result) {
  return R"(fun f(n_1 : i64, m_2 : i64, xss_3 : [n_1][m_2]i32, yss_4 : [n_1][m_2]i32) : {[n_1])" +
         retType + R"(} = {
  let {r_20 : [n_1])" + retType + R"(} = screma(n_1, {xss_3, yss_4})
    map \(a_5 : [m_2]i32, b_6 : [m_2]i32) : {)" + retType + R"(} -> {
      let {a0_7 : i32} = a_5[0i64]
      let {b0_8 : i32} = b_6[0i64]
      let {c_9 : bool} = gt.i32 a0_7 b0_8
      let {s_11 : [m_2]i32} = if c_9 then {
        in {a_5}
      } else {
        in {b_6}
      } : {[m_2]i32}
)" + use + R"(
      in {)" + result + R"(}
    }
    scan {}
    reduce {}
  in {r_20}
}
)";
}

bool sameMem(const MemInfo& a, const MemInfo& b) { return a.block == b.block && a.lmad == b.lmad; }

/// Both branches end with a copy into `target`'s memory, which the `if` result has too.
void checkBranchesCopyInto(const Stm& ifStm, const MemInfoRef& target) {
  const If& e = std::get<If>(ifStm.exp);
  REQUIRE(ifStm.pat.size() == 1); // no existential block
  REQUIRE(ifStm.pat[0].mem);
  CHECK(sameMem(*ifStm.pat[0].mem, *target));
  for (const Body* b : {&e.thenBody, &e.elseBody}) {
    REQUIRE_FALSE(b->stms.empty());
    const Stm& last = b->stms.back();
    const BasicOp* copy = std::get_if<BasicOp>(&last.exp);
    REQUIRE(copy);
    CHECK(copy->kind == BasicOp::Kind::Copy);
    REQUIRE(last.pat.at(0).mem);
    CHECK(sameMem(*last.pat[0].mem, *target));
    CHECK(b->result.at(0) == SubExp(last.pat[0].name));
  }
}

const Stm& bindingOf(const Body& b, const std::string& name) {
  for (const Stm& s : b.stms)
    for (const PatElem& p : s.pat)
      if (p.name.name == name)
        return s;
  FAIL("no statement binds " << name);
  return b.stms.front();
}

} // namespace

TEST_CASE("mem: a kernel's if picking rows of two arrays copies them into the result's row") {
  Prog p = toMem(pickRows("", "[m_2]i32", "s_11"));
  CHECK(ir::countConstruct(p, "Alloc") == 1); // the SegMap's result only
  const Stm& segStm = p.funs[0].body.stms.back();
  const SegOp& seg = segOf(segStm);
  const Stm& ifStm = bindingOf(seg.body, "s");
  REQUIRE(segStm.pat.at(0).mem);
  CHECK(ifStm.pat.at(0).mem->block == segStm.pat[0].mem->block);
  checkBranchesCopyInto(ifStm, ifStm.pat[0].mem);
}

TEST_CASE("mem: a kernel's if picking rows of two arrays gets expanded memory when read") {
  // The thread only reads s[1]: the if result is a temporary, expanded on the host.
  Prog p = toMem(pickRows("      let {e_12 : i32} = s_11[1i64]", "i32", "e_12"));
  CHECK(ir::countConstruct(p, "Alloc") == 2); // the result and the expanded `if` result
  const SegOp& seg = segOf(p.funs[0].body.stms.back());
  const Stm& ifStm = bindingOf(seg.body, "s");
  checkBranchesCopyInto(ifStm, ifStm.pat.at(0).mem);
  // The block is allocated before the kernel, not in it.
  for (const Stm& s : seg.body.stms) {
    const Op* op = std::get_if<Op>(&s.exp);
    CHECK_FALSE((op && std::holds_alternative<Alloc>(*op)));
  }
}
