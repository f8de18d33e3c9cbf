// Internalisation of small programs end to end (parse, type check, internalise), and the
// optimiser on their output: the first five target programs must internalise, simplify,
// fuse and verify, with the expected structure.
#include "internalise/Internalise.h"
#include "ir/Count.h"
#include "ir/Print.h"
#include "ir/Verify.h"
#include "opt/Fuse.h"
#include "opt/Simplify.h"
#include "prelude/Prelude.h"
#include "sema/Check.h"
#include "syntax/Parse.h"

#include <doctest/doctest.h>

#include <memory>

using namespace fjord;

namespace {

struct Internalised {
  std::vector<ast::Program> files;
  DiagnosticEngine diags;
  ir::Prog prog;
};

/// Parses and checks `text` after the prelude, then internalises it.
std::unique_ptr<Internalised> internaliseText(const std::string& text) {
  auto out = std::make_unique<Internalised>();
  for (const prelude::SourceFile& f : prelude::sources()) {
    auto file = std::make_shared<SourceFile>(SourceFile{"prelude/" + f.name, f.text, ""});
    auto prog = parseProgram(file, out->diags);
    REQUIRE(prog);
    out->files.push_back(std::move(*prog));
  }
  auto file = std::make_shared<SourceFile>(SourceFile{"test.fut", text, ""});
  auto prog = parseProgram(file, out->diags);
  REQUIRE_MESSAGE(prog, out->diags.render());
  out->files.push_back(std::move(*prog));
  auto checked = sema::checkProgram(out->files, out->diags);
  REQUIRE_MESSAGE(checked, out->diags.render());
  out->prog = internalise::internaliseProgram(*checked, out->diags);
  return out;
}

/// Internalises, verifies, simplifies, fuses and simplifies again, verifying after each.
ir::Prog optimised(const std::string& text) {
  auto in = internaliseText(text);
  REQUIRE_MESSAGE(!in->diags.hasErrors(), in->diags.render());
  ir::verify(in->prog, ir::Stage::Core);
  ir::Prog p = opt::simplify(std::move(in->prog));
  ir::verify(p, ir::Stage::Core);
  p = opt::fuse(std::move(p));
  ir::verify(p, ir::Stage::Core);
  p = opt::simplify(std::move(p));
  ir::verify(p, ir::Stage::Core);
  return p;
}

const ir::Screma& onlyScrema(const ir::Body& b) {
  const ir::Screma* found = nullptr;
  for (const ir::Stm& s : b.stms)
    if (auto* op = std::get_if<ir::Op>(&s.exp))
      if (auto* soac = std::get_if<ir::Soac>(op))
        if (auto* sc = std::get_if<ir::Screma>(soac)) {
          REQUIRE(found == nullptr);
          found = sc;
        }
  REQUIRE(found != nullptr);
  return *found;
}

const ir::Stm& scremaStm(const ir::Body& b) {
  for (const ir::Stm& s : b.stms)
    if (std::holds_alternative<ir::Op>(s.exp))
      return s;
  FAIL("no SOAC statement");
  return b.stms.at(0);
}

} // namespace

TEST_CASE("internalise: scale is one map with a 1-parameter lambda") {
  ir::Prog p = optimised("entry scale (xs: []f32) : []f32 = map (\\x -> 2 * x + 1) xs");
  REQUIRE(p.funs.size() == 1);
  const ir::FunDef& f = p.funs[0];
  CHECK(f.entry);
  REQUIRE(f.params.size() == 2);
  CHECK(f.params[0].name.name == "xs_len");
  CHECK(f.params[1].name.name == "xs");
  CHECK(f.params[1].type.str() == "[" + f.params[0].name.str() + "]f32");
  REQUIRE(f.entryParams.size() == 1);
  CHECK(f.entryParams[0].name == "xs");
  CHECK(f.entryParams[0].rank == 1);
  const ir::Screma& s = onlyScrema(f.body);
  CHECK(s.map.params.size() == 1);
  CHECK(s.reds.empty());
  CHECK(scremaStm(f.body).prov.what == "map");
  CHECK(scremaStm(f.body).prov.span.line == 1);
  CHECK(ir::countConstructs(p)["Screma"] == 1);
}

