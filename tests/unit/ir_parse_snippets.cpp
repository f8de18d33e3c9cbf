// The IR parser on hand-written text for constructs the program tests do not produce: every
// basic op, while loops, apply, streams, scatter and hist SOACs, SegScan/SegHist over several
// dimensions, memory annotations with floor division, min and max in their LMADs, and the
// function attributes. Each text is in the printer's form, so printing what was parsed must
// give the text back, and parsing that again must give an equal program.
#include "ir/Equal.h"
#include "ir/MemInfo.h"
#include "ir/Parse.h"
#include "ir/Print.h"
#include "ir/Verify.h"

#include <doctest/doctest.h>

using namespace fjord;

namespace {

/// Parses `text`, checks print(parse(text)) == text and parse(print(p)) == p; returns p.
ir::Prog roundTrip(const std::string& text) {
  DiagnosticEngine diags;
  auto p = ir::parseProg(text, diags);
  REQUIRE_MESSAGE(p.has_value(), diags.render());
  std::string printed = ir::printProg(*p);
  CHECK(printed == text);
  auto again = ir::parseProg(printed, diags);
  REQUIRE_MESSAGE(again.has_value(), diags.render());
  std::string why;
  CHECK_MESSAGE(ir::equalProgs(*again, *p, &why), why);
  return *p;
}

const char* kScalars = R"(#[span lib/x.fut:1:1-9:2]
fun helper(x_1 : f32, y_2 : u8) : {f32} = {
  let {a_3 : f32} = neg.f32 x_1
  let {b_4 : f32} = call.sqrt.f32(a_3)
  let {c_5 : f64} = convert.f32.f64 b_4
  let {d_6 : bool} = not.bool true
  let {e_7 : u8} = add.u8 y_2 255u8
  let {g_8 : f32} = x_1
  let {h_9 : f32} = min.f32 g_8 -f32.inf
  let {k_10 : f64} = mul.f64 c_5 1e+20f64
  let {l_11 : f32} = max.f32 h_9 f32.nan
  let {m_12 : i8} = signum.i8 -128i8
  let {n_13 : i64} = lshr.i64 -9223372036854775808i64 3i64
  let {o_14 : bool} = ge.u64 18446744073709551615u64 0u64
  let {p_15 : f32} = pow.f32 -0.0f32 3.4028235e+38f32
  in {l_11}
}
)";

const char* kArrays = R"(fun arrays(n_11 : i64, xs_12 : *[n_11]f32, m_13 : [n_11][3i64]i32) : {[n_11]f32, i64, f32} = {
  let {t_14 : [3i64][n_11]i32} = rearrange (1, 0) m_13
  let {c_15 : [n_11][3i64]i32} = copy m_13
  let {r_16 : [2i64][n_11]f32} = replicate [2i64] xs_12
  let {s_17 : [n_11]f32} = reshape [n_11] xs_12
  let {k_18 : i64} = add.i64 n_11 n_11
  let {cc_19 : [k_18]f32} = concat k_18 (xs_12, s_17)
  let {lit_20 : [2i64]f32} = array f32 [1.5f32, -0.0f32]
  let {sl_21 : [2i64]i32} = m_13[0i64, 0i64 :+ 2i64 * 1i64]
  let {rows_22 : [2i64][2i64]i32} = array [2i64]i32 [sl_21, sl_21]
  let {v_23 : f32} = xs_12[k_18]
  let {xs2_24 : [n_11]f32} = xs_12 with [0i64] = 2.5f32
  let {iota_25 : [n_11]i32} = iota.i32 n_11, 0i32, -1i32
  let {empty_26 : [0i64]f32} = array f32 []
  #[prov "assert"]
  let {} = assert true "a \"quoted\" \\ message\nwith a newline"
  #[prov "loop" dir with spaces/a-b:c.fut:3:4-5:6]
  let {w_27 : i64, go_28 : bool} = loop {i_29 : i64 = 0i64, more_30 : bool = true} while more_30 do {
    let {j_31 : i64} = add.i64 i_29 1i64
    let {again_32 : bool} = lt.i64 j_31 10i64
    in {j_31, again_32}
  }
  let {acc_33 : f32} = loop {a_34 : f32 = 0.0f32} for i_35 < n_11 do {
    let {x_36 : f32} = xs2_24[i_35]
    let {s_37 : f32} = add.f32 a_34 x_36
    in {s_37}
  }
  let {h_38 : f32} = apply helper(acc_33, 3u8) : {f32}
  let {p_39 : bool} = lt.i64 n_11 2i64
  #[prov "if" x.fut:1:1-1:2]
  let {z_40 : i64} = if p_39
    then {
      in {n_11}
    }
    else {
      let {q_41 : i64} = sub.i64 n_11 1i64
      in {q_41}
    }
    : {i64}
  in {xs2_24, z_40, h_38}
}
)";

