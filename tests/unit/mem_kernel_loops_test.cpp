// Unit tests of loops with array merge parameters inside kernels (Note [Loops in kernels]
// in mem/IntroduceMemoryKernelLoops.cpp) and of the in-place links behind them (mem/KernelLoops.h).
#include "gpu/ExtractKernels.h"
#include "ir/MemInfo.h"
#include "ir/Verify.h"
#include "mem_text_util.h"
#include "ir/Count.h"
#include "mem/IntroduceMemory.h"
#include "mem/KernelLoops.h"
#include "support/Diagnostics.h"

#include <doctest/doctest.h>

using namespace fjord;
using namespace fjord::ir;

namespace {

using testir::toMem;

/// `map (\row -> <pre> loop <merge> for i < m do {<body>} <post>) xss`.
std::string rowLoop(const std::string& pre, const std::string& merge, const std::string& body,
                    const std::string& post, const std::string& result) {
  return R"(fun f(n_1 : i64, m_2 : i64, xss_3 : [n_1][m_2]i32) : {[n_1][m_2]i32} = {
  let {r_40 : [n_1][m_2]i32} = screma(n_1, {xss_3})
    map \(row_4 : [m_2]i32) : {[m_2]i32} -> {
)" + pre + "      let {" + merge + "} for i_6 < m_2 do {\n" + body + "      }\n" + post +
         "      in {" + result + R"(}
    }
    scan {}
    reduce {}
  in {r_40}
}
)";
}

const SegOp& segOf(const Stm& s) { return std::get<SegOp>(std::get<Op>(s.exp)); }

const Stm& bindingOf(const Body& b, const std::string& name) {
  for (const Stm& s : b.stms)
    for (const PatElem& p : s.pat)
      if (p.name.name == name)
        return s;
  FAIL("no statement binds " << name);
  return b.stms.front();
}

bool sameMem(const MemInfo& a, const MemInfo& b) { return a.block == b.block && a.lmad == b.lmad; }

size_t copies(const Body& b) {
  size_t n = 0;
  for (const Stm& s : b.stms)
    if (const auto* op = std::get_if<BasicOp>(&s.exp))
      n += op->kind == BasicOp::Kind::Copy;
  return n;
}

const std::string kInPlace = R"(        let {v_7 : i32} = acc_5[i_6]
        let {w_8 : i32} = add.i32 v_7 1i32
        let {acc_9 : [m_2]i32} = acc_5 with [i_6] = w_8
        in {acc_9}
)";

/// The kernel body of `text`'s only SegOp.
const Body& kernelBody(const Prog& p) { return segOf(p.funs[0].body.stms.back()).body; }

} // namespace

TEST_CASE("mem: in-place links lead an updated array and a loop's initial value onwards") {
  Prog p = testir::parseVerified(rowLoop("      let {x_10 : [m_2]i32} = copy row_4\n",
                                         "acc_11 : [m_2]i32} = loop {acc_5 : [m_2]i32 = x_10",
                                         kInPlace, "", "acc_11"));
  const Soac& soac = std::get<Soac>(std::get<Op>(p.funs[0].body.stms[0].exp));
  const Body& body = std::get<Screma>(soac).map.body;
  std::map<VName, VName> links = mem::inPlaceLinks(body);
  auto key = [&](const std::string& n) {
    for (const auto& [from, to] : links)
      if (from.name == n)
        return to.name;
    return std::string("(none)");
  };
  CHECK(key("x") == "acc");   // the loop starts in x's memory
  CHECK(key("acc") == "acc"); // acc_5 with [i] = .. is acc_9, in the loop body
}

TEST_CASE("mem: no in-place link from a loop's initial value that is used afterwards") {
  Prog p = testir::parseVerified(
      rowLoop("      let {x_10 : [m_2]i32} = copy row_4\n",
              "acc_11 : [m_2]i32} = loop {acc_5 : [m_2]i32 = x_10", kInPlace,
              "      let {y_12 : [m_2]i32} = x_10\n", "acc_11"));
  const Soac& soac = std::get<Soac>(std::get<Op>(p.funs[0].body.stms[0].exp));
  std::map<VName, VName> links = mem::inPlaceLinks(std::get<Screma>(soac).map.body);
  for (const auto& [from, to] : links)
    CHECK(from.name != "x");
}

TEST_CASE("mem: a kernel loop updating its row in place neither copies nor allocates") {
  Prog p = toMem(rowLoop("      let {x_10 : [m_2]i32} = copy row_4\n",
                         "acc_11 : [m_2]i32} = loop {acc_5 : [m_2]i32 = x_10", kInPlace, "",
                         "acc_11"));
  CHECK(ir::countConstruct(p, "Alloc") == 1); // the SegMap's result
  const Stm& segStm = p.funs[0].body.stms.back();
  const Body& kb = kernelBody(p);
  const Stm& loopStm = bindingOf(kb, "acc");
  const Loop& loop = std::get<Loop>(loopStm.exp);
  REQUIRE(loop.merge.size() == 1); // no existential block
  const MemInfoRef& home = loop.merge[0].first.mem;
  REQUIRE(home);
  CHECK(home->block == segStm.pat[0].mem->block);
  CHECK(sameMem(*loopStm.pat[0].mem, *home));
  CHECK(sameMem(*bindingOf(kb, "x").pat[0].mem, *home)); // `copy row` built in the row
  CHECK(copies(kb) == 1);
  CHECK(copies(loop.body) == 0);
}

TEST_CASE("mem: kernel loop parameters exchanged each iteration go through temporaries") {
  Prog p = toMem(rowLoop(
      "      let {x_10 : [m_2]i32} = copy row_4\n      let {y_12 : [m_2]i32} = copy row_4\n",
      "a_13 : [m_2]i32, b_14 : [m_2]i32} = loop {acc_5 : [m_2]i32 = x_10, bcc_15 : [m_2]i32 = "
      "y_12",
      "        in {bcc_15, acc_5}\n", "      let {s_16 : i32} = b_14[0i64]\n", "a_13"));
  const Body& kb = kernelBody(p);
  const Loop& loop = std::get<Loop>(bindingOf(kb, "a").exp);
  REQUIRE(loop.merge.size() == 2);
  // Two temporaries, then the two copies into the parameters' memory.
  REQUIRE(loop.body.stms.size() == 4);
  for (size_t k = 0; k < 2; ++k) {
    const Stm& tmp = loop.body.stms[k];
    const Stm& back = loop.body.stms[k + 2];
    REQUIRE(std::get<BasicOp>(tmp.exp).kind == BasicOp::Kind::Copy);
    REQUIRE(std::get<BasicOp>(back.exp).kind == BasicOp::Kind::Copy);
    CHECK(std::get<BasicOp>(back.exp).arr == tmp.pat[0].name);
    for (const auto& [param, init] : loop.merge)
      CHECK(tmp.pat[0].mem->block != param.mem->block);
    CHECK(sameMem(*back.pat[0].mem, *loop.merge[k].first.mem));
    CHECK(loop.body.result[k] == SubExp(back.pat[0].name));
  }
  // The results are the rows of the parameters (the first one the kernel's result row).
  CHECK(loop.merge[0].first.mem->block == p.funs[0].body.stms.back().pat[0].mem->block);
  CHECK(loop.merge[0].first.mem->block != loop.merge[1].first.mem->block);
}
