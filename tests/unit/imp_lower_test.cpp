// imp/: lowering hand-built memory-annotated core IR (a SegMap, SegReds, an unsupported
// SegScan) and checking the structure of the imperative IR. Values are checked end to end
// by the program tests; here we check kernels, names, barriers, loops and host code.
#include "imp/LowerToImp.h"
#include "imp/Dump.h"
#include "imp/Names.h"
#include "ir/MemInfo.h"
#include "support/Diagnostics.h"

#include <doctest/doctest.h>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <functional>

using namespace fjord;
using ir::BinOpKind;

namespace {

// --- building mem-IR by hand (no IR parser yet) ---------------------------------------

struct Builder {
  ir::NameSource names{100};
  SourceFileRef file = std::make_shared<SourceFile>(SourceFile{
      "prog.fut", "entry scale (xs: []f32) = map (*2) xs\n"
                  "entry sum (xs: []f32) = reduce (+) 0 xs\n"});

  ir::VName fresh(const std::string& n) { return names.fresh(n); }
  ir::Provenance prov(int line, std::string what) {
    SourceSpan s;
    s.file = file;
    s.line = line;
    s.col = 1;
    return {s, std::move(what)};
  }
  static symbolic::Expr sym(const ir::VName& v) { return symbolic::Expr::var(v.str()); }
  ir::Param scalar(const ir::VName& v, PrimType t) { return ir::Param{v, ir::Type::prim(t), nullptr}; }
  /// A 1-D array `v : [n]t` at `block -> 0 + {(n : 1)}`.
  ir::Param array1(const ir::VName& v, const ir::VName& n, PrimType t, const ir::VName& block) {
    auto m = std::make_shared<ir::MemInfo>(
        ir::MemInfo{block, symbolic::Lmad::rowMajor(0, {sym(n)})});
    return ir::Param{v, ir::Type::array(t, {ir::SubExp(n)}), m};
  }
  ir::Stm basic(std::vector<ir::PatElem> pat, ir::BasicOp op) {
    return ir::Stm{std::move(pat), ir::Exp(std::move(op)), prov(1, "")};
  }
  ir::BasicOp binop(BinOpKind k, PrimType t, ir::SubExp a, ir::SubExp b) {
    ir::BasicOp op;
    op.kind = ir::BasicOp::Kind::BinOp;
    op.binOp = k;
    op.type = t;
    op.args = {std::move(a), std::move(b)};
    return op;
  }
  ir::BasicOp index(const ir::VName& arr, const ir::VName& i) {
    ir::BasicOp op;
    op.kind = ir::BasicOp::Kind::Index;
    op.arr = arr;
    op.slice = {ir::DimIndex{true, ir::SubExp(i), {}, {}, {}}};
    return op;
  }
  /// `let block = alloc(n * bytes)`, preceded by the multiplication.
  void alloc(std::vector<ir::Stm>& stms, const ir::VName& block, const ir::VName& n, int bytes) {
    ir::VName sz = fresh("bytes");
    stms.push_back(basic({scalar(sz, PrimType::I64)},
                         binop(BinOpKind::Mul, PrimType::I64, n, ir::PrimValue::int64(bytes))));
    ir::Param pe{block, ir::Type::mem(ir::MemSpace::Device), nullptr};
    stms.push_back(ir::Stm{{pe}, ir::Exp(ir::Op(ir::Alloc{sz, ir::MemSpace::Device})), prov(1, "")});
  }
  /// `(+)` (or `op`) on f32 as a RedOp.
  ir::RedOp redOp(BinOpKind k, bool commutative) {
    ir::VName a = fresh("a"), b = fresh("b"), c = fresh("c");
    ir::Lambda lam;
    lam.params = {scalar(a, PrimType::F32), scalar(b, PrimType::F32)};
    lam.body.stms.push_back(basic({scalar(c, PrimType::F32)}, binop(k, PrimType::F32, a, b)));
    lam.body.result = {c};
    lam.retTypes = {ir::Type::prim(PrimType::F32)};
    return ir::RedOp{commutative, lam, {ir::PrimValue::floating(PrimType::F32, 0)}};
  }
};

/// `entry scale (n) (xs: [n]f32) = map (*2) xs` as mem-IR, following mem/'s contract: the
/// block of each array parameter and result comes right before it.
ir::Prog scaleProg(Builder& B) {
  ir::VName n = B.fresh("n"), xs = B.fresh("xs"), xsMem = B.fresh("xs_mem");
  ir::VName ysMem = B.fresh("mem"), ys = B.fresh("ys"), gtid = B.fresh("gtid"),
            flat = B.fresh("flat"), x = B.fresh("x"), y = B.fresh("y");
  ir::FunDef f;
  f.name = "scale";
  f.entry = true;
  f.params = {B.scalar(n, PrimType::I64),
              ir::Param{xsMem, ir::Type::mem(ir::MemSpace::Device), nullptr},
              B.array1(xs, n, PrimType::F32, xsMem)};
  f.retTypes = {ir::Type::mem(ir::MemSpace::Device),
                ir::Type::array(PrimType::F32, {ir::SubExp(n)})};
  f.entryParams = {ir::EntryValue{"xs", PrimType::F32, 1, false}};
  f.entryResults = {ir::EntryValue{"result_0", PrimType::F32, 1, false}};
  B.alloc(f.body.stms, ysMem, n, 4);
  ir::SegOp seg;
  seg.kind = ir::SegOp::Kind::Map;
  seg.space = ir::SegSpace{flat, {{gtid, ir::SubExp(n)}}};
  seg.types = {ir::Type::prim(PrimType::F32)};
  seg.body.stms.push_back(B.basic({B.scalar(x, PrimType::F32)}, B.index(xs, gtid)));
  seg.body.stms.push_back(B.basic({B.scalar(y, PrimType::F32)},
                                  B.binop(BinOpKind::Mul, PrimType::F32, x,
                                          ir::PrimValue::floating(PrimType::F32, 2))));
  seg.body.result = {y};
  f.body.stms.push_back(ir::Stm{{B.array1(ys, n, PrimType::F32, ysMem)},
                                ir::Exp(ir::Op(seg)), B.prov(1, "map")});
  f.body.result = {ysMem, ys};
  ir::Prog p;
  p.funs.push_back(std::move(f));
  return p;
}

/// `entry sum (n) (xs: [n]f32) = reduce op 0 xs` (one SegRed) as mem-IR.
ir::Prog sumProg(Builder& B, bool commutative, ir::SegOp::Kind kind = ir::SegOp::Kind::Red) {
  ir::VName n = B.fresh("n"), xs = B.fresh("xs"), xsMem = B.fresh("xs_mem");
  ir::VName gtid = B.fresh("gtid"), flat = B.fresh("flat"), x = B.fresh("x"),
            r = B.fresh("r");
  ir::FunDef f;
  f.name = "sum";
  f.entry = true;
  f.params = {B.scalar(n, PrimType::I64), B.array1(xs, n, PrimType::F32, xsMem)};
  f.retTypes = {ir::Type::prim(PrimType::F32)};
  ir::SegOp seg;
  seg.kind = kind;
  seg.space = ir::SegSpace{flat, {{gtid, ir::SubExp(n)}}};
  seg.ops = {B.redOp(BinOpKind::Add, commutative)};
  seg.types = {ir::Type::prim(PrimType::F32)};
  seg.body.stms.push_back(B.basic({B.scalar(x, PrimType::F32)}, B.index(xs, gtid)));
  seg.body.result = {x};
  f.body.stms.push_back(ir::Stm{{B.scalar(r, PrimType::F32)}, ir::Exp(ir::Op(seg)),
                                B.prov(2, "reduce")});
  f.body.result = {r};
  ir::Prog p;
  p.funs.push_back(std::move(f));
  return p;
}

// --- inspecting Imp -----------------------------------------------------------------

void walk(const imp::Block& b, const std::function<void(const imp::Stm&)>& f) {
  for (const imp::Stm& s : b) {
    f(s);
    walk(s.body, f);
    walk(s.elseBody, f);
  }
}

int count(const imp::Block& b, imp::Stm::Kind k) {
  int n = 0;
  walk(b, [&](const imp::Stm& s) { n += s.kind == k; });
  return n;
}

const imp::Kernel* kernel(const imp::Program& p, const std::string& name) {
  for (const imp::Kernel& k : p.kernels)
    if (k.name == name)
      return &k;
  return nullptr;
}

bool hasTuning(const imp::Program& p, const std::string& name) {
  for (const imp::TuningParam& t : p.tuning)
    if (t.name == name)
      return true;
  return false;
}

bool docMentions(const imp::Kernel& k, const std::string& text) {
  for (const std::string& line : k.doc)
    if (line.find(text) != std::string::npos)
      return true;
  return false;
}

} // namespace