const char* kSoacs = R"(fun soacs(n_41 : i64, xs_42 : [n_41]f32, is_43 : [n_41]i64, dst_44 : *[n_41]f32) : {[n_41]f32} = {
  #[prov "stream"]
  let {ys_45 : [n_41]f32} = stream_map(n_41, {xs_42})
    \(c_46 : i64, ch_47 : [c_46]f32) : {[c_46]f32} -> {
      in {ch_47}
    }
  let {sum_48 : f32} = stream_red(n_41, {xs_42})
    reduce {
      (commutative \(a_49 : f32, b_50 : f32) : {f32} -> {
        let {s_51 : f32} = add.f32 a_49 b_50
        in {s_51}
      }, {0.0f32})
    }
    \(c_52 : i64, ch_53 : [c_52]f32) : {f32} -> {
      in {0.0f32}
    }
  let {acc_54 : i64} = stream_seq(n_41, {xs_42}, {0i64})
    \(c_55 : i64, a_56 : i64, ch_57 : [c_55]f32) : {i64} -> {
      let {t_58 : i64} = add.i64 a_56 c_55
      in {t_58}
    }
  let {out_59 : [n_41]f32} = scatter(n_41, {is_43, xs_42}, {dst_44})
    \(i_60 : i64, x_61 : f32) : {i64, f32} -> {
      in {i_60, x_61}
    }
  let {zeros_62 : [4i64]f32} = replicate [4i64] 0.0f32
  let {h_63 : [4i64]f32} = hist(n_41, {is_43, xs_42})
    ops {
      (4i64, {zeros_62}, (\(a_64 : f32, b_65 : f32) : {f32} -> {
        let {s_66 : f32} = add.f32 a_64 b_65
        in {s_66}
      }, {0.0f32}))
    }
    bucket \(i_67 : i64, x_68 : f32) : {i64, f32} -> {
      in {i_67, x_68}
    }
  let {sc_69 : [n_41]f32, r_70 : f32, m_71 : [n_41]f32} = screma(n_41, {xs_42})
    map \(x_72 : f32) : {f32, f32, f32} -> {
      in {x_72, x_72, x_72}
    }
    scan {
      (\(a_73 : f32, b_74 : f32) : {f32} -> {
        let {s_75 : f32} = add.f32 a_73 b_74
        in {s_75}
      }, {0.0f32})
    }
    reduce {
      (commutative \(a_76 : f32, b_77 : f32) : {f32} -> {
        let {s_78 : f32} = max.f32 a_76 b_77
        in {s_78}
      }, {-f32.inf})
    }
  in {out_59}
}
)";