TEST_CASE("internalise: sum is one reduction") {
  ir::Prog p = optimised("entry sum (xs: []f32) : f32 = reduce (+) 0 xs");
  const ir::Screma& s = onlyScrema(p.funs[0].body);
  REQUIRE(s.reds.size() == 1);
  CHECK(s.reds[0].neutral.size() == 1);
  CHECK(s.reds[0].neutral[0].str() == "0.0f32");
  CHECK(s.reds[0].op.params.size() == 2);
  CHECK(p.funs[0].retTypes.at(0).str() == "f32");
}

TEST_CASE("internalise: dot fuses to one Screma with one RedOp and a 2-parameter map") {
  ir::Prog p = optimised(
      "entry dot [n] (xs: [n]f32) (ys: [n]f32) : f32 = reduce (+) 0 (map2 (*) xs ys)");
  const ir::FunDef& f = p.funs[0];
  const ir::Screma& s = onlyScrema(f.body);
  CHECK(s.reds.size() == 1);
  CHECK(s.scans.empty());
  CHECK(s.map.params.size() == 2);
  CHECK(s.inputs.size() == 2);
  CHECK(ir::countConstructs(p)["Screma"] == 1);
  // Both have the size `n`: one size parameter, and nothing to check inside (the entry
  // point's caller checks that the arguments have the declared sizes).
  CHECK(ir::countConstructs(p)["Assert"] == 0);
  CHECK(f.params.size() == 3);
}

TEST_CASE("internalise: rowsums is a map whose lambda reduces") {
  ir::Prog p = optimised(
      "entry rowsums [n][m] (a: [n][m]f64) : [n]f64 = map (\\r -> reduce (+) 0 r) a");
  const ir::FunDef& f = p.funs[0];
  REQUIRE(f.params.size() == 3);
  CHECK(f.params[0].name.name == "n");
  CHECK(f.params[1].name.name == "m");
  CHECK(f.params[2].name.name == "a");
  auto counts = ir::countConstructs(p);
  CHECK(counts["Screma"] == 2);
  CHECK(counts["Screma/Screma"] == 1);
  const ir::Screma& outer = onlyScrema(f.body);
  const ir::Screma& inner = onlyScrema(outer.map.body);
  CHECK(inner.reds.size() == 1);
}

TEST_CASE("internalise: argmax reduces two arrays with a 4-parameter operator") {
  ir::Prog p = optimised(
      "entry argmax [n] (xs: [n]i32) : (i32, i64) =\n"
      "  reduce (\\(a,i) (b,j) -> if a > b || (a == b && i < j) then (a,i) else (b,j))\n"
      "         (i32.lowest, -1) (zip xs (iota n))");
  const ir::FunDef& f = p.funs[0];
  const ir::Screma& s = onlyScrema(f.body);
  REQUIRE(s.reds.size() == 1);
  CHECK(s.reds[0].op.params.size() == 4);
  CHECK(s.reds[0].op.retTypes.size() == 2);
  REQUIRE(s.reds[0].neutral.size() == 2);
  CHECK(s.reds[0].neutral[0].str() == "-2147483648i32");
  CHECK(s.reds[0].neutral[1].str() == "-1i64");
  CHECK(s.inputs.size() == 2);
  CHECK(f.retTypes.size() == 2);
  CHECK(f.entryResults.size() == 2);
}

TEST_CASE("internalise: indexing is bounds checked, except under #[unsafe]") {
  auto checkedProg = optimised("entry f (xs: []i32) (i: i64) : i32 = xs[i]");
  CHECK(ir::countConstructs(checkedProg)["Assert"] == 1);
  std::string text = ir::printProg(checkedProg);
  CHECK(text.find("index out of bounds at test.fut:1:") != std::string::npos);
  auto unsafeProg = optimised("entry f (xs: []i32) (i: i64) : i32 = #[unsafe] xs[i]");
  CHECK(ir::countConstructs(unsafeProg)["Assert"] == 0);
}

TEST_CASE("internalise: integer division is checked for zero, float division is not") {
  auto divProg = optimised("entry f (a: i32) (b: i32) : (i32, i32) = (a / b, a % 2)");
  CHECK(ir::countConstructs(divProg)["Assert"] == 1);
  CHECK(ir::printProg(divProg).find("division by zero at test.fut:1:") != std::string::npos);
  auto floatProg = optimised("entry f (a: f32) (b: f32) : f32 = a / b");
  CHECK(ir::countConstructs(floatProg)["Assert"] == 0);
}

