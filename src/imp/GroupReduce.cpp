// Group reductions and vectorised inputs (see GroupReduce.h).
#include "imp/GroupReduce.h"

#include <map>
#include <variant>

namespace fjord::imp::detail {

// Note [Group reduction]
// A reduction kernel folds its elements into per-thread accumulators and then combines the
// accumulators of each group of G consecutive threads (G = the block for a whole-block
// reduction, fewer threads for short segments). The combine keeps thread order, so it is
// correct for associative operators that are not commutative:
//  - CUDA (IfWarpShuffles): each lane combines its value with the one `offset` lanes above,
//        for offset = 1, 2, 4, ... < min(G, 32); lane l (a multiple of 2*offset) then holds
//        lanes l .. l + 2*offset - 1 in order, so lane 0 of each group of up to 32 threads
//        ends with its group's value. When G > 32, each warp's lane 0 writes its value to
//        shared memory, and after a barrier every warp reloads the values of its group's
//        warps (lane w takes warp w's, the neutral element beyond them) and repeats the
//        shuffles: the group's first thread then holds the whole group's value.
//  - elsewhere: the accumulators go to shared memory and a tree combines neighbours,
//        sh[t] = sh[t] op sh[t + offset] for t a multiple of 2*offset within the group,
//        with a barrier after each step.
// Block sizes are multiples of 32 (warpMultipleBlockSize), so every warp is full and every
// lane reaches the shuffles; lanes whose partner lies past their group compute values that
// nobody reads.
//
// Note [Vectorised inputs]
// When the body reads xs[i] with i the SegOp's index and xs lies contiguously from offset 0
// of its memory block (its LMAD is `0 + {(n : 1)}`) with 4-byte elements, a thread can take
// four consecutive indices 4g .. 4g+3 at once with one aligned vector load (device blocks
// are aligned to far more than 16 bytes). The elements go to a private array that a loop
// of constant trip count walks (the compiler unrolls it and keeps the array in registers),
// so the body and the operator still appear once. A partial last group of four is read
// element by element.

ExpRef warpMultipleBlockSize(HostLowerer& host, const std::string& base, Block& out) {
  ExpRef bs = host.blockSizeFor(base, out);
  return host.hostLet("warp_block_size", maxE(mul(quot(bs, i64(32)), i64(32)), i64(32)), out);
}

namespace {

std::vector<ExpRef> neutrals(Lowerer& L, const std::vector<Operand>& operands) {
  std::vector<ExpRef> out;
  for (const Operand& o : operands)
    out.push_back(L.subExp(o.op->neutral.at(o.indexInOp)));
  return out;
}

/// The CUDA variant: shuffles within warps, then (G > 32) across the group's warps.
Block shuffleReduce(KernelLowerer& k, const ir::SegOp& seg, const std::vector<Operand>& operands,
                    ExpRef tid, ExpRef groupSize, const std::vector<ExpRef>& accs,
                    const std::vector<std::string>& sh) {
  Block out;
  out.push_back(comment("each lane combines its value with the one `offset` lanes above, "
                        "in lane order;\nwith more than one warp per group, again over "
                        "the warps' values"));
  ExpRef width = k.let("width", minE(groupSize, i64(32)), out);
  ExpRef severalWarps = cmp(CmpOpKind::Gt, groupSize, i64(32));
  ExpRef rounds = k.let("rounds", select(severalWarps, i64(2), i64(1)), out);
  std::string round = k.freshName("round");
  Block roundBody, step;
  std::string offset = k.freshName("offset");
  ExpRef off = var(offset, PrimType::I64);
  roundBody.push_back(declare(offset, PrimType::I64, i64(1)));
  std::vector<ExpRef> ys;
  for (size_t j = 0; j < accs.size(); ++j)
    ys.push_back(k.let(operands[j].name + "_above", shuffleDown(accs[j], off), step));
  fold(k, seg, accs, ys, step);
  step.push_back(assign(offset, mul(off, i64(2))));
  roundBody.push_back(whileLoop(lt(off, width), std::move(step)));

  Block across, leader;
  for (size_t j = 0; j < accs.size(); ++j)
    leader.push_back(store(sh[j], quot(tid, i64(32)), accs[j]));
  across.push_back(ifThen(eq(rem(tid, i64(32)), i64(0)), std::move(leader)));
  across.push_back(barrier());
  ExpRef warps = k.let("warps", quot(groupSize, i64(32)), across);
  ExpRef lane = k.let("lane", rem(tid, i64(32)), across);
  ExpRef first = k.let("first_warp", mul(quot(tid, groupSize), warps), across);
  std::vector<ExpRef> zero = neutrals(k, operands);
  for (size_t j = 0; j < accs.size(); ++j)
    across.push_back(assign(accs[j]->name,
                            select(lt(lane, warps),
                                   load(sh[j], add(first, lane), operands[j].type), zero[j])));
  ExpRef firstRound = eq(var(round, PrimType::I64), i64(0));
  roundBody.push_back(ifThen(andE(firstRound, severalWarps), std::move(across)));
  out.push_back(forLoop(round, rounds, std::move(roundBody)));
  return out;
}

/// The variant without shuffles: an in-order tree in shared memory.
Block treeReduce(KernelLowerer& k, const ir::SegOp& seg, const std::vector<Operand>& operands,
                 ExpRef tid, ExpRef groupSize, const std::vector<ExpRef>& accs,
                 const std::vector<std::string>& sh) {
  Block out;
  out.push_back(comment("a tree in shared memory combines neighbours within each group, "
                        "in thread order"));
  for (size_t j = 0; j < sh.size(); ++j)
    out.push_back(store(sh[j], tid, accs[j]));
  out.push_back(barrier());
  std::string offset = k.freshName("offset");
  ExpRef off = var(offset, PrimType::I64);
  out.push_back(declare(offset, PrimType::I64, i64(1)));
  Block step, pair;
  ExpRef other = add(tid, off);
  std::vector<ExpRef> xs, ys;
  for (size_t j = 0; j < sh.size(); ++j) {
    xs.push_back(load(sh[j], tid, operands[j].type));
    ys.push_back(load(sh[j], other, operands[j].type));
  }
  // Every operand is read (as a Load in the operator's arguments) before any is written.
  std::vector<ExpRef> res = combine(k, seg, xs, ys, pair);
  for (size_t j = 0; j < sh.size(); ++j)
    pair.push_back(store(sh[j], tid, res.at(j)));
  ExpRef active = andE(eq(rem(tid, mul(i64(2), off)), i64(0)),
                       lt(add(rem(tid, groupSize), off), groupSize));
  step.push_back(ifThen(active, std::move(pair)));
  step.push_back(barrier());
  step.push_back(assign(offset, mul(off, i64(2))));
  out.push_back(whileLoop(lt(off, groupSize), std::move(step)));
  for (size_t j = 0; j < sh.size(); ++j)
    out.push_back(assign(accs[j]->name, load(sh[j], tid, operands[j].type)));
  return out;
}

/// `e` with the variables of `bound` replaced by their values.
ExpRef substituteVars(const ExpRef& e, const std::map<std::string, ExpRef>& bound) {
  if (e->kind == Exp::Kind::Var) {
    auto it = bound.find(e->name);
    return it == bound.end() ? e : it->second;
  }
  Exp copy = *e;
  for (ExpRef& a : copy.args)
    a = substituteVars(a, bound);
  return std::make_shared<const Exp>(std::move(copy));
}

/// The operator applied to `acc` and a later thread's value as one expression, or null when
/// the operator is not an expression (a device function's call, several operands, values
/// that are not 4 or 8 bytes wide). Names the later value in `above`.
ExpRef combinedExpression(KernelLowerer& k, const ir::SegOp& seg,
                          const std::vector<Operand>& operands, const ExpRef& acc,
                          std::string& above) {
  if (operands.size() != 1 || primBytes(acc->type) < 4 || !isSingleOperation(seg.ops.at(0).op))
    return nullptr;
  above = k.freshName(operands[0].name + "_above");
  Block stms;
  std::vector<ExpRef> res = combine(k, seg, {acc}, {var(above, acc->type)}, stms);
  // The operator is written at the site as scalars bound once each (its parameters, then
  // the operation): substituted into each other, they are one expression.
  std::map<std::string, ExpRef> bound;
  for (const Stm& st : stms) {
    if (st.kind != Stm::Kind::DeclareScalar || st.args.size() != 1)
      return nullptr;
    bound[st.name] = substituteVars(st.args[0], bound);
  }
  return substituteVars(res.at(0), bound);
}

/// The GroupReduce of a pair of 4- or 8-byte accumulators (Note [Group reduction in Imp]),
/// or a statement with an empty body for other operands.
Stm pairGroupReduce(KernelLowerer& k, const ir::SegOp& seg, const std::vector<Operand>& operands,
                    ExpRef tid, ExpRef groupSize, const std::vector<ExpRef>& accs,
                    const std::vector<std::string>& sh) {
  Stm s;
  if (operands.size() != 2)
    return s;
  for (const ExpRef& acc : accs)
    if (primBytes(acc->type) < 4 || acc->type == PrimType::Bool)
      return s;
  std::vector<ExpRef> zero = neutrals(k, operands), above;
  std::vector<Stm> parts(2);
  for (size_t j = 0; j < 2; ++j) {
    parts[j].kind = Stm::Kind::GroupReduce;
    parts[j].name = accs[j]->name;
    parts[j].type = accs[j]->type;
    parts[j].src = sh.at(j);
    parts[j].text = k.freshName(operands[j].name + "_above");
    parts[j].args = {zero[j]};
    above.push_back(var(parts[j].text, accs[j]->type));
  }
  s = std::move(parts[0]);
  s.args = {tid, groupSize, zero[0]};
  s.elseBody.push_back(std::move(parts[1]));
  fold(k, seg, accs, above, s.body);
  return s;
}

} // namespace

void groupReduce(KernelLowerer& k, const ir::SegOp& seg, const std::vector<Operand>& operands,
                 ExpRef tid, ExpRef groupSize, const std::vector<ExpRef>& accs,
                 const std::vector<std::string>& sh, Block& out) {
  std::string above;
  if (ExpRef combined = combinedExpression(k, seg, operands, accs.at(0), above)) {
    Stm s; // Note [Group reduction in Imp]
    s.kind = Stm::Kind::GroupReduce;
    s.name = accs[0]->name;
    s.type = accs[0]->type;
    s.src = sh.at(0);
    s.text = above;
    s.args = {tid, groupSize, neutrals(k, operands).at(0), combined};
    out.push_back(comment("the first thread of each group combines the group's values, in "
                          "thread order"));
    out.push_back(std::move(s));
    return;
  }
  if (Stm pair = pairGroupReduce(k, seg, operands, tid, groupSize, accs, sh);
      !pair.body.empty()) {
    out.push_back(comment("the first thread of each group combines the group's values, in "
                          "thread order"));
    out.push_back(std::move(pair));
    return;
  }
  Stm s;
  s.kind = Stm::Kind::IfWarpShuffles;
  s.body = shuffleReduce(k, seg, operands, tid, groupSize, accs, sh);
  s.elseBody = treeReduce(k, seg, operands, tid, groupSize, accs, sh);
  out.push_back(std::move(s));
}

// ---------------------------------------------------------------------------------------

bool vectorElem(PrimType t) {
  return t == PrimType::F32 || t == PrimType::I32 || t == PrimType::U32;
}

bool contiguousFromZero(const ArrayVar& a) {
  int64_t offset = -1, stride = -1;
  return a.lmad.rank() == 1 && a.lmad.offset.isConst(&offset) && offset == 0 &&
         a.lmad.dims[0].stride.isConst(&stride) && stride == 1;
}


std::vector<VectorInput> vectorInputs(Lowerer& L, const ir::Body& body, const ir::VName& index) {
  std::vector<VectorInput> out;
  for (size_t i = 0; i < body.stms.size(); ++i) {
    const ir::Stm& s = body.stms[i];
    const auto* b = std::get_if<ir::BasicOp>(&s.exp);
    if (!b || b->kind != ir::BasicOp::Kind::Index || b->slice.size() != 1 ||
        !b->slice[0].fixed || !b->slice[0].index.isVar() ||
        b->slice[0].index.var().str() != index.str() || s.pat.size() != 1 ||
        s.pat[0].type.isArray() || !L.hasArray(b->arr))
      continue;
    const ArrayVar& a = L.array(b->arr);
    if (vectorElem(a.elem) && a.elem == s.pat[0].type.elem && contiguousFromZero(a))
      out.push_back(VectorInput{i, a, s.pat[0].name});
  }
  return out;
}

std::vector<ir::Stm> withoutInputs(const ir::Body& body, const std::vector<VectorInput>& ins) {
  std::vector<ir::Stm> out;
  for (size_t i = 0; i < body.stms.size(); ++i) {
    bool input = false;
    for (const VectorInput& v : ins)
      input = input || v.stm == i;
    if (!input)
      out.push_back(body.stms[i]);
  }
  return out;
}

bool scalarOnly(const std::vector<ir::Stm>& stms) {
  for (const ir::Stm& s : stms) {
    for (const ir::PatElem& pe : s.pat)
      if (pe.type.isArray())
        return false;
    if (const auto* b = std::get_if<ir::BasicOp>(&s.exp)) {
      if (b->kind == ir::BasicOp::Kind::Index || b->kind == ir::BasicOp::Kind::FlatIndex)
        return false;
    } else if (const auto* e = std::get_if<ir::If>(&s.exp)) {
      if (!scalarOnly(e->thenBody.stms) || !scalarOnly(e->elseBody.stms))
        return false;
    } else {
      return false;
    }
  }
  return true;
}

std::vector<std::string> laneArrays(KernelLowerer& k, const std::vector<VectorInput>& ins,
                                    int64_t count, Block& decls) {
  std::vector<std::string> out;
  for (const VectorInput& v : ins) {
    out.push_back(k.freshName(v.bound.name + "_lanes"));
    Stm s = sharedArray(out.back(), v.array.elem, count);
    s.space = MemSpace::Device; // private to the thread
    decls.push_back(std::move(s));
  }
  return out;
}

void loadLanes(KernelLowerer& k, const std::vector<VectorInput>& ins,
               const std::vector<std::string>& lanes, ExpRef g, ExpRef n, ExpRef first,
               Block& out) {
  for (size_t j = 0; j < ins.size(); ++j) {
    const ArrayVar& a = ins[j].array;
    k.noteArray(false, a);
    std::string m = k.mem(a.block, a.elem, false);
    if (!n) { // a whole group, known to lie inside the input: the vector load alone
      std::string vec = k.freshName(ins[j].bound.name + "_vec");
      Stm v;
      v.kind = Stm::Kind::DeclareVector;
      v.name = vec;
      v.src = m;
      v.type = a.elem;
      v.args.push_back(g);
      out.push_back(std::move(v));
      for (int64_t l = 0; l < 4; ++l)
        out.push_back(store(lanes[j], add(first, i64(l)), lane(vec, l, a.elem)));
      continue;
    }
    Stm s; // Note [Warp shuffles and vectors in Imp]
    s.kind = Stm::Kind::LoadLanes;
    s.name = lanes[j];
    s.src = m;
    s.type = a.elem;
    s.args = {first, g, n};
    out.push_back(std::move(s));
  }
}

} // namespace fjord::imp::detail