const char* kKernels = R"(fun kernels(n_1 : i64, m_2 : i64, xs_3 : [n_1][m_2]f32, is_4 : [n_1]i64, h_5 : *[8i64]i32) : {[n_1][m_2]f32, [8i64]i32} = {
  #[prov "scan" a.fut:1:1-1:2]
  let {sc_6 : [n_1][m_2]f32} = segscan(flat_7; i_8 < n_1, j_9 < m_2)
    ops {
      (\(a_10 : f32, b_11 : f32) : {f32} -> {
        let {s_12 : f32} = add.f32 a_10 b_11
        in {s_12}
      }, {0.0f32})
    }
    : {f32} {
      let {x_13 : f32} = xs_3[i_8, j_9]
      in {x_13}
    }
  let {hh_14 : [8i64]i32} = seghist(flat_15; i_16 < n_1)
    ops {
      (8i64, {h_5}, (commutative \(a_17 : i32, b_18 : i32) : {i32} -> {
        let {s_19 : i32} = add.i32 a_17 b_18
        in {s_19}
      }, {0i32}))
    }
    : {i64, i32} {
      let {b_20 : i64} = is_4[i_16]
      in {b_20, 1i32}
    }
  let {one_21 : f32} = segred(flat_22;)
    ops {}
    : {f32} {
      in {1.0f32}
    }
  in {sc_6, hh_14}
}
)";

const char* kMemory = R"(#[span prog.fut:2:1-4:10]
#[entry(xs: *[][]f32, k: i64) -> (result_0: f32, result_1: []i8)]
entry memory(n_1 : i64, m_2 : i64, xs_mem_3 : mem@host, xs_4 : *[n_1][m_2]f32 @xs_mem_3 -> 0 + {(n_1 : m_2), (m_2 : 1)}, k_5 : i64) : {f32, mem@device, [n_1]i8} = {
  let {b_6 : mem@shared} = alloc(64i64, shared)
  let {d_7 : mem@device} = alloc(n_1, device)
  let {col_8 : [n_1]f32 @xs_mem_3 -> 2 * m_2 + fjord_floordiv(k_5, 2) - 1 + {(n_1 : -m_2)}} = xs_4[0i64 :+ n_1 * -1i64, 0i64]
  let {v_9 : [4i64]f32 @xs_mem_3 -> fjord_floormod(k_5 + n_1, 3) + {(fjord_min(4, fjord_min(m_2, n_1)) : fjord_max(1, m_2)), (0 : 0)}} = xs_4[0i64]
  let {e_10 : [n_1]i8 @d_7 -> (-9223372036854775807 - 1) + {}} = replicate [n_1] 0i8
  in {1.0f32, d_7, e_10}
}
)";

const char* kFlat = R"(fun flat(xs_1 : [10i64]i32, ys_2 : *[10i64]i32, v_3 : [2i64][2i64]i32) : {[2i64][2i64]i32, [10i64]i32} = {
  let {b_4 : [2i64][2i64]i32} = xs_1[5i64 + {(2i64 : 4i64), (2i64 : 1i64)}]
  let {u_5 : [10i64]i32} = ys_2 with [0i64 + {(2i64 : 5i64), (2i64 : 1i64)}] = v_3
  let {e_6 : [10i64]i32} = ys_2 with [] = u_5
  in {b_4, u_5}
}
)";

} // namespace

TEST_CASE("ir: scalar operations and constants read back") { roundTrip(kScalars); }