TEST_CASE("imp: names are sanitized, unique per scope and source-derived") {
  imp::detail::NameScope s;
  CHECK(s.fresh("x") == "x");
  CHECK(s.fresh("x") == "x_1");
  CHECK(s.fresh("x_1") == "x_1_1");
  CHECK(s.fresh("int") == "int_");
  CHECK(s.fresh("x'") == "x_");
  CHECK(s.fresh("1st") == "v1st");
  // C++ alternative operators, OpenCL and CUDA builtins are reserved too.
  CHECK(s.fresh("not") == "not_");
  CHECK(s.fresh("xor") == "xor_");
  CHECK(s.fresh("popcount") == "popcount_");
  CHECK(s.fresh("threadIdx") == "threadIdx_");
  CHECK(s.fresh("float4") == "float4_");
  CHECK(imp::detail::kernelBaseName("scale", "map", "map") == "scale_map");
  CHECK(imp::detail::kernelBaseName("main", "rows", "map") == "main_rows_map");
  CHECK(imp::detail::kernelBaseName("sum", "", "reduce") == "sum_reduce");
  CHECK(imp::detail::kernelBaseName("dot", "length", "map") == "dot_length_map");
}

TEST_CASE("imp: a SegMap becomes one guarded kernel and an entry function") {
  Builder B;
  DiagnosticEngine diags;
  imp::Program p = imp::lowerToImp(scaleProg(B), "prog.fut", diags);
  REQUIRE_FALSE(diags.hasErrors());
  REQUIRE(p.functions.size() == 1);
  REQUIRE(p.kernels.size() == 1);
  const imp::Kernel& k = p.kernels[0];
  CHECK(k.name == "scale_map");
  CHECK(hasTuning(p, "scale_map.block_size"));
  // Guard on the flat thread id, a Load and a Store.
  REQUIRE(k.body.size() >= 2);
  CHECK(k.body[0].kind == imp::Stm::Kind::DeclareScalar);
  CHECK(k.body[1].kind == imp::Stm::Kind::If);
  CHECK(count(k.body, imp::Stm::Kind::Store) == 1);
  // Parameters: captured on use, source-named, no VName tags.
  std::vector<std::string> params;
  for (const imp::Param& q : k.params)
    params.push_back(q.name);
  INFO(fmt::format("{}", fmt::join(params, ",")));
  // (ys is built in place in the entry's out-parameter, so its block is `result_0_mem`.)
  CHECK(params == std::vector<std::string>{"total", "xs_mem", "result_0_mem"});
  CHECK_FALSE(k.params[1].written);
  CHECK(k.params[2].written);
  // Doc: location, the source line, what, LMADs.
  REQUIRE(k.doc.size() >= 4);
  CHECK(k.doc[0] == "prog.fut:1");
  CHECK(k.doc[1] == "  entry scale (xs: []f32) = map (*2) xs");
  CHECK(docMentions(k, "map over [n], one thread per point"));
  CHECK(docMentions(k, "reads  xs @xs_mem -> "));
  CHECK(docMentions(k, "writes ys @result_0_mem -> 0 + {(n : 1)}"));

  const imp::Function& f = p.functions[0];
  CHECK(f.name == "scale");
  CHECK(f.entry);
  REQUIRE(f.params.size() == 2);
  CHECK(f.params[0].kind == imp::Param::Kind::Scalar);
  CHECK(f.params[0].name == "n");
  CHECK(f.params[1].kind == imp::Param::Kind::Mem);
  CHECK(f.params[1].name == "xs_mem");
  REQUIRE(f.results.size() == 2);
  CHECK(f.results[0].name == "result_0_dim0");
  CHECK(f.results[1].kind == imp::Param::Kind::Mem);
  CHECK(f.results[1].name == "result_0_mem");
  // The result is built in place in its out-parameter: allocated, never freed.
  CHECK(f.body[1].kind == imp::Stm::Kind::Alloc);
  CHECK(f.body[1].name == "result_0_mem");
  CHECK(count(f.body, imp::Stm::Kind::Free) == 0);
  CHECK(count(f.body, imp::Stm::Kind::Launch) == 1);
}

