// Existential memory on the host (Note [Existential memory in Imp] in Imp.h): the memory
// variable of an `if`'s or loop's array result, declared before the construct and filled by
// each branch or iteration -- by taking over a block that branch or iteration allocated
// (MoveMem), otherwise by allocating and copying. Kernel code allocates nothing, so there
// these are reported as not supported yet. Existential offsets and strides (Note
// [Existential LMADs] in mem/Existential.cpp) are plain i64 variables here; mem/ only lets
// them describe a non-row-major layout when the block stays the same (nothing to fill), so
// a take-over keeps the layout and a copy is row-major at offset 0 like its components.
#include "imp/Lowering.h"

#include "imp/SymbolicToImp.h"

#include <algorithm>

namespace fjord::imp::detail {

void Lowerer::declareExistential(const ir::Stm& stm, const ir::VName&, Block&) {
  unsupported(stm, "arrays whose memory differs between branches or iterations inside a "
                   "kernel");
}

void Lowerer::fillExistential(const ir::Stm& stm, const ArrayVar&, const ArrayVar&, bool,
                              Block&) {
  unsupported(stm, "arrays whose memory differs between branches or iterations inside a "
                   "kernel");
}

ArrayVar Lowerer::stageResult(const ir::Stm& stm, const ArrayVar&, bool, Block&) {
  unsupported(stm, "a loop that exchanges the memory of its arrays inside a kernel");
}

bool Lowerer::soleUser(const std::vector<ir::SubExp>& results, size_t i) {
  const ir::VName& block = array(results.at(i).var()).block;
  for (size_t k = 0; k < results.size(); ++k)
    if (k != i && results[k].isVar() && hasArray(results[k].var()) &&
        array(results[k].var()).block == block)
      return false;
  return true;
}

void HostLowerer::aliasBlock(const ir::VName& alias, const ir::VName& block) {
  mems_[alias.str()] = mem(block, PrimType::U8, false);
}

void HostLowerer::declareExistential(const ir::Stm&, const ir::VName& block, Block& out) {
  std::string c = names.fresh(block.name);
  Stm s;
  s.kind = Stm::Kind::DeclareMem;
  s.name = c;
  out.push_back(std::move(s));
  temps_.push_back(c);
  mems_[block.str()] = c;
}

void HostLowerer::fillExistential(const ir::Stm& stm, const ArrayVar& dest, const ArrayVar& src,
                                  bool mayTake, Block& out) {
  if (dest.block == src.block)
    return; // a loop passing its array on (perhaps updated in place)
  std::string d = mem(dest.block, dest.elem, true), s = mem(src.block, src.elem, false);
  size_t scopeStart = scopeMarks_.empty() ? 0 : scopeMarks_.back();
  bool allocatedHere = std::find(temps_.begin() + static_cast<std::ptrdiff_t>(scopeStart),
                                 temps_.end(), s) != temps_.end();
  if (mayTake && allocatedHere) {
    Stm move;
    move.kind = Stm::Kind::MoveMem;
    move.name = d;
    move.src = s;
    out.push_back(std::move(move));
    return;
  }
  // The sizes are src's: a loop's array may change its shape from one iteration to the next.
  Stm alloc;
  alloc.kind = Stm::Kind::Alloc;
  alloc.name = d;
  alloc.space = MemSpace::Device;
  alloc.args.push_back(mul(shapeCount(*this, src.shape), i64(primBytes(src.elem))));
  out.push_back(std::move(alloc));
  ArrayVar whole{dest.source, dest.block, symbolic::Lmad::rowMajor(0, src.lmad.shape()),
                 dest.elem, src.shape};
  copyArray(stm, whole, src, out);
}

} // namespace fjord::imp::detail

namespace fjord::imp::detail {

ArrayVar HostLowerer::stageResult(const ir::Stm& stm, const ArrayVar& src, bool take,
                                  Block& out) {
  std::string c = names.fresh(src.block.name + "_staged");
  Stm decl;
  decl.kind = Stm::Kind::DeclareMem;
  decl.name = c;
  out.push_back(std::move(decl));
  temps_.push_back(c);
  ir::VName key{c, -1}; // no core-IR block has a negative tag
  mems_[key.str()] = c;
  if (take) {
    Stm move;
    move.kind = Stm::Kind::MoveMem;
    move.name = c;
    move.src = mem(src.block, src.elem, true);
    out.push_back(std::move(move));
    return ArrayVar{src.source, key, src.lmad, src.elem, src.shape};
  }
  ArrayVar staged{src.source, key, symbolic::Lmad::rowMajor(0, src.lmad.shape()), src.elem,
                  src.shape};
  fillExistential(stm, staged, src, /*mayTake=*/false, out);
  return staged;
}

} // namespace fjord::imp::detail