TEST_CASE("ir: threshold comparisons and device limits read back and are verified at the "
          "gpu stage only") {
  // Notes [Thresholds] and [Device limits] in ir/IR.h.
  const char* text = R"(fun pick(n_1 : i64, m_2 : i64) : {i64} = {
  let {p_3 : i64} = mul.i64 n_1 m_2
  let {c_4 : bool} = cmp_size("pick.suff_outer_par_0", suff_outer_par) <= p_3
  let {d_5 : bool} = cmp_size("pick.suff_intra_par_0", suff_intra_par) <= 32i64
  let {b_7 : i64} = device_limit(max_block_size)
  let {s_8 : i64} = device_limit(max_shared_memory)
  let {r_6 : i64} = if c_4
    then {
      in {n_1}
    }
    else {
      in {m_2}
    }
    : {i64}
  in {r_6}
}
)";
  ir::Prog p = roundTrip(text);
  const auto& cmp = std::get<ir::BasicOp>(p.funs.at(0).body.stms.at(1).exp);
  CHECK(cmp.kind == ir::BasicOp::Kind::CmpSize);
  CHECK(cmp.threshold == "pick.suff_outer_par_0");
  CHECK(cmp.thresholdClass == ir::ThresholdClass::SuffOuterPar);
  CHECK(ir::thresholdDefault(cmp.thresholdClass) == 32768);
  // Version B is favoured wherever it fits: a warp of inner parallelism suffices.
  CHECK(ir::thresholdDefault(ir::ThresholdClass::SuffIntraPar) == 32);
  const auto& limit = std::get<ir::BasicOp>(p.funs.at(0).body.stms.at(4).exp);
  CHECK(limit.kind == ir::BasicOp::Kind::DeviceLimit);
  CHECK(limit.limit == ir::DeviceLimitKind::MaxSharedMemory);
  CHECK_NOTHROW(ir::verify(p, ir::Stage::Gpu));
  CHECK_THROWS_WITH(ir::verify(p, ir::Stage::Core),
                    doctest::Contains("cmp_size outside host code of the gpu stage"));
  p.funs.at(0).body.stms.erase(p.funs.at(0).body.stms.begin() + 1,
                               p.funs.at(0).body.stms.begin() + 3);
  CHECK_THROWS_WITH(ir::verify(p, ir::Stage::Core),
                    doctest::Contains("device_limit outside host code of the gpu stage"));
}

TEST_CASE("ir: source attributes on statements read back, alone or before a provenance") {
  // Provenance::attrs (Note [Flattening attributes] in gpu/FlatteningAttributes.cpp).
  const char* text = R"IR(fun at(n_1 : i64) : {i64} = {
  #[attrs "sequential_inner" "incremental_flattening(no_outer)"]
  #[prov "map"]
  let {p_2 : i64} = mul.i64 n_1 n_1
  #[attrs "sequential"]
  let {q_3 : i64} = add.i64 p_2 n_1
  in {q_3}
}
)IR";
  ir::Prog p = roundTrip(text);
  const auto& stms = p.funs.at(0).body.stms;
  CHECK(stms.at(0).prov.what == "map");
  CHECK(stms.at(0).prov.attrs ==
        std::vector<std::string>{"sequential_inner", "incremental_flattening(no_outer)"});
  CHECK(stms.at(0).prov.has("sequential_inner"));
  CHECK_FALSE(stms.at(0).prov.has("sequential"));
  CHECK(stms.at(1).prov.what.empty());
  CHECK(stms.at(1).prov.attrs == std::vector<std::string>{"sequential"});
}

TEST_CASE("ir: array operations, loops, apply, if and asserts read back") {
  ir::Prog p = roundTrip(kArrays);
  REQUIRE(p.funs.size() == 1);
  // Provenance keeps the path, spaces and dashes included, and the positions.
  const ir::Stm& loop = p.funs[0].body.stms.at(14);
  CHECK(loop.prov.what == "loop");
  REQUIRE(loop.prov.span.known());
  CHECK(loop.prov.span.file->path == "dir with spaces/a-b:c.fut");
  CHECK(loop.prov.span.line == 3);
  CHECK(loop.prov.span.endCol == 6);
  const auto& assertOp = std::get<ir::BasicOp>(p.funs[0].body.stms.at(13).exp);
  CHECK(assertOp.message == "a \"quoted\" \\ message\nwith a newline");
  // The name source continues after the largest tag in the text.
  CHECK(p.names.peek() == 42);
}

