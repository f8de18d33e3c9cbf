// Stream fusion (PLDI'17 §4, F1–F7) stated as IR text: parse a small core program, fuse,
// verify, and check the printed or counted result.
#include "ir_text_util.h"
#include "ir/Count.h"
#include "ir/Parse.h"
#include "ir/Print.h"
#include "ir/Verify.h"
#include "opt/Fuse.h"

#include <doctest/doctest.h>

using namespace fjord;

namespace {

ir::Prog fuseProg(const std::string& text) { return testir::afterCorePass(text, opt::fuse); }

/// The single top-level statement's stream (the test programs fuse to one).
const ir::Stream& onlyStream(const ir::Prog& p) {
  const ir::Body& b = p.funs.at(0).body;
  for (const ir::Stm& s : b.stms)
    if (auto* op = std::get_if<ir::Op>(&s.exp))
      if (auto* soac = std::get_if<ir::Soac>(op))
        if (auto* st = std::get_if<ir::Stream>(soac))
          return *st;
  FAIL("no stream");
  throw 0;
}

// A running sum over chunks (stream_seq) whose chunk results feed a second stream_seq
// counting positive elements: `ys` is only an intermediate.
const char* kSeqSeq = R"(fun f(n_1 : i64, xs_2 : [n_1]i64) : {i64, i64} = {
  let {s_3 : i64, ys_4 : [n_1]i64} = stream_seq(n_1, {xs_2}, {0i64})
    \(k_5 : i64, a_6 : i64, c_7 : [k_5]i64) : {i64, [k_5]i64} -> {
      let {d_8 : [k_5]i64} = screma(k_5, {c_7})
        map \(x_9 : i64) : {i64} -> {
          let {y_10 : i64} = mul.i64 x_9 2i64
          in {y_10}
        }
        scan {}
        reduce {}
      let {t_11 : i64} = add.i64 a_6 k_5
      in {t_11, d_8}
    }
  let {q_12 : i64} = stream_seq(n_1, {ys_4}, {0i64})
    \(k_13 : i64, b_14 : i64, e_15 : [k_13]i64) : {i64} -> {
      let {z_16 : i64} = screma(k_13, {e_15})
        map \(x_17 : i64) : {i64} -> {
          in {x_17}
        }
        scan {}
        reduce {
          (\(u_18 : i64, v_19 : i64) : {i64} -> {
            let {w_20 : i64} = add.i64 u_18 v_19
            in {w_20}
          }, {0i64})
        }
      let {t_21 : i64} = add.i64 b_14 z_16
      in {t_21}
    }
  in {s_3, q_12}
}
)";

} // namespace

TEST_CASE("opt (IR text, F7): stream_seq fuses with the stream_seq consuming its chunks") {
  ir::Prog out = fuseProg(kSeqSeq);
  auto counts = ir::countConstructs(out);
  CHECK(counts["StreamSeq"] == 1);
  // Inside, the producer's per-chunk map fuses with the consumer's per-chunk reduce.
  CHECK(counts["StreamSeq/Screma"] == 1);
  const ir::Stream& st = onlyStream(out);
  CHECK(st.inputs.size() == 1);
  CHECK(st.accs.size() == 2);
  // chunk size, both accumulators, one chunk; results: both accumulators (ys is dead).
  CHECK(st.fn.params.size() == 4);
  CHECK(st.fn.retTypes.size() == 2);
  CHECK(out.funs[0].body.stms.at(0).pat.size() == 2);
  CHECK(out.funs[0].body.stms.at(0).pat[0].name.str() == "s_3");
  CHECK(out.funs[0].body.stms.at(0).pat[1].name.str() == "q_12");
  CHECK(ir::printProg(out) == R"(fun f(n_1 : i64, xs_2 : [n_1]i64) : {i64, i64} = {
  let {s_3 : i64, q_12 : i64} = stream_seq(n_1, {xs_2}, {0i64, 0i64})
    \(k_5 : i64, a_6 : i64, b_14 : i64, c_7 : [k_5]i64) : {i64, i64} -> {
      let {t_11 : i64} = add.i64 a_6 k_5
      let {z_16 : i64} = screma(k_5, {c_7})
        map \(x_9 : i64) : {i64} -> {
          let {y_10 : i64} = mul.i64 x_9 2i64
          in {y_10}
        }
        scan {}
        reduce {
          (\(u_18 : i64, v_19 : i64) : {i64} -> {
            let {w_20 : i64} = add.i64 u_18 v_19
            in {w_20}
          }, {0i64})
        }
      let {t_21 : i64} = add.i64 b_14 z_16
      in {t_11, t_21}
    }
  in {s_3, q_12}
}
)");
}