TEST_CASE("imp: lowering is deterministic") {
  Builder B1, B2;
  DiagnosticEngine d1, d2;
  imp::Program a = imp::lowerToImp(sumProg(B1, false), "prog.fut", d1);
  imp::Program b = imp::lowerToImp(sumProg(B2, false), "prog.fut", d2);
  REQUIRE(a.kernels.size() == b.kernels.size());
  for (size_t i = 0; i < a.kernels.size(); ++i) {
    CHECK(a.kernels[i].name == b.kernels[i].name);
    CHECK(a.kernels[i].doc == b.kernels[i].doc);
  }
}

TEST_CASE("imp: a SegRed becomes a two-stage, order-preserving reduction") {
  Builder B;
  DiagnosticEngine diags;
  imp::Program p = imp::lowerToImp(sumProg(B, /*commutative=*/false), "prog.fut", diags);
  REQUIRE_FALSE(diags.hasErrors());
  REQUIRE(p.kernels.size() == 2);
  const imp::Kernel* s1 = kernel(p, "sum_reduce_stage1");
  const imp::Kernel* s2 = kernel(p, "sum_reduce_stage2");
  REQUIRE(s1);
  REQUIRE(s2);
  CHECK(hasTuning(p, "sum_reduce.block_size"));
  CHECK(hasTuning(p, "sum_reduce.num_blocks"));
  for (const imp::Kernel* k : {s1, s2}) {
    // A shared array per operand, declared first; barriers in the tree.
    REQUIRE_FALSE(k->body.empty());
    CHECK(k->body[0].kind == imp::Stm::Kind::DeclareArray);
    CHECK(k->body[0].space == ir::MemSpace::Shared);
    CHECK(count(k->body, imp::Stm::Kind::Barrier) >= 2);
    CHECK(count(k->body, imp::Stm::Kind::While) == 1); // the tree
    int chunkLoops = 0;
    walk(k->body, [&](const imp::Stm& s) {
      chunkLoops += s.kind == imp::Stm::Kind::For && s.name == "chunk_i";
    });
    CHECK(chunkLoops == 1); // contiguous chunk per thread, in order
  }
  CHECK(docMentions(*s1, "reduction with (+) over xs, stage 1 of 2"));
  CHECK(docMentions(*s2, "stage 2 of 2"));

  // Host: n == 0 takes the neutral element, else two launches and a read back.
  const imp::Function& f = p.functions[0];
  const imp::Stm* branch = nullptr;
  walk(f.body, [&](const imp::Stm& s) {
    if (s.kind == imp::Stm::Kind::If && !branch)
      branch = &s;
  });
  REQUIRE(branch);
  REQUIRE(branch->body.size() == 1);
  CHECK(branch->body[0].kind == imp::Stm::Kind::Assign);
  CHECK(branch->body[0].args[0]->kind == imp::Exp::Kind::Const);
  CHECK(count(branch->elseBody, imp::Stm::Kind::Launch) == 2);
  CHECK(count(branch->elseBody, imp::Stm::Kind::ReadScalar) == 1);
  CHECK(count(branch->elseBody, imp::Stm::Kind::Alloc) == count(branch->elseBody, imp::Stm::Kind::Free));
  int stage2Blocks = -1;
  walk(f.body, [&](const imp::Stm& s) {
    if (s.kind == imp::Stm::Kind::Launch && s.name == "sum_reduce_stage2" &&
        s.args[0]->kind == imp::Exp::Kind::Const)
      stage2Blocks = static_cast<int>(s.args[0]->value.i);
  });
  CHECK(stage2Blocks == 1);
  REQUIRE(f.results.size() == 1);
  CHECK(f.results[0].kind == imp::Param::Kind::Scalar);
  CHECK(f.results[0].type == PrimType::F32);
}

