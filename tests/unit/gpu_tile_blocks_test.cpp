// Unit tests of gpu/TileBlocks on IR text: matrix-product-like SegMaps (one row per thread
// index feeding a redomap) are marked tiled, a SegMap over rows mapping over the rows of
// another array first becomes two-dimensional, and other SegMaps are left alone; the
// `tiled` field reads back from its text and the verifier rejects it where it cannot apply.
#include "gpu/TileBlocks.h"

#include "ir_text_util.h"
#include "ir/Count.h"
#include "ir/Equal.h"
#include "ir/Print.h"

#include <doctest/doctest.h>

using namespace fjord;
using namespace fjord::ir;

namespace {

Prog tiled(const std::string& text) {
  Prog out = gpu::tileBlocks(testir::parseVerified(text, Stage::Gpu));
  verify(out, Stage::Gpu);
  return out;
}

int count(const Prog& p, const std::string& what) {
  auto counts = countConstructs(p);
  auto it = counts.find(what);
  return it == counts.end() ? 0 : it->second;
}

const SegOp& onlySegOp(const Prog& p) {
  for (const Stm& s : p.funs.at(0).body.stms)
    if (const Op* op = std::get_if<Op>(&s.exp))
      if (const SegOp* seg = std::get_if<SegOp>(op))
        return *seg;
  FAIL("no SegOp");
  throw 0;
}

// A SegMap over rows whose body maps a dot product over the rows of `transpose b`.
const char* kRowsOfProducts = R"(entry mm(n_1 : i64, k_2 : i64, a_3 : [n_1][k_2]f32, m_4 : i64, b_5 : [k_2][m_4]f32) : {[n_1][m_4]f32} = {
  let {mapped_19 : [n_1][m_4]f32} = segmap(flat_tid_21; gtid_20 < n_1)
    : {[m_4]f32} {
      let {x_6 : [k_2]f32} = a_3[gtid_20, 0i64 :+ k_2 * 1i64]
      let {transposed_7 : [m_4][k_2]f32} = rearrange (1, 0) b_5
      let {mapped_18 : [m_4]f32} = screma(m_4, {transposed_7})
        map \(x_8 : [k_2]f32) : {f32} -> {
          let {reduced_17 : f32} = screma(k_2, {x_6, x_8})
            map \(x_9 : f32, x_10 : f32) : {f32} -> {
              let {t_11 : f32} = mul.f32 x_9 x_10
              in {t_11}
            }
            scan {}
            reduce {
              (commutative \(x_14 : f32, y_15 : f32) : {f32} -> {
                let {t_16 : f32} = add.f32 x_14 y_15
                in {t_16}
              }, {0.0f32})
            }
          in {reduced_17}
        }
        scan {}
        reduce {}
      in {mapped_18}
    }
  in {mapped_19}
}
)";

// A two-dimensional SegMap whose redomap reads rows x and y, given as text.
std::string twoDim(const std::string& rowX, const std::string& rowY) {
  return R"(entry mm(n_1 : i64, k_2 : i64, a_3 : [n_1][k_2]i32, m_4 : i64, bt_5 : [m_4][k_2]i32) : {[n_1][m_4]i32} = {
  let {res_6 : [n_1][m_4]i32} = segmap(flat_tid_7; i_8 < n_1, j_9 < m_4)
    : {i32} {
      let {x_10 : [k_2]i32} = )" + rowX + R"(
      let {y_11 : [k_2]i32} = )" + rowY + R"(
      let {s_12 : i32} = screma(k_2, {x_10, y_11})
        map \(p_13 : i32, q_14 : i32) : {i32} -> {
          let {t_15 : i32} = add.i32 p_13 q_14
          in {t_15}
        }
        scan {}
        reduce {
          (commutative \(u_16 : i32, v_17 : i32) : {i32} -> {
            let {w_18 : i32} = min.i32 u_16 v_17
            in {w_18}
          }, {2147483647i32})
        }
      in {s_12}
    }
  in {res_6}
}
)";
}

} // namespace

TEST_CASE("gpu: a SegMap over rows mapping a dot product over columns becomes a tiled 2-D SegMap") {
  Prog p = tiled(kRowsOfProducts);
  CHECK(count(p, "TiledSegMap") == 1);
  CHECK(count(p, "SegMap") == 1);
  const SegOp& seg = onlySegOp(p);
  REQUIRE(seg.space.dims.size() == 2);
  CHECK(seg.space.dims[1].second == SubExp(VName{"m", 4}));
  CHECK(seg.tile == SegOp::Tile{gpu::kBlockTile, gpu::kRegisterTile});
  CHECK(seg.types == std::vector<Type>{Type::prim(PrimType::F32)});
  // The inner map's row is now a slice of transpose b at the new index.
  CHECK(count(p, "SegMap/Index") == 2);
  CHECK(count(p, "SegMap/Screma") == 1);
  // The field reads back from its text.
  std::string text = printProg(p);
  CHECK(text.find("tiled 128 8") != std::string::npos);
  CHECK(equalProgs(testir::parseVerified(text, Stage::Gpu), p));
}

TEST_CASE("gpu: a 2-D SegMap whose redomap reads a row per thread index is tiled, in either order") {
  CHECK(count(tiled(twoDim("a_3[i_8, 0i64 :+ k_2 * 1i64]", "bt_5[j_9, 0i64 :+ k_2 * 1i64]")),
              "TiledSegMap") == 1);
  CHECK(count(tiled(twoDim("bt_5[j_9, 0i64 :+ k_2 * 1i64]", "a_3[i_8, 0i64 :+ k_2 * 1i64]")),
              "TiledSegMap") == 1);
}

TEST_CASE("gpu: SegMaps whose rows do not split between the two thread indices are not tiled") {
  // Both rows vary with i: no reuse across j to stage.
  CHECK(count(tiled(twoDim("a_3[i_8, 0i64 :+ k_2 * 1i64]", "a_3[i_8, 0i64 :+ k_2 * 1i64]")),
              "TiledSegMap") == 0);
  // A row that varies with neither.
  CHECK(count(tiled(twoDim("a_3[i_8, 0i64 :+ k_2 * 1i64]", "bt_5[0i64, 0i64 :+ k_2 * 1i64]")),
              "TiledSegMap") == 0);
}

TEST_CASE("ir: the verifier rejects a tiled SegOp that is not a 2-D SegMap to one scalar") {
  DiagnosticEngine diags;
  std::string text = kRowsOfProducts;
  // Mark the one-dimensional SegMap (whose result per point is a row) as tiled.
  text.replace(text.find("    : {[m_4]f32}"), 0, "    tiled 128 8\n");
  auto p = parseProg(text, diags);
  REQUIRE_MESSAGE(p.has_value(), diags.render());
  CHECK_THROWS(verify(*p, Stage::Gpu));
}