TEST_CASE("opt (IR text, F7): a producer chunk result used later stays a result") {
  std::string text = kSeqSeq;
  text.replace(text.find("in {s_3, q_12}"), 14, "in {s_3, q_12}");
  text.replace(text.find(") : {i64, i64} = {"), 18, ") : {i64, i64, [n_1]i64} = {");
  text.replace(text.find("in {s_3, q_12}"), 14, "in {s_3, q_12, ys_4}");
  ir::Prog out = fuseProg(text);
  CHECK(ir::countConstructs(out)["StreamSeq"] == 1);
  const ir::Stm& s = out.funs[0].body.stms.at(0);
  REQUIRE(s.pat.size() == 3);
  // Accumulators first (producer's, consumer's), then the producer's live chunk result.
  CHECK(s.pat[0].name.str() == "s_3");
  CHECK(s.pat[1].name.str() == "q_12");
  CHECK(s.pat[2].name.str() == "ys_4");
}

// A map (Screma) producer and a stream_red consumer: the map becomes a stream_map (F1) and
// fuses into the stream_red (F6).
const char* kMapRed = R"(fun f(n_1 : i64, xs_2 : [n_1]i64) : {i64} = {
  let {ys_5 : [n_1]i64} = screma(n_1, {xs_2})
    map \(x_3 : i64) : {i64} -> {
      let {y_4 : i64} = add.i64 x_3 1i64
      in {y_4}
    }
    scan {}
    reduce {}
  let {r_11 : i64} = stream_red(n_1, {ys_5})
    reduce {
      (\(a_6 : i64, b_7 : i64) : {i64} -> {
        let {s_8 : i64} = add.i64 a_6 b_7
        in {s_8}
      }, {0i64})
    }
    \(k_9 : i64, c_10 : [k_9]i64) : {i64} -> {
      in {k_9}
    }
  in {r_11}
}
)";

TEST_CASE("opt (IR text, F1+F6): a map fuses into the stream_red consuming it") {
  ir::Prog out = fuseProg(kMapRed);
  auto counts = ir::countConstructs(out);
  CHECK(counts["StreamRed"] == 1);
  CHECK(counts["Screma"] == 1); // the map, now per chunk inside the stream
  CHECK(counts["StreamRed/Screma"] == 1);
  const ir::Stream& st = onlyStream(out);
  CHECK(st.inputs.size() == 1);
  CHECK(st.inputs[0].str() == "xs_2");
  CHECK(st.reds.size() == 1);
}

TEST_CASE("opt (IR text, F6): two stream_reds over one input fuse horizontally") {
  std::string text = R"(fun f(n_1 : i64, xs_2 : [n_1]i64) : {i64, i64} = {
  let {r_7 : i64} = stream_red(n_1, {xs_2})
    reduce {
      (\(a_3 : i64, b_4 : i64) : {i64} -> {
        let {s_5 : i64} = add.i64 a_3 b_4
        in {s_5}
      }, {0i64})
    }
    \(k_6 : i64, c_8 : [k_6]i64) : {i64} -> {
      in {k_6}
    }
  let {m_13 : i64} = stream_red(n_1, {xs_2})
    reduce {
      (\(a_9 : i64, b_10 : i64) : {i64} -> {
        let {s_11 : i64} = max.i64 a_9 b_10
        in {s_11}
      }, {0i64})
    }
    \(k_12 : i64, c_14 : [k_12]i64) : {i64} -> {
      let {v_15 : i64} = c_14[0i64]
      in {v_15}
    }
  in {r_7, m_13}
}
)";
  ir::Prog out = fuseProg(text);
  CHECK(ir::countConstructs(out)["StreamRed"] == 1);
  const ir::Stream& st = onlyStream(out);
  CHECK(st.reds.size() == 2);
  CHECK(st.inputs.size() == 1);
  CHECK(st.fn.params.size() == 2); // the shared input is one chunk parameter
  // The consumer's uses of its own chunk size and chunk now name the producer's.
  std::string printed = ir::printProg(out);
  CHECK(printed.find("c_14") == std::string::npos);
  CHECK(printed.find("k_12") == std::string::npos);
}

