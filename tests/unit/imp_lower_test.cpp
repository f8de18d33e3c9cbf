// imp/: lowering memory-annotated core IR stated as text (ir/Parse.h: a SegMap, SegReds, a
// nested reduction) and checking the structure of the imperative IR. Values are checked end
// to end by the program tests; here we check kernels, names, barriers, loops and host code.
#include "imp/LowerToImp.h"
#include "imp/Print.h"
#include "imp/Verify.h"
#include "imp/Names.h"
#include "ir/Parse.h"
#include "ir/Traverse.h"
#include "support/Diagnostics.h"

#include <doctest/doctest.h>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <functional>

using namespace fjord;

namespace {

// --- mem-IR as text -----------------------------------------------------------------

const char* const kSourceText = "entry scale (xs: []f32) = map (*2) xs\n"
                                "entry sum (xs: []f32) = reduce (+) 0 xs\n";

/// Points every provenance span at prog.fut's text, which kernel docs quote.
struct WithSourceText : ir::Mutator {
  SourceFileRef file = std::make_shared<SourceFile>(SourceFile{"prog.fut", kSourceText, ""});
  ir::Stm stm(const ir::Stm& s) override {
    ir::Stm out = ir::Mutator::stm(s);
    if (out.prov.span.known())
      out.prov.span.file = file;
    return out;
  }
};

/// The mem-IR program in `text` (ir/Parse.h), its spans in prog.fut.
ir::Prog memProg(const std::string& text) {
  DiagnosticEngine diags;
  auto p = ir::parseProg(text, diags, "prog.ir");
  REQUIRE_MESSAGE(p.has_value(), diags.render());
  WithSourceText m;
  for (ir::FunDef& f : p->funs)
    f = m.funDef(f);
  return std::move(*p);
}

/// `entry scale (n) (xs: [n]f32) = map (*2) xs`, following mem/'s contract: the block of
/// each array parameter and result comes right before it.
ir::Prog scaleProg() {
  return memProg(R"(#[entry(xs: []f32) -> (result_0: []f32)]
entry scale(n_100 : i64, xs_mem_102 : mem@device, xs_101 : [n_100]f32 @xs_mem_102 -> 0 + {(n_100 : 1)}) : {mem@device, [n_100]f32} = {
  let {bytes_109 : i64} = mul.i64 n_100 4i64
  let {mem_103 : mem@device} = alloc(bytes_109, device)
  #[prov "map" prog.fut:1:1-0:0]
  let {ys_104 : [n_100]f32 @mem_103 -> 0 + {(n_100 : 1)}} = segmap(flat_106; gtid_105 < n_100)
    : {f32} {
      let {x_107 : f32} = xs_101[gtid_105]
      let {y_108 : f32} = mul.f32 x_107 2f32
      in {y_108}
    }
  in {mem_103, ys_104}
}
)");
}

/// `entry sum (n) (xs: [n]f32) = reduce (+) 0 xs` (one SegRed) as mem-IR.
ir::Prog sumProg(bool commutative) {
  return memProg(std::string() + R"(entry sum(n_100 : i64, xs_101 : [n_100]f32 @xs_mem_102 -> 0 + {(n_100 : 1)}) : {f32} = {
  #[prov "reduce" prog.fut:2:1-0:0]
  let {r_106 : f32} = segred(flat_104; gtid_103 < n_100)
    ops {
      ()" + (commutative ? "commutative " : "") + R"(\(a_107 : f32, b_108 : f32) : {f32} -> {
        let {c_109 : f32} = add.f32 a_107 b_108
        in {c_109}
      }, {0f32})
    }
    : {f32} {
      let {x_105 : f32} = xs_101[gtid_103]
      in {x_105}
    }
  in {r_106}
}
)");
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

TEST_CASE("imp: a SegMap over contiguous arrays becomes one guarded kernel of four points per "
          "thread, and an entry function") {
  DiagnosticEngine diags;
  imp::Program p = imp::lowerToImp(scaleProg(), "prog.fut", diags);
  REQUIRE_FALSE(diags.hasErrors());
  REQUIRE(p.functions.size() == 1);
  REQUIRE(p.kernels.size() == 1);
  const imp::Kernel& k = p.kernels[0];
  CHECK(k.name == "scale_map");
  CHECK(hasTuning(p, "scale_map.block_size"));
  // Private lane arrays, then a guard on the thread's group of four points; one vector
  // load of xs and one vector store of ys (element by element for a partial last group).
  REQUIRE(k.body.size() >= 4);
  CHECK(k.body[0].kind == imp::Stm::Kind::DeclareArray);
  CHECK(k.body[0].space == ir::MemSpace::Device);
  CHECK(k.body.back().kind == imp::Stm::Kind::If);
  CHECK(count(k.body, imp::Stm::Kind::LoadLanes) == 1);
  CHECK(count(k.body, imp::Stm::Kind::StoreLanes) == 1);
  walk(k.body, [&](const imp::Stm& s) {
    if (s.kind == imp::Stm::Kind::LoadLanes || s.kind == imp::Stm::Kind::StoreLanes)
      CHECK(imp::printStm(s).find(s.kind == imp::Stm::Kind::LoadLanes
                                      ? "load_lanes.f32 x_lanes[0i64] <- xs_mem[g] below n;"
                                      : "store_lanes.f32 result_0_mem[g] <- ys_lanes below n;") ==
            0);
  });
  // Parameters: captured on use, source-named, no VName tags.
  std::vector<std::string> params;
  for (const imp::Param& q : k.params)
    params.push_back(q.name);
  INFO(fmt::format("{}", fmt::join(params, ",")));
  // (ys is built in place in the entry's out-parameter, so its block is `result_0_mem`.)
  CHECK(params == std::vector<std::string>{"result_0_mem", "n", "xs_mem", "groups"});
  CHECK(k.params[0].written);
  CHECK_FALSE(k.params[2].written);
  // Doc: location with the source line, what, LMADs.
  REQUIRE(k.doc.size() >= 4);
  CHECK(k.doc[0] == "prog.fut:1: entry scale (xs: []f32) = map (*2) xs");
  CHECK(k.doc[1] == "map over [n], four consecutive points per thread");
  CHECK(docMentions(k, "map over [n], four consecutive points per thread"));
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
  DiagnosticEngine d1, d2;
  imp::Program a = imp::lowerToImp(sumProg(false), "prog.fut", d1);
  imp::Program b = imp::lowerToImp(sumProg(false), "prog.fut", d2);
  REQUIRE(a.kernels.size() == b.kernels.size());
  for (size_t i = 0; i < a.kernels.size(); ++i) {
    CHECK(a.kernels[i].name == b.kernels[i].name);
    CHECK(a.kernels[i].doc == b.kernels[i].doc);
  }
}

TEST_CASE("imp: a SegRed becomes a two-stage, order-preserving reduction") {
  DiagnosticEngine diags;
  imp::Program p = imp::lowerToImp(sumProg(/*commutative=*/false), "prog.fut", diags);
  REQUIRE_FALSE(diags.hasErrors());
  REQUIRE(p.kernels.size() == 2);
  const imp::Kernel* s1 = kernel(p, "sum_reduce_stage1");
  const imp::Kernel* s2 = kernel(p, "sum_reduce_stage2");
  REQUIRE(s1);
  REQUIRE(s2);
  CHECK(hasTuning(p, "sum_reduce.block_size"));
  CHECK(hasTuning(p, "sum_reduce.num_blocks"));
  for (const imp::Kernel* k : {s1, s2}) {
    // A shared array per operand, declared first, through which the group reduction goes.
    REQUIRE_FALSE(k->body.empty());
    CHECK(k->body[0].kind == imp::Stm::Kind::DeclareArray);
    CHECK(k->body[0].space == ir::MemSpace::Shared);
    // The group reduction (warp shuffles on CUDA, a tree in shared memory on OpenCL) is one
    // GroupReduce whose operator is the expression `acc + above`.
    CHECK(count(k->body, imp::Stm::Kind::GroupReduce) == 1);
    CHECK(count(k->body, imp::Stm::Kind::While) == 0);
    walk(k->body, [&](const imp::Stm& s) {
      if (s.kind != imp::Stm::Kind::GroupReduce)
        return;
      CHECK(s.src == k->body[0].name);
      CHECK(imp::printExp(*s.args.at(3)) == "(" + s.name + " + " + s.text + ")");
      CHECK(imp::printExp(*s.args.at(2)) == "0.0f32");
    });
    int chunkLoops = 0;
    walk(k->body, [&](const imp::Stm& s) {
      chunkLoops += s.kind == imp::Stm::Kind::For && s.name == "chunk_i";
    });
    CHECK(chunkLoops == 1); // contiguous chunk per thread, in order
  }
  CHECK(docMentions(*s1, "reduction with (+) over xs, stage 1 of 2"));
  CHECK(docMentions(*s2, "stage 2 of 2"));

  // Host: no branch on n == 0 (the kernels give the neutral element), two launches, and a
  // read back of the result that stage 2 wrote over its partial 0 (no buffer of its own).
  const imp::Function& f = p.functions[0];
  CHECK(count(f.body, imp::Stm::Kind::If) == 0);
  CHECK(count(f.body, imp::Stm::Kind::Launch) == 2);
  CHECK(count(f.body, imp::Stm::Kind::Alloc) == 1);
  CHECK(count(f.body, imp::Stm::Kind::Alloc) == count(f.body, imp::Stm::Kind::Free));
  const imp::Stm *read = nullptr, *alloc = nullptr;
  walk(f.body, [&](const imp::Stm& s) {
    if (s.kind == imp::Stm::Kind::ReadScalar)
      read = &s;
    if (s.kind == imp::Stm::Kind::Alloc)
      alloc = &s;
  });
  REQUIRE(read);
  REQUIRE(alloc);
  CHECK(read->src == alloc->name);
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

TEST_CASE("imp: kernels that lower alike are printed once, the second entry launching the "
          "first's") {
  auto entry = [](const std::string& name, int base) {
    auto v = [&](const char* n, int i) { return std::string(n) + "_" + std::to_string(base + i); };
    return "entry " + name + "(" + v("n", 0) + " : i64, " + v("xs", 1) + " : [" + v("n", 0) +
           "]f32 @" + v("xs_mem", 2) + " -> 0 + {(" + v("n", 0) + " : 1)}) : {f32} = {\n" +
           "  #[prov \"reduce\" prog.fut:2:1-0:0]\n  let {" + v("r", 6) +
           " : f32} = segred(flat_" + std::to_string(base + 4) + "; " + v("gtid", 3) + " < " +
           v("n", 0) + ")\n    ops { (commutative \\(" + v("a", 7) + " : f32, " + v("b", 8) +
           " : f32) : {f32} -> {\n      let {" + v("c", 9) + " : f32} = add.f32 " + v("a", 7) +
           " " + v("b", 8) + "\n      in {" + v("c", 9) + "}\n    }, {0f32}) }\n" +
           "    : {f32} {\n      let {" + v("x", 5) + " : f32} = " + v("xs", 1) + "[" +
           v("gtid", 3) + "]\n      in {" + v("x", 5) + "}\n    }\n  in {" + v("r", 6) +
           "}\n}\n";
  };
  DiagnosticEngine diags;
  imp::Program p =
      imp::lowerToImp(memProg(entry("sum", 100) + "\n" + entry("total", 200)), "prog.fut", diags);
  INFO(diags.render());
  REQUIRE_FALSE(diags.hasErrors());
  INFO(imp::printProgram(p));
  // Both stages of `total` are those of `sum`: two kernels in all, whose docs name `total`'s.
  REQUIRE(p.kernels.size() == 2);
  CHECK(p.kernels[0].name == "sum_reduce_stage1");
  CHECK(p.kernels[1].name == "sum_reduce_stage2");
  CHECK(docMentions(p.kernels[0], "also serves prog.fut:2 (in place of total_reduce_stage1)"));
  CHECK(docMentions(p.kernels[1], "also serves prog.fut:2 (in place of total_reduce_stage2)"));
  std::vector<std::string> launched;
  for (const imp::Function& f : p.functions)
    walk(f.body, [&](const imp::Stm& s) {
      if (s.kind == imp::Stm::Kind::Launch)
        launched.push_back(f.name + ":" + s.name);
    });
  CHECK(launched == std::vector<std::string>{"sum:sum_reduce_stage1", "sum:sum_reduce_stage2",
                                             "total:sum_reduce_stage1",
                                             "total:sum_reduce_stage2"});
  imp::verify(p);
}

TEST_CASE("imp: a commutative SegRed strides through the input") {
  DiagnosticEngine diags;
  imp::Program p = imp::lowerToImp(sumProg(/*commutative=*/true), "prog.fut", diags);
  REQUIRE_FALSE(diags.hasErrors());
  const imp::Kernel* s1 = kernel(p, "sum_reduce_stage1");
  REQUIRE(s1);
  // whole steps, then the rest a vector at a time (the block's tree is one GroupReduce)
  CHECK(count(s1->body, imp::Stm::Kind::While) == 2);
  CHECK(count(s1->body, imp::Stm::Kind::GroupReduce) == 1);
  // xs lies contiguously from offset 0: vector loads, four per whole step (DeclareVector,
  // no check), one per step of the rest (LoadLanes, which checks n).
  CHECK(count(s1->body, imp::Stm::Kind::DeclareVector) == 1);
  CHECK(count(s1->body, imp::Stm::Kind::LoadLanes) == 1);
  // The whole steps check no element against n: their loop has no If.
  const imp::Stm* whole = nullptr;
  walk(s1->body, [&](const imp::Stm& s) {
    if (s.kind == imp::Stm::Kind::While && !whole)
      whole = &s;
  });
  REQUIRE(whole);
  CHECK(count(whole->body, imp::Stm::Kind::If) == 0);
  CHECK(count(whole->body, imp::Stm::Kind::DeclareVector) == 1);
  int steps = -1;
  walk(s1->body, [&](const imp::Stm& s) {
    if (s.kind == imp::Stm::Kind::For && s.name == "u")
      steps = static_cast<int>(s.args[0]->value.i);
  });
  CHECK(steps == 4);
}

TEST_CASE("imp: the lowered examples print as text") {
  DiagnosticEngine diags;
  imp::Program a = imp::lowerToImp(scaleProg(), "prog.fut", diags);
  imp::Program b = imp::lowerToImp(sumProg(false), "prog.fut", diags);
  std::string text = imp::printProgram(a) + imp::printProgram(b);
  INFO(text);
  CHECK_FALSE(diags.hasErrors());
  CHECK(text.find("kernel scale_map(") != std::string::npos);
  CHECK(text.find("launch sum_reduce_stage2<<<1i64, warp_block_size>>>") != std::string::npos);
}

namespace {

/// `entry rowsums (n) (m) (xss: [n][m]f32) = map (\row -> reduce (+) 0 row) xss`: a SegMap
/// whose body indexes a row (a view) and reduces it with a nested Screma.
ir::Prog rowsumsProg() {
  return memProg(R"(entry rowsums(n_100 : i64, m_101 : i64, xss_102 : [n_100][m_101]f32 @xss_mem_103 -> 0 + {(n_100 : m_101), (m_101 : 1)}) : {[n_100]f32} = {
  let {bytes_111 : i64} = mul.i64 n_100 4i64
  let {mem_104 : mem@device} = alloc(bytes_111, device)
  #[prov "rows" prog.fut:1:1-0:0]
  let {sums_105 : [n_100]f32 @mem_104 -> 0 + {(n_100 : 1)}} = segmap(flat_107; i_106 < n_100)
    : {f32} {
      let {row_108 : [m_101]f32 @xss_mem_103 -> i_106 * m_101 + {(m_101 : 1)}} = xss_102[i_106, 0i64 :+ m_101 * 1i64]
      #[prov "reduce" prog.fut:1:1-0:0]
      let {s_109 : f32} = screma(m_101, {row_108}) map \(x_110 : f32) : {f32} -> {
          in {x_110}
        }
        scan {} reduce {
          (commutative \(a_112 : f32, b_113 : f32) : {f32} -> {
            let {c_114 : f32} = add.f32 a_112 b_113
            in {c_114}
          }, {0f32})
        }
      in {s_109}
    }
  in {sums_105}
}
)");
}

/// `rowsums` as one segmented SegRed over [n][m].
ir::Prog segmentedSumsProg() {
  return memProg(R"(entry rowsums(n_100 : i64, m_101 : i64, xss_102 : [n_100][m_101]f32 @xss_mem_103 -> 0 + {(n_100 : m_101), (m_101 : 1)}) : {[n_100]f32} = {
  let {bytes_110 : i64} = mul.i64 n_100 4i64
  let {mem_104 : mem@device} = alloc(bytes_110, device)
  #[prov "reduce" prog.fut:1:1-0:0]
  let {sums_105 : [n_100]f32 @mem_104 -> 0 + {(n_100 : 1)}} = segred(flat_108; i_106 < n_100, j_107 < m_101)
    ops {
      (\(a_111 : f32, b_112 : f32) : {f32} -> {
        let {c_113 : f32} = add.f32 a_111 b_112
        in {c_113}
      }, {0f32})
    }
    : {f32} {
      let {x_109 : f32} = xss_102[i_106, j_107]
      in {x_109}
    }
  in {sums_105}
}
)");
}

} // namespace