TEST_CASE("imp: a commutative SegRed strides through the input") {
  Builder B;
  DiagnosticEngine diags;
  imp::Program p = imp::lowerToImp(sumProg(B, /*commutative=*/true), "prog.fut", diags);
  REQUIRE_FALSE(diags.hasErrors());
  const imp::Kernel* s1 = kernel(p, "sum_reduce_stage1");
  REQUIRE(s1);
  CHECK(count(s1->body, imp::Stm::Kind::While) == 2); // stride loop + tree
}

TEST_CASE("imp: the lowered examples dump as text") {
  Builder B;
  DiagnosticEngine diags;
  imp::Program a = imp::lowerToImp(scaleProg(B), "prog.fut", diags);
  imp::Program b = imp::lowerToImp(sumProg(B, false), "prog.fut", diags);
  std::string text = imp::dump(a) + imp::dump(b);
  INFO(text);
  CHECK_FALSE(diags.hasErrors());
  CHECK(text.find("kernel scale_map(") != std::string::npos);
  CHECK(text.find("launch sum_reduce_stage2<<<1i64, block_size>>>") != std::string::npos);
}

namespace {

/// `entry rowsums (n) (m) (xss: [n][m]f32) = map (\row -> reduce (+) 0 row) xss`: a SegMap
/// whose body indexes a row (a view) and reduces it with a nested Screma.
ir::Prog rowsumsProg(Builder& B) {
  ir::VName n = B.fresh("n"), m = B.fresh("m"), xss = B.fresh("xss"), xssMem = B.fresh("xss_mem");
  ir::VName outMem = B.fresh("mem"), sums = B.fresh("sums"), i = B.fresh("i"),
            flat = B.fresh("flat"), row = B.fresh("row"), s = B.fresh("s"), x = B.fresh("x");
  symbolic::Lmad xssL = symbolic::Lmad::rowMajor(0, {Builder::sym(n), Builder::sym(m)});
  ir::FunDef f;
  f.name = "rowsums";
  f.entry = true;
  f.params = {B.scalar(n, PrimType::I64), B.scalar(m, PrimType::I64),
              ir::Param{xss, ir::Type::array(PrimType::F32, {ir::SubExp(n), ir::SubExp(m)}),
                        std::make_shared<ir::MemInfo>(ir::MemInfo{xssMem, xssL})}};
  B.alloc(f.body.stms, outMem, n, 4);
  ir::SegOp seg;
  seg.kind = ir::SegOp::Kind::Map;
  seg.space = ir::SegSpace{flat, {{i, ir::SubExp(n)}}};
  seg.types = {ir::Type::prim(PrimType::F32)};
  ir::BasicOp idx;
  idx.kind = ir::BasicOp::Kind::Index;
  idx.arr = xss;
  idx.slice = {ir::DimIndex{true, ir::SubExp(i), {}, {}, {}},
               ir::DimIndex{false, {}, ir::PrimValue::int64(0), ir::SubExp(m), ir::PrimValue::int64(1)}};
  ir::Param rowP{row, ir::Type::array(PrimType::F32, {ir::SubExp(m)}),
                 std::make_shared<ir::MemInfo>(ir::MemInfo{xssMem, xssL.fix(Builder::sym(i))})};
  seg.body.stms.push_back(B.basic({rowP}, idx));
  ir::Screma red;
  red.width = m;
  red.inputs = {row};
  red.map.params = {B.scalar(x, PrimType::F32)};
  red.map.body.result = {x};
  red.map.retTypes = {ir::Type::prim(PrimType::F32)};
  red.reds = {B.redOp(BinOpKind::Add, true)};
  seg.body.stms.push_back(ir::Stm{{B.scalar(s, PrimType::F32)},
                                  ir::Exp(ir::Op(ir::Soac(red))), B.prov(1, "reduce")});
  seg.body.result = {s};
  f.body.stms.push_back(ir::Stm{{B.array1(sums, n, PrimType::F32, outMem)}, ir::Exp(ir::Op(seg)),
                                B.prov(1, "rows")});
  f.body.result = {sums};
  ir::Prog p;
  p.funs.push_back(std::move(f));
  return p;
}

} // namespace