TEST_CASE("opt (IR text): streams do not fuse when the consumer reads a reduction result") {
  // The consumer's function uses r_7 (the producer's total), which exists only after the
  // whole producer ran.
  std::string text = R"(fun f(n_1 : i64, xs_2 : [n_1]i64) : {i64} = {
  let {r_7 : i64} = stream_red(n_1, {xs_2})
    reduce {
      (\(a_3 : i64, b_4 : i64) : {i64} -> {
        let {s_5 : i64} = add.i64 a_3 b_4
        in {s_5}
      }, {0i64})
    }
    \(k_6 : i64, c_8 : [k_6]i64) : {i64} -> {
      in {k_6}
    }
  let {m_13 : i64} = stream_red(n_1, {xs_2})
    reduce {
      (\(a_9 : i64, b_10 : i64) : {i64} -> {
        let {s_11 : i64} = add.i64 a_9 b_10
        in {s_11}
      }, {0i64})
    }
    \(k_12 : i64, c_14 : [k_12]i64) : {i64} -> {
      let {v_15 : i64} = mul.i64 k_12 r_7
      in {v_15}
    }
  in {m_13}
}
)";
  CHECK(ir::countConstructs(fuseProg(text))["StreamRed"] == 2);
}

TEST_CASE("opt (IR text, F4+F7): a stream_red joins a stream_seq as a stream_seq") {
  std::string text = R"(fun f(n_1 : i64, xs_2 : [n_1]i64) : {i64, i64} = {
  let {r_7 : i64} = stream_red(n_1, {xs_2})
    reduce {
      (\(a_3 : i64, b_4 : i64) : {i64} -> {
        let {s_5 : i64} = add.i64 a_3 b_4
        in {s_5}
      }, {0i64})
    }
    \(k_6 : i64, c_8 : [k_6]i64) : {i64} -> {
      in {k_6}
    }
  let {q_12 : i64} = stream_seq(n_1, {xs_2}, {0i64})
    \(k_9 : i64, b_10 : i64, e_11 : [k_9]i64) : {i64} -> {
      let {t_13 : i64} = add.i64 b_10 k_9
      in {t_13}
    }
  in {r_7, q_12}
}
)";
  // The reduction's accumulator starts at its neutral element and adds each chunk's k_6.
  CHECK(ir::printProg(fuseProg(text)) == R"(fun f(n_1 : i64, xs_2 : [n_1]i64) : {i64, i64} = {
  let {r_7 : i64, q_12 : i64} = stream_seq(n_1, {xs_2}, {0i64, 0i64})
    \(k_6 : i64, acc_14 : i64, b_10 : i64, c_8 : [k_6]i64) : {i64, i64} -> {
      let {s_17 : i64} = add.i64 acc_14 k_6
      let {t_13 : i64} = add.i64 b_10 k_6
      in {s_17, t_13}
    }
  in {r_7, q_12}
}
)");
}

namespace {

// A prefix sum (Screma scan) whose result feeds a stream_seq summing each chunk into its
// accumulator.
const char* kScanSeq = R"(fun f(n_1 : i64, xs_2 : [n_1]i64) : {i64} = {
  let {ps_5 : [n_1]i64} = screma(n_1, {xs_2})
    map \(x_3 : i64) : {i64} -> {
      let {y_4 : i64} = mul.i64 x_3 3i64
      in {y_4}
    }
    scan {
      (\(a_6 : i64, b_7 : i64) : {i64} -> {
        let {s_8 : i64} = add.i64 a_6 b_7
        in {s_8}
      }, {0i64})
    }
    reduce {}
  let {q_12 : i64} = stream_seq(n_1, {ps_5}, {0i64})
    \(k_9 : i64, b_10 : i64, e_11 : [k_9]i64) : {i64} -> {
      let {z_13 : i64} = screma(k_9, {e_11})
        map \(x_14 : i64) : {i64} -> {
          in {x_14}
        }
        scan {}
        reduce {
          (\(u_15 : i64, v_16 : i64) : {i64} -> {
            let {w_17 : i64} = add.i64 u_15 v_16
            in {w_17}
          }, {0i64})
        }
      let {t_18 : i64} = add.i64 b_10 z_13
      in {t_18}
    }
  in {q_12}
}
)";

} // namespace