TEST_CASE("imp: a reduction nested in a SegMap is a sequential loop in the thread") {
  DiagnosticEngine diags;
  imp::Program p = imp::lowerToImp(rowsumsProg(), "prog.fut", diags);
  INFO(diags.render());
  REQUIRE_FALSE(diags.hasErrors());
  REQUIRE(p.kernels.size() == 1);
  const imp::Kernel& k = p.kernels[0];
  CHECK(k.name == "rowsums_rows_map");
  CHECK(count(k.body, imp::Stm::Kind::For) == 1);
  CHECK(count(k.body, imp::Stm::Kind::Barrier) == 0);
  CHECK(docMentions(k, "reads  row @xss_mem -> i * m + {(m : 1)}"));
  INFO(imp::printProgram(p));
}

TEST_CASE("imp: a segmented SegRed runs a group of threads per segment, its size chosen by "
          "the host") {
  DiagnosticEngine diags;
  imp::Program out = imp::lowerToImp(segmentedSumsProg(), "prog.fut", diags);
  INFO(diags.render());
  REQUIRE_FALSE(diags.hasErrors());
  REQUIRE(out.kernels.size() == 1);
  const imp::Kernel& k = out.kernels[0];
  INFO(imp::printProgram(out));
  CHECK(k.name == "rowsums_reduce");
  CHECK(count(k.body, imp::Stm::Kind::GroupReduce) == 1);
  CHECK(hasTuning(out, "rowsums_reduce.block_per_segment"));
  CHECK(docMentions(k, "segmented reduction with (+) over xss, a group of threads_per_segment "
                       "threads per segment"));
  std::vector<std::string> params;
  for (const imp::Param& q : k.params)
    params.push_back(q.name);
  CHECK(params.at(0) == "threads_per_segment");
  // The host grows threads_per_segment in a loop, then launches n * it threads.
  const imp::Function& f = out.functions.at(0);
  CHECK(count(f.body, imp::Stm::Kind::While) == 1);
  CHECK(count(f.body, imp::Stm::Kind::Launch) == 1);
}