TEST_CASE("internalise: size coercions and slice updates assert their sizes") {
  auto coerced = optimised("entry f (xs: []i32) : [3]i32 = xs :> [3]i32");
  CHECK(ir::countConstructs(coerced)["Assert"] == 1);
  CHECK(ir::printProg(coerced).find("size mismatch: expected size 3") != std::string::npos);
  auto updated = optimised("entry f (xs: *[]i32) (ys: []i32) : []i32 = xs with [0:2] = ys");
  CHECK(ir::printProg(updated).find("size mismatch") != std::string::npos);
}

TEST_CASE("internalise: let-bound names and loops keep source names") {
  ir::Prog p = optimised(
      "entry f (n: i64) : i64 = let acc = loop acc = 0 for i < n do acc + i in acc * 2");
  std::string text = ir::printProg(p);
  CHECK(text.find("acc_") != std::string::npos);
  CHECK(ir::countConstructs(p)["Loop"] == 1);
}

TEST_CASE("internalise: unsupported constructs are diagnosed, not crashed on") {
  // Arrays of tuples in the payload of a constructor have no sum-type layout yet.
  auto in = internaliseText("type t = #a [3](i32, bool) | #b\n"
                            "entry f (xs: [3]i32) : i32 =\n"
                            "  match (#a (zip xs (map (> 0) xs)) : t) case #a ys -> ys[0].0 "
                            "case #b -> 0");
  CHECK(in->diags.hasErrors());
  CHECK(in->diags.render().find("a sum type with a payload of type `[3](i32, bool)` is not "
                                "supported yet") != std::string::npos);
  CHECK(in->prog.funs.empty());
  // Arrays of primitive values in payloads are laid out (Note [Sum types]), but the C API
  // has no view of them yet: an entry point returning one is reported, at the entry point.
  auto ret = internaliseText("type~ t = #a ([]i32) | #b\n"
                             "entry f (n: i64) : t = if n > 0 then #a (replicate n 1) else #b");
  INFO(ret->diags.render());
  CHECK(ret->diags.render().find("2:1: error: an entry point taking or returning a sum type with "
                                 "an array in a payload is not supported yet") !=
        std::string::npos);
  auto inside = internaliseText("type~ t = #a ([]i32) | #b\n"
                                "entry f (n: i64) : i32 =\n"
                                "  match (if n > 0 then #a (replicate n 2) else #b : t)\n"
                                "  case #a xs -> i32.sum xs case #b -> 0");
  CHECK_FALSE(inside->diags.hasErrors());
  CHECK_FALSE(inside->prog.funs.empty());
}

TEST_CASE("internalise: f16 programs compile, with constants rounded to binary16") {
  // Compiled code computes f16 in f32 and rounds every result (backend/Half.h).
  for (const char* src : {"entry f (x: f16) (y: i32) : i32 = y + 1",
                          "entry f (y: u16) : bool =\n  let x = f16.from_bits y in f16.isnan x"}) {
    auto f16 = internaliseText(src);
    CHECK_FALSE(f16->diags.hasErrors());
    CHECK_FALSE(f16->prog.funs.empty());
  }
  // 0.1f16 is 0x2e66 = 0.0999755859375 (printed at f32 precision), and folding rounds to f16:
  // (1 + 0.0001) - 1 is 0, not 0.0001.
  std::string text = ir::printProg(optimised("entry f (x: f16) : f16 = x * 0.1"));
  CHECK(text.find("0.099975586f16") != std::string::npos);
  std::string folded = ir::printProg(optimised("entry f (x: f16) : f16 = x + ((1 + 0.0001) - 1)"));
  CHECK(folded.find("0.0001") == std::string::npos);
}

TEST_CASE("internalise: a neutral element of known size meets rows of unknown size") {
  // Once an internal error (operator parameter types disagreed); now a run-time size check
  // that reshapes the neutral element to the rows' shape.
  // A lambda's `[]` is inferred (here: left unknown), unlike a named function's parameter.
  auto p = optimised("entry f (mat: [][]i32) : []i32 =\n"
                     "  (\\(m: [][]i32) -> reduce (map2 (+)) (replicate 3 0) m) mat");
  std::string text = ir::printProg(p);
  CHECK(text.find("size mismatch: expected the neutral element to have the size of the "
                  "array's rows at test.fut:2:") != std::string::npos);
  CHECK(ir::countConstructs(p)["Assert"] >= 1);
}