TEST_CASE("opt (IR text, F5+F7): a scan feeding a stream_seq fuses into one stream_seq") {
  ir::Prog out = fuseProg(kScanSeq);
  auto counts = ir::countConstructs(out);
  CHECK(counts["StreamSeq"] == 1);
  CHECK(out.funs[0].body.stms.size() == 1);
  const ir::Stream& st = onlyStream(out);
  REQUIRE(st.inputs.size() == 1);
  CHECK(st.inputs[0].str() == "xs_2");
  // The scan's running total (starting at its neutral 0) and the consumer's accumulator.
  REQUIRE(st.accs.size() == 2);
  CHECK(st.accs[0] == ir::SubExp(ir::PrimValue::int64(0)));
  // Per chunk: the chunk's scan, then the map adding the running total fused with the
  // consumer's sum; the next total (total + last scanned element) is guarded by the chunk
  // size, so an empty chunk leaves it unchanged.
  CHECK(counts["StreamSeq/Screma"] == 2);
  CHECK(counts["StreamSeq/If"] == 1);
  const ir::Stm& s = out.funs[0].body.stms[0];
  REQUIRE(s.pat.size() == 2);
  CHECK(s.pat[1].name.str() == "q_12"); // ps_5 is dead: no chunk result
  std::string printed = ir::printProg(out);
  CHECK(printed.find("gt.i64 chunk_size_19 0i64") != std::string::npos);
  CHECK(printed.find("add.i64 acc_20 x_28") != std::string::npos);
  CHECK(printed.find("add.i64 acc_20 last_elem_35") != std::string::npos);
  CHECK(printed.find("else {\n          in {acc_20}\n        }") != std::string::npos);
  CHECK(printed.find("ps_5") == std::string::npos);
}

TEST_CASE("opt (IR text, F5): a scan result used later stays a result of the stream_seq") {
  std::string text = kScanSeq;
  text.replace(text.find(") : {i64} = {"), 13, ") : {i64, [n_1]i64} = {");
  text.replace(text.find("in {q_12}"), 9, "in {q_12, ps_5}");
  ir::Prog out = fuseProg(text);
  CHECK(ir::countConstructs(out)["StreamSeq"] == 1);
  const ir::Stm& s = out.funs[0].body.stms.at(0);
  REQUIRE(s.pat.size() == 3);
  // Accumulators (the scan's total, the consumer's), then the scanned array.
  CHECK(s.pat[1].name.str() == "q_12");
  CHECK(s.pat[2].name.str() == "ps_5");
  CHECK(s.pat[2].type.rank() == 1);
}

TEST_CASE("opt (IR text, F5): a scan does not fuse where that is illegal or not a stream_seq") {
  // The scan's result is used between producer and consumer: the scan cannot move down.
  std::string between = kScanSeq;
  between.replace(between.find("  let {q_12 : i64}"), 0,
                  "  let {h_19 : i64} = ps_5[0i64]\n");
  between.replace(between.find("in {q_12}"), 9, "in {h_19}");
  {
    ir::Prog out = fuseProg(between);
    auto counts = ir::countConstructs(out);
    CHECK(counts["StreamSeq"] == 1);
    CHECK(out.funs[0].body.stms.size() == 3);
  }
  // The consumer is a stream_red: turning the scan into a stream_seq would sequentialise
  // the reduction, so nothing fuses.
  std::string red = R"(fun f(n_1 : i64, xs_2 : [n_1]i64) : {i64} = {
  let {ps_5 : [n_1]i64} = screma(n_1, {xs_2})
    map \(x_3 : i64) : {i64} -> {
      in {x_3}
    }
    scan {
      (\(a_6 : i64, b_7 : i64) : {i64} -> {
        let {s_8 : i64} = add.i64 a_6 b_7
        in {s_8}
      }, {0i64})
    }
    reduce {}
  let {r_11 : i64} = stream_red(n_1, {ps_5})
    reduce {
      (\(a_16 : i64, b_17 : i64) : {i64} -> {
        let {s_18 : i64} = add.i64 a_16 b_17
        in {s_18}
      }, {0i64})
    }
    \(k_9 : i64, c_10 : [k_9]i64) : {i64} -> {
      in {k_9}
    }
  in {r_11}
}
)";
  ir::Prog out = fuseProg(red);
  auto counts = ir::countConstructs(out);
  CHECK(counts["StreamRed"] == 1);
  CHECK(counts["StreamSeq"] == 0);
  CHECK(out.funs[0].body.stms.size() == 2);
}