TEST_CASE("imp: a loop exchanging its arrays swaps their buffers without copying") {
  // loop (a, b) = (xs, ys) for i < n do (b, a with [i] = 1): each result lies in the other
  // merge parameter's block (Note [Loops exchanging their arrays] in imp/LowerStm.cpp).
  ir::Prog prog = memProg(R"(#[entry(n: i64) -> (result_0: []i64, result_1: []i64)]
entry main(n_1 : i64) : {mem@device, [n_1]i64, mem@device, [n_1]i64} = {
  let {bytes_13 : i64} = mul.i64 n_1 8i64
  let {mem_14 : mem@device} = alloc(bytes_13, device)
  let {xs_2 : [n_1]i64 @mem_14 -> 0 + {(n_1 : 1)}} = replicate [n_1] 0i64
  let {mem_16 : mem@device} = alloc(bytes_13, device)
  let {ys_3 : [n_1]i64 @mem_16 -> 0 + {(n_1 : 1)}} = replicate [n_1] 0i64
  let {res_mem_19 : mem@device, res_11 : [n_1]i64 @res_mem_19 -> 0 + {(n_1 : 1)}, res_mem_20 : mem@device, res_12 : [n_1]i64 @res_mem_20 -> 0 + {(n_1 : 1)}} = loop {a_mem_17 : mem@device = mem_14, a_5 : [n_1]i64 @a_mem_17 -> 0 + {(n_1 : 1)} = xs_2, b_mem_18 : mem@device = mem_16, b_6 : [n_1]i64 @b_mem_18 -> 0 + {(n_1 : 1)} = ys_3} for i_4 < n_1 do {
    let {a_10 : [n_1]i64 @a_mem_17 -> 0 + {(n_1 : 1)}} = a_5 with [i_4] = 1i64
    in {b_mem_18, b_6, a_mem_17, a_10}
  }
  in {res_mem_19, res_11, res_mem_20, res_12}
}
)");
  DiagnosticEngine diags;
  imp::Program p = imp::lowerToImp(prog, "prog.fut", diags);
  REQUIRE_MESSAGE(!diags.hasErrors(), diags.render());
  const imp::Function& f = p.functions.at(0);
  const imp::Stm* loop = nullptr;
  walk(f.body, [&](const imp::Stm& s) {
    if (s.kind == imp::Stm::Kind::For)
      loop = &s;
  });
  REQUIRE(loop);
  // Each result staged by taking its block over, then each block taking its staged result.
  CHECK(count(loop->body, imp::Stm::Kind::DeclareMem) == 2);
  CHECK(count(loop->body, imp::Stm::Kind::MoveMem) == 4);
  CHECK(count(loop->body, imp::Stm::Kind::CopyMem) == 0);
  CHECK(count(loop->body, imp::Stm::Kind::Alloc) == 0);
  std::string text = imp::printFunction(f);
  INFO(text);
  CHECK(text.find("b_mem_staged <- move b_mem;") != std::string::npos);
  CHECK(text.find("a_mem <- move b_mem_staged;") != std::string::npos);
}