TEST_CASE("ir: flat LMAD views (FlatIndex, FlatUpdate) read back") {
  ir::Prog p = roundTrip(kFlat);
  const auto& view = std::get<ir::BasicOp>(p.funs.at(0).body.stms.at(0).exp);
  CHECK(view.kind == ir::BasicOp::Kind::FlatIndex);
  CHECK(ir::flatRank(view) == 2);
  const auto& update = std::get<ir::BasicOp>(p.funs.at(0).body.stms.at(1).exp);
  CHECK(update.kind == ir::BasicOp::Kind::FlatUpdate);
  REQUIRE(update.args.size() == 6);
  CHECK(update.args[0].str() == "v_3"); // the value first, then the LMAD
  CHECK(update.args[3].str() == "5i64");
  const auto& whole = std::get<ir::BasicOp>(p.funs.at(0).body.stms.at(2).exp);
  CHECK(whole.kind == ir::BasicOp::Kind::Update);
  CHECK(whole.slice.empty());
}

TEST_CASE("ir: streams, scatter, hist and screma read back") { roundTrip(kSoacs); }

TEST_CASE("ir: SegOps with several dimensions, histograms and no dimensions read back") {
  roundTrip(kKernels);
}

TEST_CASE("ir: memory blocks, allocations and LMADs read back") {
  ir::Prog p = roundTrip(kMemory);
  const ir::FunDef& f = p.funs.at(0);
  CHECK(f.entry);
  REQUIRE(f.entryParams.size() == 2);
  CHECK(f.entryParams[0].unique);
  CHECK(f.entryParams[0].rank == 2);
  CHECK(f.entryResults[1].elem == PrimType::I8);
  CHECK(f.span.file->path == "prog.fut");
  const ir::Param& col = f.body.stms.at(2).pat.at(0);
  REQUIRE(col.mem);
  using symbolic::Expr;
  Expr m = Expr::var("m_2"), k = Expr::var("k_5");
  CHECK(col.mem->lmad.offset == 2 * m + symbolic::floorDiv(k, 2) - 1);
  CHECK(col.mem->lmad.dims.at(0).stride == -m);
}

TEST_CASE("ir: bodies and lambdas parse on their own") {
  DiagnosticEngine diags;
  auto body = ir::parseBody("{\n  let {y_2 : i64} = add.i64 x_1 1i64\n  in {y_2}\n}", diags);
  REQUIRE_MESSAGE(body.has_value(), diags.render());
  CHECK(ir::printBody(*body) == "{\n  let {y_2 : i64} = add.i64 x_1 1i64\n  in {y_2}\n}");
  auto lam = ir::parseLambda("\\(x_1 : f32) : {f32} -> {\n  in {x_1}\n}", diags);
  REQUIRE_MESSAGE(lam.has_value(), diags.render());
  CHECK(ir::printLambda(*lam) == "\\(x_1 : f32) : {f32} -> {\n  in {x_1}\n}");
}

TEST_CASE("ir: structural equality reports the first difference") {
  DiagnosticEngine diags;
  auto a = ir::parseProg(kMemory, diags);
  std::string changed = kMemory;
  changed.replace(changed.find("(m_2 : 1)"), 9, "(m_2 : 2)");
  auto b = ir::parseProg(changed, diags);
  REQUIRE((a && b));
  std::string why;
  CHECK_FALSE(ir::equalProgs(*a, *b, &why));
  CHECK(why.find("function memory") != std::string::npos);
  CHECK(why.find("memory annotations of xs_4 differ") != std::string::npos);

  std::string moved = kArrays;
  moved.replace(moved.find("x.fut:1:1-1:2"), 13, "x.fut:1:1-1:3");
  auto c = ir::parseProg(kArrays, diags), d = ir::parseProg(moved, diags);
  REQUIRE((c && d));
  CHECK_FALSE(ir::equalProgs(*c, *d, &why));
  CHECK(why.find("source spans differ") != std::string::npos);
  CHECK(why.find("statement 18 `let {z_40 : i64} = if p_39`") != std::string::npos);
}