TEST_CASE("imp: a reduction nested in a SegMap is a sequential loop in the thread") {
  Builder B;
  DiagnosticEngine diags;
  imp::Program p = imp::lowerToImp(rowsumsProg(B), "prog.fut", diags);
  INFO(diags.render());
  REQUIRE_FALSE(diags.hasErrors());
  REQUIRE(p.kernels.size() == 1);
  const imp::Kernel& k = p.kernels[0];
  CHECK(k.name == "rowsums_rows_map");
  CHECK(count(k.body, imp::Stm::Kind::For) == 1);
  CHECK(count(k.body, imp::Stm::Kind::Barrier) == 0);
  CHECK(docMentions(k, "reads  row @xss_mem -> i * m + {(m : 1)}"));
  INFO(imp::dump(p));
}

TEST_CASE("imp: a segmented SegRed runs one thread per segment") {
  Builder B;
  ir::VName n = B.fresh("n"), m = B.fresh("m"), xss = B.fresh("xss"), xssMem = B.fresh("xss_mem");
  ir::VName outMem = B.fresh("mem"), sums = B.fresh("sums"), i = B.fresh("i"), j = B.fresh("j"),
            flat = B.fresh("flat"), x = B.fresh("x");
  symbolic::Lmad xssL = symbolic::Lmad::rowMajor(0, {Builder::sym(n), Builder::sym(m)});
  ir::FunDef f;
  f.name = "rowsums";
  f.entry = true;
  f.params = {B.scalar(n, PrimType::I64), B.scalar(m, PrimType::I64),
              ir::Param{xss, ir::Type::array(PrimType::F32, {ir::SubExp(n), ir::SubExp(m)}),
                        std::make_shared<ir::MemInfo>(ir::MemInfo{xssMem, xssL})}};
  B.alloc(f.body.stms, outMem, n, 4);
  ir::SegOp seg;
  seg.kind = ir::SegOp::Kind::Red;
  seg.space = ir::SegSpace{flat, {{i, ir::SubExp(n)}, {j, ir::SubExp(m)}}};
  seg.ops = {B.redOp(BinOpKind::Add, false)};
  seg.types = {ir::Type::prim(PrimType::F32)};
  ir::BasicOp idx;
  idx.kind = ir::BasicOp::Kind::Index;
  idx.arr = xss;
  idx.slice = {ir::DimIndex{true, ir::SubExp(i), {}, {}, {}},
               ir::DimIndex{true, ir::SubExp(j), {}, {}, {}}};
  seg.body.stms.push_back(B.basic({B.scalar(x, PrimType::F32)}, idx));
  seg.body.result = {x};
  f.body.stms.push_back(ir::Stm{{B.array1(sums, n, PrimType::F32, outMem)}, ir::Exp(ir::Op(seg)),
                                B.prov(1, "reduce")});
  f.body.result = {sums};
  ir::Prog p;
  p.funs.push_back(std::move(f));

  DiagnosticEngine diags;
  imp::Program out = imp::lowerToImp(p, "prog.fut", diags);
  INFO(diags.render());
  REQUIRE_FALSE(diags.hasErrors());
  REQUIRE(out.kernels.size() == 1);
  const imp::Kernel& k = out.kernels[0];
  INFO(imp::dump(out));
  CHECK(k.name == "rowsums_reduce");
  CHECK(count(k.body, imp::Stm::Kind::For) == 1);
  CHECK(count(k.body, imp::Stm::Kind::Barrier) == 0);
  CHECK(count(k.body, imp::Stm::Kind::Store) == 1);
  CHECK(docMentions(k, "segmented reduction with (+) over xss, one thread per segment"));
}
