// Unit tests of memory block merging (mem/MergeBlocks): mem IR built from small source
// programs by the pipeline up to memory introduction, then merged; which allocations share
// a block and which must not (a block read later, returned, or used in a later loop).
#include "mem/MergeBlocks.h"

#include "driver/Pipeline.h"
#include "ir/MemInfo.h"
#include "ir/Verify.h"
#include "ir/Count.h"
#include "mem/IntroduceMemory.h"
#include "support/Diagnostics.h"

#include <doctest/doctest.h>

#include <optional>
#include <variant>

using namespace fjord;

namespace {

/// The program's mem IR before and after merging.
struct Merged {
  ir::Prog before, after;
};

Merged merge(const std::string& src) {
  DiagnosticEngine diags;
  auto checked = driver::loadProgramText("merge_test.fut", src, diags);
  REQUIRE(checked);
  auto gpu = driver::irAtStage(*checked, "gpu", diags);
  REQUIRE(gpu);
  ir::Prog before = mem::introduceMemory(std::move(*gpu), diags);
  REQUIRE_FALSE(diags.hasErrors());
  ir::Prog after = mem::mergeBlocks(before);
  ir::verify(after, ir::Stage::Mem);
  return {std::move(before), std::move(after)};
}

/// The block of the array whose source name is `name` (bound anywhere on the host).
std::optional<ir::VName> blockOf(const ir::Body& body, const std::string& name) {
  for (const ir::Stm& s : body.stms) {
    for (const ir::PatElem& pe : s.pat)
      if (pe.name.name == name && pe.mem)
        return pe.mem->block;
    if (const auto* l = std::get_if<ir::Loop>(&s.exp))
      if (auto b = blockOf(l->body, name))
        return b;
  }
  return std::nullopt;
}

ir::VName block(const ir::Prog& p, const std::string& name) {
  auto b = blockOf(p.funs.back().body, name);
  REQUIRE(b);
  return *b;
}

const char* kChain = R"(
entry main (xs: []i32) : []i32 =
  let a = map (+1) xs
  let b = map (*2) (reverse a)
  let c = map (+3) (reverse b)
  let d = map (*5) (reverse c)
  in d
)";

} // namespace

TEST_CASE("mem: merging: a chain of maps reuses the blocks of dead intermediates") {
  Merged m = merge(kChain);
  CHECK(ir::countConstruct(m.before, "Alloc") == 4);
  CHECK(ir::countConstruct(m.after, "Alloc") == 2);
  // c is allocated after b's kernel, a's last reader; d after c's kernel, b's last reader.
  CHECK(block(m.after, "c") == block(m.after, "a"));
  CHECK(block(m.after, "d") == block(m.after, "b"));
  // b's kernel reads a while writing b: those two must differ, as must c and b.
  CHECK_FALSE(block(m.after, "b") == block(m.after, "a"));
  // The views of a (its reversal) stay in a's block.
  CHECK(block(m.after, "a_elem") == block(m.after, "a"));
  // The function returns d's block, now b's.
  CHECK(m.after.funs.back().body.result.at(0) == ir::SubExp(block(m.after, "b")));
}

TEST_CASE("mem: merging: a block read later or returned is not reused") {
  Merged returned = merge(R"(
entry main (xs: []i32) : ([]i32, []i32) =
  let a = map (+1) xs
  let b = map (*2) (reverse a)
  let c = map (+3) (reverse b)
  in (a, c)
)");
  CHECK(ir::countConstruct(returned.after, "Alloc") == 3);
  CHECK_FALSE(block(returned.after, "c") == block(returned.after, "a"));

  Merged readLater = merge(R"(
entry main (xs: []i32) : ([]i32, i32) =
  let a = map (+1) xs
  let b = map (*2) (reverse a)
  let c = map (+3) (reverse b)
  in (c, a[1])
)");
  CHECK(ir::countConstruct(readLater.after, "Alloc") == 3);
  CHECK_FALSE(block(readLater.after, "c") == block(readLater.after, "a"));
}

TEST_CASE("mem: merging: a block used in a later loop is live until the loop") {
  Merged m = merge(R"(
entry main (xs: []i32) : ([]i32, i32) =
  let a = map (+1) xs
  let b = map (*2) (reverse a)
  let c = map (+3) (reverse b)
  let s = loop s = 0 for i < length a do s + a[i]
  let d = map (*5) (reverse c)
  in (d, s)
)");
  CHECK(ir::countConstruct(m.before, "Alloc") == 4);
  // c may not take a's block (the loop reads a after c is allocated), but d, allocated after
  // the loop, may: a's last use is the loop.
  CHECK_FALSE(block(m.after, "c") == block(m.after, "a"));
  CHECK(block(m.after, "d") == block(m.after, "a"));
  CHECK(ir::countConstruct(m.after, "Alloc") == 3);
}

TEST_CASE("mem: merging: inside a loop body, blocks carried to the next iteration") {
  Merged m = merge(R"(
entry main (xs: []i32) : []i32 =
  loop acc = xs for i < 3 do
    let t = map (+1) acc
    let u = map (*2) (reverse t)
    let v = map (+3) (reverse u)
    in v
)");
  // v reuses t's block within the iteration; the returned block is then v's.
  CHECK(ir::countConstruct(m.after, "Alloc") == ir::countConstruct(m.before, "Alloc") - 1);
  CHECK(block(m.after, "v") == block(m.after, "t"));
  CHECK_FALSE(block(m.after, "u") == block(m.after, "t"));
}

TEST_CASE("mem: merging: only a later array that provably fits reuses a block") {
  Merged fits = merge(R"(
entry main (xs: []i32) : []i32 =
  let a = map (\x -> i64.i32 x * 2) xs
  let b = map (\x -> i32.i64 x + 1) (reverse a)
  let c = map (*3) (reverse b)
  in c
)");
  CHECK(block(fits.after, "c") == block(fits.after, "a")); // 4n bytes in 8n
  Merged tooBig = merge(R"(
entry main (xs: []i32) : []i64 =
  let a = map (+1) xs
  let b = map (*2) (reverse a)
  let c = map i64.i32 (reverse b)
  in c
)");
  CHECK(ir::countConstruct(tooBig.after, "Alloc") == 3); // 8n bytes do not fit in 4n
  Merged unrelated = merge(R"(
entry main [n] (xs: [n]i32) (ys: []i32) : []i32 =
  let a = map (+1) xs
  let b = map (*2) (reverse a)
  let c = map (+3) (reverse ys)
  in map2 (+) b (reverse c :> [n]i32)
)");
  // c's length is unrelated to a's: no proof that it fits.
  CHECK_FALSE(block(unrelated.after, "c") == block(unrelated.after, "a"));
}
