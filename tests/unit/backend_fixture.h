// A small hand-built imp::Program shared by the backend tests: `scale(xs, a) = map (*a) xs`
// as one SegMap-like kernel `scale_map`, and `first(xs) = xs[0]` (a bounds check and a
// scalar read-back). Built in C++ because Imp has no parser.
#pragma once
#include "imp/Imp.h"

#include <string>

namespace fjord::backend::test {

inline imp::Program scaleProgram(const std::string& sourcePath = "tests/scale.fut") {
  using namespace imp;
  Program prog;
  prog.sourcePath = sourcePath;
  prog.tuning.push_back({"scale_map.block_size", 256, "threads per block of scale_map"});

  // ys[i] = xs[i] * a for every i < n.
  Kernel k;
  k.name = "scale_map";
  k.doc = {"tests/scale.fut:2:3-22: map (* a) xs", "  xs: xs_mem -> 0 + {(n : 1)}",
           "  ys: ys_mem -> 0 + {(n : 1)}"};
  k.params = {{Param::Kind::Scalar, "n", PrimType::I64, false},
              {Param::Kind::Scalar, "a", PrimType::F32, false},
              {Param::Kind::Mem, "xs", PrimType::F32, false},
              {Param::Kind::Mem, "ys", PrimType::F32, true}};
  Stm gtid;
  gtid.kind = Stm::Kind::DeclareScalar;
  gtid.name = "i";
  gtid.type = PrimType::I64;
  gtid.args = {binOp(BinOpKind::Add, binOp(BinOpKind::Mul, blockId(), blockSize()), threadId())};
  Stm unused = gtid; // dead: must not be printed
  unused.name = "unused";
  Stm st;
  st.kind = Stm::Kind::Store;
  st.name = "ys";
  st.args = {var("i", PrimType::I64),
             binOp(BinOpKind::Mul, load("xs", var("i", PrimType::I64), PrimType::F32),
                   var("a", PrimType::F32))};
  Stm guard;
  guard.kind = Stm::Kind::If;
  guard.args = {cmp(CmpOpKind::Lt, var("i", PrimType::I64), var("n", PrimType::I64))};
  guard.body = {st};
  k.body = {gtid, unused, guard};
  prog.kernels.push_back(k);

  // Entry point scale: results (out_n, out), params (n, xs, a).
  Function f;
  f.name = "scale";
  f.entry = true;
  f.doc = {"tests/scale.fut:1:1: entry scale (xs: []f32) (a: f32) = map (* a) xs"};
  f.params = {{Param::Kind::Scalar, "n", PrimType::I64, false},
              {Param::Kind::Mem, "xs", PrimType::F32, false},
              {Param::Kind::Scalar, "a", PrimType::F32, false}};
  f.results = {{Param::Kind::Scalar, "out_n", PrimType::I64, false},
               {Param::Kind::Mem, "out", PrimType::F32, true}};
  f.entryParams = {{"xs", PrimType::F32, 1, false}, {"a", PrimType::F32, 0, false}};
  f.entryResults = {{"result_0", PrimType::F32, 1, false}};
  Stm setN;
  setN.kind = Stm::Kind::Assign;
  setN.name = "out_n";
  setN.args = {var("n", PrimType::I64)};
  Stm alloc;
  alloc.kind = Stm::Kind::Alloc;
  alloc.name = "out";
  alloc.args = {binOp(BinOpKind::Mul, var("n", PrimType::I64), i64(4))};
  Stm bs;
  bs.kind = Stm::Kind::DeclareScalar;
  bs.name = "block_size";
  bs.type = PrimType::I64;
  bs.args = {tuning("scale_map.block_size")};
  ExpRef blockSizeVar = var("block_size", PrimType::I64);
  Stm launch;
  launch.kind = Stm::Kind::Launch;
  launch.name = "scale_map";
  launch.args = {binOp(BinOpKind::Quot,
                       binOp(BinOpKind::Sub, binOp(BinOpKind::Add, var("n", PrimType::I64), blockSizeVar), i64(1)),
                       blockSizeVar),
                 blockSizeVar};
  launch.kernelArgs = {{Param::Kind::Scalar, var("n", PrimType::I64), ""},
                       {Param::Kind::Scalar, var("a", PrimType::F32), ""},
                       {Param::Kind::Mem, nullptr, "xs"},
                       {Param::Kind::Mem, nullptr, "out"}};
  f.body = {setN, alloc, bs, launch};
  prog.functions.push_back(f);

  // Entry point first: a bounds check, then one element read back.
  Function g;
  g.name = "first";
  g.entry = true;
  g.params = {{Param::Kind::Scalar, "n", PrimType::I64, false},
              {Param::Kind::Mem, "xs", PrimType::F32, false}};
  g.results = {{Param::Kind::Scalar, "x", PrimType::F32, false}};
  g.entryParams = {{"xs", PrimType::F32, 1, false}};
  g.entryResults = {{"result_0", PrimType::F32, 0, false}};
  Stm check;
  check.kind = Stm::Kind::Error;
  check.text = "tests/scale.fut:5:3: index 0 out of bounds for array of 0 elements";
  check.args = {cmp(CmpOpKind::Lt, var("n", PrimType::I64), i64(1))};
  Stm read;
  read.kind = Stm::Kind::ReadScalar;
  read.name = "x";
  read.src = "xs";
  read.type = PrimType::F32;
  read.args = {i64(0)};
  g.body = {check, read};
  prog.functions.push_back(g);
  return prog;
}

} // namespace fjord::backend::test
