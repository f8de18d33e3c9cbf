// Flattening of map nests into kernels: distribution of a map's body over the nest (see the
// header).
//
// Note [Distributing map nests]
// A host-level map and the maps nested in its body form a nest (KernelNest.h); every kernel
// made from it runs over the nest's space, one thread per point. Its body's statements are
// walked in order and gathered into a group of sequential code, until a statement with
// parallelism of its own (a map, or a reduction or scan, over a width that is the same at
// every point) is met. The statement is then distributed (map fission, PLDI'17 §5.1):
//   - the group becomes a SegMap over the nest's space that stores, for every point, the
//     values it binds that later statements use (G2; each must have a type that is the same
//     at every point, so the array holding them is regular, and none may be consumed later);
//   - a map extends the nest by one dimension and its body is distributed in turn (G1): a
//     perfect nest `map (\r -> map f r) xss` or `tabulate_2d` is one 2-D SegMap;
//   - a reduction or scan (with an operator on scalars) ending a one-dimensional nest becomes
//     a segmented SegRed or SegScan over the nest's space and its width (G3: `map (\r -> reduce (+) 0 r) xss` reduces the
//     innermost dimension); in a nest of two or more dimensions it stays sequential code, as
//     the points of the nest are parallelism enough and tiling (gpu/) wants the reduction in
//     the thread (SGEMM's `map (\r -> map (\c -> sum (map2 (*) r c)) bt) a` is a 2-D SegMap);
//   - a sequential `for` loop whose body holds such a statement is interchanged with the nest
//     (G7): a host loop over arrays holding every point's merge values, whose body is
//     distributed over the same nest;
//   - an `if` whose condition is the same at every point and whose branches hold such a
//     statement becomes a host `if` whose branches are distributed over the same nest.
// Later statements read the stored values at their point. The group left at the end becomes
// the SegMap computing the results that no distributed statement computed. Where a value
// would be irregular, the statement is not distributed and joins the group (it runs
// sequentially in the thread), which is also what happens to every other statement.
// Statements that use nothing bound in the nest and can neither fail nor be updated in place
// (scalar arithmetic, `iota`, transpositions) are hoisted to host code before the nest, so
// that widths computed in the map's body are seen as the same at every point; so are
// assertions that use nothing bound in the nest (as in Futhark, they then fail even when the
// nest is empty).
//
// Note [Multi-versioned nests]
// Flattening is not always best: when the outer maps alone have parallelism enough to fill
// the GPU, running the inner parallelism sequentially in each thread (one kernel, no
// intermediate arrays) beats splitting it into kernels. As in Futhark's incremental
// flattening (PLDI'19; the thesis's chapter 7), a map whose distribution exploits inner
// parallelism (more than one kernel, or a segmented reduction or scan, rather than one
// SegMap; found by a trial distribution that leaves every name source as it was) is
// compiled twice, and a threshold chooses at run time (Note [Thresholds] in ir/IR.h):
//   let outer_par = w_1 * ... * w_q                 -- the points of the nest so far
//   let suff = cmp_size("f.suff_outer_par_k", suff_outer_par) <= outer_par
//   let res = if suff
//             then segmap over the nest { the map's whole body, sequential }  -- version A
//             else { the distributed kernels, as above }                      -- version C
// Version A's kernel is named `<f>_outer_<what>`; imp/ says in each kernel's comment which
// version it belongs to and which threshold selects it. Distribution of version C meets
// inner maps and versions them in turn, so thresholds form a tree: `f.suff_outer_par_1`
// is compared only when `f.suff_outer_par_0` failed (the tuning header lists the tree).
// Where one block per point of the nest can run the map's body (IntraGroup.h: scalar code
// with its `if`s and loops, views and Scremas over an inner width w whose lambdas work on
// scalars), the flattened
// version is itself split with the intra-group version B (Note [Intra-group SegMap] in
// ir/IR.h), as in the thesis's tuning trees:
//             else { let suff_intra = cmp_size("f.suff_intra_par_j", suff_intra_par) <= w
//                    let intra_ok = suff_intra && the block of w threads and its shared
//                                   memory fit the device (Note [Device limits] in ir/IR.h)
//                    in if intra_ok then segmap(intra_group) { the body }   -- version B
//                                   else { the distributed kernels }         -- version C }
// Its kernel is named `<f>_intra_<what>`. Other bodies get no version B (A and C are
// always correct); a perfect map nest, which flattens into one SegMap, gets no versions,
// nor does a nest whose distribution is one segmented reduction or scan of its rows, which
// dominates version A (Note [Dominated outer versions]). Source attributes choose versions
// too (`#[sequential_inner]`: only A; `#[incremental_flattening(no_outer)]`: only C; Note
// [Flattening attributes] in FlatteningAttributes.cpp).
#include "gpu/DistributeNests.h"

#include "gpu/FlatteningAttributes.h"
#include "gpu/IntraGroup.h"
#include "gpu/ReducibleLoops.h"
#include "ir/Traverse.h"
#include "support/Diagnostics.h"

#include <map>

namespace fjord::gpu {
namespace {

using namespace ir;
using ir::Type; // not fjord::Type (source-language types)

bool mayFail(const BasicOp& op) {
  if (op.kind != BasicOp::Kind::BinOp || isFloat(op.type))
    return false;
  switch (op.binOp) {
  case BinOpKind::Div:
  case BinOpKind::Mod:
  case BinOpKind::Quot:
  case BinOpKind::Rem:
  case BinOpKind::Pow:
    return true;
  default:
    return false;
  }
}

} // namespace

bool hoistableKind(const Stm& stm) {
  const auto* op = std::get_if<BasicOp>(&stm.exp);
  if (!op || mayFail(*op))
    return false;
  switch (op->kind) {
  case BasicOp::Kind::SubExp:
  case BasicOp::Kind::UnOp:
  case BasicOp::Kind::BinOp:
  case BasicOp::Kind::CmpOp:
  case BasicOp::Kind::Convert:
    return stm.pat.size() == 1 && !stm.pat[0].type.isArray();
  case BasicOp::Kind::Iota:
  case BasicOp::Kind::Rearrange:
  case BasicOp::Kind::Assert: // fails the same at every point (even with none, as Futhark)
    return true;
  default:
    return false;
  }
}

namespace {

/// A statement of the nest's body that has parallelism of its own.
enum class Parallel { None, Map, Red, Scan, Loop, If };

/// The walk over one body of the nest.
struct Walk {
  KernelNest& nest;
  const Body& body;
  const std::vector<Type>& retTypes;
  const std::vector<PatElem>& pat; ///< what the body's results become: [w_1]...[w_q]t arrays
  const Provenance& prov;          ///< the map whose body this is
  std::vector<Stm>& out;
  std::vector<Stm> group;            ///< sequential statements not yet in a kernel
  std::vector<bool> covered;         ///< results already stored by a distributed statement
  std::map<VName, size_t> resultIndex; ///< names bound in the body that it returns
};

/// The SegOps of `stms`, those in host `if`s and loops included.
void segOps(const std::vector<Stm>& stms, std::vector<const SegOp*>& found) {
  for (const Stm& s : stms) {
    if (const auto* op = std::get_if<Op>(&s.exp))
      if (const auto* seg = std::get_if<SegOp>(op))
        found.push_back(seg);
    if (const auto* i = std::get_if<If>(&s.exp)) {
      segOps(i->thenBody.stms, found);
      segOps(i->elseBody.stms, found);
    } else if (const auto* l = std::get_if<Loop>(&s.exp)) {
      segOps(l->body.stms, found);
    }
  }
}

/// Whether flattening `stms` (a nest's distribution) exploited inner parallelism: more
/// than one kernel, or a segmented reduction or scan, rather than one SegMap.
bool exploitsInnerParallelism(const std::vector<Stm>& stms) {
  std::vector<const SegOp*> found;
  segOps(stms, found);
  return found.size() > 1 || (found.size() == 1 && found[0]->kind != SegOp::Kind::Map);
}

// Note [Dominated outer versions]
// Version A is not made where the distribution is one segmented reduction or scan over rows
// of the map's own inputs (`map (\r -> reduce op ne (map f r)) xss`, `map (scan op ne)
// xss`): there it cannot pay. Its threads would walk rows of a row-major array, reading
// addresses a row apart: uncoalesced (3.1 ms for 4194304 x 64 f32 row sums on an H100),
// or, as mem/Coalesce.h arranges, from a transposed copy that reads and writes the whole
// array once more before the kernel reads it (0.9 ms, three passes over 1 GiB). The
// segmented kernel reads the rows once, coalesced, whatever their shape: the reduction
// gives each segment a group of threads sized from the row length at run time, down to one
// thread per row for rows of at most 8 elements, which is version A's kernel without the
// copy (Note [Segmented reduction] in imp/LowerSegRed.cpp); the scan is one flat scan of
// every element with row flags (imp/LowerSegScan.cpp), reading and writing coalesced where
// version A would also write its rows a row apart. A reduction over arrays that are the same
// at every point (N-body's `map (\p -> reduce (+) 0 (map (f p) ps)) ps`) keeps its version
// A, which block tiling (TileBlocks.h) makes coalesced and reused through shared memory;
// so do nests whose distribution has more than one kernel (a loop of scans, fission), and
// nests over a transposition (`map (\c -> reduce (+) 0 c) (transpose a)`, a host-level
// Rearrange or a view of one), whose rows are columns in memory: there version A's threads
// read consecutive addresses and the segmented kernel's would not.

/// Whether `stms` (a trial distribution of `s`'s body) is one segmented reduction or scan
/// whose input is a row of one of `s`'s inputs, not one of `rearranged` (Note [Dominated
/// outer versions]).
bool segmentsRows(const std::vector<Stm>& stms, const Screma& s, const NameSet& rearranged) {
  std::vector<const SegOp*> found;
  segOps(stms, found);
  if (found.size() != 1 ||
      (found[0]->kind != SegOp::Kind::Red && found[0]->kind != SegOp::Kind::Scan))
    return false;
  NameSet rows;
  for (size_t k = 0; k < s.map.params.size() && k < s.inputs.size(); ++k)
    if (s.map.params[k].type.isArray() && !rearranged.count(s.inputs[k]))
      rows.insert(s.map.params[k].name);
  for (const Stm& stm : s.map.body.stms)
    if (const Screma* inner = asScrema(stm.exp);
        inner && (!inner->reds.empty() || !inner->scans.empty()))
      for (const VName& in : inner->inputs)
        if (rows.count(in))
          return true;
  return false;
}

class Distributor {
public:
  Distributor(NameSource& names, IotaMap& iotas, ThresholdNames& thresholds,
              const ExtractOptions& options, const NameSet& rearranged)
      : names_(names), iotas_(iotas), thresholds_(thresholds), options_(options),
        rearranged_(rearranged) {}

  /// Distributes `let pat = map lam inputs` nested in `outer` (empty at host level); where
  /// that exploits inner parallelism, also makes the outer-parallel version and chooses
  /// between the two at run time (Note [Multi-versioned nests]).
  void map(KernelNest nest, const Screma& s, const std::vector<PatElem>& pat,
           const Provenance& prov, std::vector<Stm>& out) {
    nest.addLevel(names_, s.width, s.map, s.inputs);
    FlatteningAttrs attrs = flatteningAttrs(prov); // Note [Flattening attributes]
    if (attrs.sequentialInner) {
      out.push_back(segMap(nest, s.map.body.stms, s.map.body.result, s.map.retTypes, pat,
                           outerProvenance(prov)));
      return;
    }
    if (options_.multiVersion && options_.segmentedReductions && !attrs.noIntra &&
        irregularReduction(nest, s.map)) {
      irregularVersions(nest, s, pat, prov, attrs.noOuter, out);
      return;
    }
    if (!options_.multiVersion || attrs.noOuter || !outerVersionPays(nest, s, pat, prov)) {
      body(nest, s.map.body, s.map.retTypes, pat, prov, out);
      return;
    }
    // if (threshold <= w_1 * ... * w_q) { outer-parallel version } else { flattened }
    If choice = outerVersionChoice(nest, pat, prov, out);
    std::vector<PatElem> outerPat = freshLike(pat), flatPat = freshLike(pat);
    // Flattened first, so that its names stay those of the unversioned code where they can.
    KernelNest flatNest = nest; // distribution adds the values it stores to the nest
    body(flatNest, s.map.body, s.map.retTypes, flatPat, prov, choice.elseBody.stms);
    Body seq = renameBody(s.map.body, names_); // its names are bound once per function
    std::vector<Type> types = s.map.retTypes;
    choice.thenBody.stms.push_back(segMap(nest, std::move(seq.stms), std::move(seq.result),
                                          std::move(types), outerPat, outerProvenance(prov)));
    for (size_t k = 0; k < pat.size(); ++k) {
      choice.thenBody.result.push_back(outerPat[k].name);
      choice.elseBody.result.push_back(flatPat[k].name);
    }
    std::optional<IntraWidth> width;
    if (!attrs.noIntra)
      width = intraGroupWidth(nest, s.map);
    if (width) { // version B
      std::vector<PatElem> intraPat = freshLike(pat);
      Body block = renameBody(s.map.body, names_);
      Provenance intra = prov; // names the kernel: `<fun>_intra_map`
      intra.what = "intra_" + (prov.what.empty() ? std::string("map") : prov.what);
      Stm b = segMap(nest, std::move(block.stms), std::move(block.result), s.map.retTypes,
                     intraPat, intra);
      std::get<SegOp>(std::get<Op>(b.exp)).intra = true;
      choice.elseBody = chooseIntraGroup(*width, std::move(b), intraPat,
                                         std::move(choice.elseBody.stms), flatPat, names_,
                                         thresholds_, prov);
    }
    out.push_back(Stm{pat, Exp{std::move(choice)}, prov});
  }

private:
  NameSource& names_;
  IotaMap& iotas_;
  ThresholdNames& thresholds_;
  const ExtractOptions& options_;
  /// Host-level arrays whose rows may not be contiguous (Note [Dominated outer versions]).
  const NameSet& rearranged_;
  /// The indices some kernel already binds.
  NameSet takenIndices_;
  /// The names of the nest some kernel already reads.
  NameSet takenNames_;

  // Note [Irregular reductions]
  // A one-dimensional map whose body is scalar code around one reducible loop (Note [Loops
  // as reductions] in ReducibleLoops.cpp) whose trip count varies per point (trmv's
  // `loop acc = 0 for j < i + 1 do acc + l[row + j] * x[j]`) cannot be a segmented
  // reduction: its segments are irregular. Its version A, a thread per point, reads the
  // rows a row apart and leaves most threads idle on the short rows. So it gets a version
  // with a block per point, a SegMap marked intra-group whose body is unchanged: imp/ lets
  // the block's threads stride over the loop's iterations and combines their partial
  // results in shared memory (Note [Intra-group kernels] in imp/LowerIntraGroup.cpp); it
  // fits any device (a fixed block of 256 threads) and is chosen when the points alone
  // are too few to fill the GPU:
  //   if cmp_size("f.suff_outer_par_k", suff_outer_par) <= w then version A else version B
  // `#[incremental_flattening(no_outer)]` keeps only B, `no_intra` only A.

  /// The `if` that chooses a map's outer-parallel version A (its then-branch) for the result
  /// `pat`: its condition `suff_outer_par`, bound in `out`, tests the nest's next SuffOuterPar
  /// threshold against the nest's parallelism.
  If outerVersionChoice(const KernelNest& nest, const std::vector<PatElem>& pat,
                        const Provenance& prov, std::vector<Stm>& out) {
    BasicOp cmp;
    cmp.kind = BasicOp::Kind::CmpSize;
    cmp.threshold = thresholds_.next(ThresholdClass::SuffOuterPar);
    cmp.thresholdClass = ThresholdClass::SuffOuterPar;
    cmp.args = {parallelism(nest, prov, out)};
    Param suff{names_.fresh("suff_outer_par"), Type::prim(PrimType::Bool), nullptr};
    out.push_back(Stm{{suff}, Exp{std::move(cmp)}, prov});
    If choice;
    choice.cond = suff.name;
    for (const PatElem& pe : pat)
      choice.types.push_back(pe.type);
    return choice;
  }

  /// Versions A and B of a map with an irregular reduction (Note [Irregular reductions]).
  void irregularVersions(const KernelNest& nest, const Screma& s, const std::vector<PatElem>& pat,
                         const Provenance& prov, bool onlyIntra, std::vector<Stm>& out) {
    auto blockPerPoint = [&](const std::vector<PatElem>& bpat) {
      Body block = renameBody(s.map.body, names_);
      Provenance intra = prov; // names the kernel: `<fun>_intra_map`
      intra.what = "intra_" + (prov.what.empty() ? std::string("map") : prov.what);
      Stm b = segMap(nest, std::move(block.stms), std::move(block.result), s.map.retTypes,
                     bpat, intra);
      std::get<SegOp>(std::get<Op>(b.exp)).intra = true;
      return b;
    };
    if (onlyIntra) {
      out.push_back(blockPerPoint(pat));
      return;
    }
    If choice = outerVersionChoice(nest, pat, prov, out);
    std::vector<PatElem> outerPat = freshLike(pat), intraPat = freshLike(pat);
    Body seq = renameBody(s.map.body, names_);
    choice.thenBody.stms.push_back(segMap(nest, std::move(seq.stms), std::move(seq.result),
                                          s.map.retTypes, outerPat, outerProvenance(prov)));
    choice.elseBody.stms.push_back(blockPerPoint(intraPat));
    for (size_t k = 0; k < pat.size(); ++k) {
      choice.thenBody.result.push_back(outerPat[k].name);
      choice.elseBody.result.push_back(intraPat[k].name);
    }
    out.push_back(Stm{pat, Exp{std::move(choice)}, prov});
  }

  /// Names version A's kernel: `<fun>_outer_map`.
  static Provenance outerProvenance(const Provenance& prov) {
    Provenance outer = prov;
    outer.what = "outer_" + (prov.what.empty() ? std::string("map") : prov.what);
    return outer;
  }

  /// Whether the outer-parallel version of `s` over `nest` may beat its distribution: the
  /// distribution exploits inner parallelism (Note [Multi-versioned nests]) and is not a
  /// segmented operation that dominates version A (Note [Dominated outer versions]). Found by
  /// a trial distribution, after which every name source and table is as before.
  bool outerVersionPays(const KernelNest& nest, const Screma& s,
                        const std::vector<PatElem>& pat, const Provenance& prov) {
    NameSource names = names_;
    IotaMap iotas = iotas_;
    ThresholdNames thresholds = thresholds_;
    NameSet indices = takenIndices_, taken = takenNames_;
    KernelNest trialNest = nest;
    std::vector<Stm> trial;
    body(trialNest, s.map.body, s.map.retTypes, pat, prov, trial);
    names_ = names;
    iotas_ = std::move(iotas);
    thresholds_ = std::move(thresholds);
    takenIndices_ = std::move(indices);
    takenNames_ = std::move(taken);
    return exploitsInnerParallelism(trial) && !segmentsRows(trial, s, rearranged_);
  }

  /// The number of points of `nest`, computed in host code appended to `out`.
  SubExp parallelism(const KernelNest& nest, const Provenance& prov, std::vector<Stm>& out) {
    SubExp total = PrimValue::int64(1);
    for (const auto& [gtid, width] : nest.dims) {
      if (!total.isVar() && total.constant().i == 1) {
        total = width;
        continue;
      }
      BasicOp mul;
      mul.kind = BasicOp::Kind::BinOp;
      mul.binOp = BinOpKind::Mul;
      mul.type = PrimType::I64;
      mul.args = {total, width};
      Param p{names_.fresh("outer_par"), Type::prim(PrimType::I64), nullptr};
      out.push_back(Stm{{p}, Exp{std::move(mul)}, prov});
      total = p.name;
    }
    return total;
  }

  std::vector<PatElem> freshLike(const std::vector<PatElem>& pat) {
    std::vector<PatElem> fresh;
    for (const PatElem& pe : pat)
      fresh.push_back(Param{names_.fresh(pe.name.name), pe.type, nullptr});
    return fresh;
  }

  /// Distributes `b`, run at every point of `nest` and returning values of `retTypes`,
  /// whose results are stored in `pat`.
  void body(KernelNest& nest, const Body& b, const std::vector<Type>& retTypes,
            const std::vector<PatElem>& pat, const Provenance& prov, std::vector<Stm>& out) {
    FJORD_CHECK(b.result.size() == pat.size() && retTypes.size() == pat.size(),
                "map pattern does not match its lambda");
    size_t n = b.stms.size();
    std::vector<NameSet> usedFrom(n + 1), consumedFrom(n + 1);
    usedFrom[n] = varsOf(b.result);
    for (size_t i = n; i-- > 0;) {
      usedFrom[i] = usedFrom[i + 1];
      NameSet fv = freeVars(b.stms[i]);
      usedFrom[i].insert(fv.begin(), fv.end());
      consumedFrom[i] = consumedFrom[i + 1];
      NameSet c = consumedIn(b.stms[i]);
      consumedFrom[i].insert(c.begin(), c.end());
    }
    Walk w{nest, b, retTypes, pat, prov, out, {}, std::vector<bool>(pat.size(), false), {}};
    std::map<VName, Type> boundType;
    for (const Stm& s : b.stms)
      for (const PatElem& pe : s.pat)
        boundType[pe.name] = pe.type;
    for (size_t k = 0; k < b.result.size(); ++k) {
      if (!b.result[k].isVar())
        continue;
      auto t = boundType.find(b.result[k].var());
      if (t != boundType.end() && !w.resultIndex.count(t->first) &&
          nest.expand(t->second).shape == pat[k].type.shape)
        w.resultIndex[t->first] = k;
    }

    for (size_t i = 0; i < n; ++i) {
      // A reducible loop over a width the same at every point is a map-reduce over
      // `iota` (Note [Loops as reductions] in ReducibleLoops.cpp): its iota is hoisted and
      // its reduction segmented, as those of the source's map-reduces.
      std::vector<Stm> asReduction;
      if (std::optional<ReducibleLoop> r = segmentableLoop(nest, b.stms[i]))
        loopAsReduction(b.stms[i], *r, names_, asReduction);
      if (asReduction.empty())
        asReduction.push_back(b.stms[i]);
      for (const Stm& s : asReduction)
        statement(w, s, usedFrom[i], consumedFrom[i]);
    }
    finish(w);
  }

  /// A reducible loop of a one-dimensional nest whose bound is the same at every point and
  /// that may be parallel (Note [Flattening attributes]).
  std::optional<ReducibleLoop> segmentableLoop(const KernelNest& nest, const Stm& s) const {
    if (nest.dims.size() != 1 || !options_.segmentedReductions)
      return std::nullopt;
    FlatteningAttrs attrs = flatteningAttrs(s.prov);
    if (attrs.sequential || attrs.sequentialOuter)
      return std::nullopt;
    std::optional<ReducibleLoop> r = reducibleLoop(s);
    if (!r || !nest.invariant(std::get<Loop>(s.exp).bound))
      return std::nullopt;
    return r;
  }

  /// Walks one statement of a body distributed by `body`: hoisted, distributed or added
  /// to the group.
  void statement(Walk& w, const Stm& s, const NameSet& used, const NameSet& consumed) {
    KernelNest& nest = w.nest;
    std::vector<Stm>& out = w.out;
    if (hoistable(nest, s, consumed)) {
      const auto& op = std::get<BasicOp>(s.exp);
      if (op.kind == BasicOp::Kind::Iota)
        iotas_[s.pat[0].name] = op;
      out.push_back(op.kind == BasicOp::Kind::Assert ? unlessEmpty(nest, s, out) : s);
      return;
    }
    Parallel kind = parallelism(nest, s);
    if (kind != Parallel::None && closeGroup(w, used, consumed)) {
      std::vector<PatElem> stored = storedPattern(w, s.pat);
      distribute(kind, nest, s, stored, out);
      for (size_t j = 0; j < s.pat.size(); ++j)
        nest.addExpanded(s.pat[j], stored[j].name);
      return;
    }
    w.group.push_back(s);
    for (const PatElem& pe : s.pat)
      nest.inside.insert(pe.name);
  }

  bool hoistable(const KernelNest& nest, const Stm& s, const NameSet& consumed) const {
    if (!hoistableKind(s) || nest.usesInside(freeVars(s)))
      return false;
    for (const PatElem& pe : s.pat)
      if (consumed.count(pe.name))
        return false;
    return true;
  }

  /// `if (w_1 > 0 && ... && w_q > 0) { s }`: a statement hoisted out of the nest that must
  /// not run when the nest has no point (an assertion).
  Stm unlessEmpty(const KernelNest& nest, const Stm& s, std::vector<Stm>& out) {
    If guard;
    guard.thenBody.stms.push_back(s);
    for (const auto& [gtid, width] : nest.dims) {
      if (!width.isVar() && width.constant().i > 0)
        continue;
      BasicOp cmp;
      cmp.kind = BasicOp::Kind::CmpOp;
      cmp.cmpOp = CmpOpKind::Lt;
      cmp.type = PrimType::I64;
      cmp.args = {PrimValue::int64(0), width};
      Param nonempty{names_.fresh("nonempty"), Type::prim(PrimType::Bool), nullptr};
      out.push_back(Stm{{nonempty}, Exp{std::move(cmp)}, s.prov});
      SubExp c = nonempty.name;
      if (guard.cond.isVar()) {
        BasicOp both;
        both.kind = BasicOp::Kind::BinOp;
        both.binOp = BinOpKind::LogAnd;
        both.type = PrimType::Bool;
        both.args = {guard.cond, c};
        Param all{names_.fresh("nonempty"), Type::prim(PrimType::Bool), nullptr};
        out.push_back(Stm{{all}, Exp{std::move(both)}, s.prov});
        c = all.name;
      }
      guard.cond = c;
    }
    if (!guard.cond.isVar())
      return s;
    return Stm{{}, Exp{std::move(guard)}, s.prov};
  }

  /// Whether `s` has parallelism that distribution can give its own kernels.
  Parallel parallelism(const KernelNest& nest, const Stm& s) const {
    FlatteningAttrs attrs = flatteningAttrs(s.prov); // Note [Flattening attributes]
    if (attrs.sequential || attrs.sequentialOuter)
      return Parallel::None;
    for (const PatElem& pe : s.pat)
      if (!nest.invariant(pe.type))
        return Parallel::None;
    // A loop consumes its initial values, which interchange copies.
    if (const auto* loop = std::get_if<Loop>(&s.exp))
      return consumedIn(loop->body).empty() && interchangeable(nest, *loop) ? Parallel::Loop
                                                                              : Parallel::None;
    if (!consumedIn(s).empty())
      return Parallel::None;
    if (const auto* branch = std::get_if<If>(&s.exp))
      return nest.invariant(branch->cond) &&
                     (holdsParallelism(nest, branch->thenBody, {}) ||
                      holdsParallelism(nest, branch->elseBody, {}))
                 ? Parallel::If
                 : Parallel::None;
    const Screma* sc = asScrema(s.exp);
    if (!sc || !nest.invariant(sc->width))
      return Parallel::None;
    if (sc->scans.empty() && sc->reds.empty())
      return Parallel::Map;
    if (nest.dims.size() != 1 || (!sc->scans.empty() && !sc->reds.empty()))
      return Parallel::None;
    bool red = !sc->reds.empty();
    if (red ? !options_.segmentedReductions : !options_.segmentedScans)
      return Parallel::None;
    for (const RedOp& op : red ? sc->reds : sc->scans) {
      if (nest.usesInside(freeVars(op.op)) || nest.usesInside(varsOf(op.neutral)))
        return Parallel::None;
      for (const Param& p : op.op.params) // segmented operators on arrays: not yet
        if (p.type.isArray())
          return Parallel::None;
    }
    return red ? Parallel::Red : Parallel::Scan;
  }

  /// G7: a `for` loop with the same trip count and merge types at every point, whose body
  /// holds a map, reduction or scan over a width that is the same at every point and
  /// iteration.
  bool interchangeable(const KernelNest& nest, const Loop& loop) const {
    if (loop.kind != Loop::Kind::For || !nest.invariant(loop.bound))
      return false;
    for (const auto& [p, init] : loop.merge)
      if (!nest.invariant(p.type))
        return false;
    NameSet merge;
    for (const auto& [p, init] : loop.merge)
      merge.insert(p.name);
    return holdsParallelism(nest, loop.body, merge);
  }

  /// Whether `b` holds a map, reduction or scan whose width is the same at every point of
  /// `nest` and binds none of `variant` nor of `b`'s names.
  bool holdsParallelism(const KernelNest& nest, const Body& b, NameSet variant) const {
    NameSet bound = boundVars(b);
    variant.insert(bound.begin(), bound.end());
    for (const Stm& s : b.stms)
      if (const Screma* sc = asScrema(s.exp);
          sc && nest.invariant(sc->width) && !(sc->width.isVar() && variant.count(sc->width.var())))
        return true;
    return false;
  }

  /// Ends the group before a distributed statement: a SegMap stores the values of the group
  /// that `needed` (the statement and those after it) uses. False, with nothing emitted,
  /// when one of them is irregular or consumed later.
  bool closeGroup(Walk& w, const NameSet& needed, const NameSet& consumed) {
    std::vector<PatElem> outputs;
    for (const Stm& s : w.group)
      for (const PatElem& pe : s.pat)
        if (needed.count(pe.name)) {
          if (!w.nest.invariant(pe.type) || consumed.count(pe.name))
            return false;
          outputs.push_back(pe);
        }
    if (outputs.empty())
      return true; // the group's statements (assertions, say) join the next group
    std::vector<SubExp> result;
    std::vector<Type> types;
    for (const PatElem& pe : outputs) {
      result.push_back(pe.name);
      types.push_back(pe.type);
    }
    std::vector<PatElem> stored = storedPattern(w, outputs);
    w.out.push_back(segMap(w.nest, std::move(w.group), std::move(result), std::move(types),
                           stored, w.prov));
    w.group.clear();
    for (size_t k = 0; k < outputs.size(); ++k) {
      w.nest.addExpanded(outputs[k], stored[k].name);
      takenNames_.insert(outputs[k].name); // bound by the group's kernel
    }
    return true;
  }

  /// The arrays that store `pat`'s values for every point: the nest's own pattern where the
  /// body returns the value, else fresh arrays named after the values.
  std::vector<PatElem> storedPattern(Walk& w, const std::vector<PatElem>& pat) {
    std::vector<PatElem> stored;
    for (const PatElem& pe : pat) {
      auto r = w.resultIndex.find(pe.name);
      if (r != w.resultIndex.end() && !w.covered[r->second]) {
        w.covered[r->second] = true;
        stored.push_back(w.pat[r->second]);
      } else {
        stored.push_back(Param{names_.fresh(pe.name.name), w.nest.expand(pe.type), nullptr});
      }
    }
    return stored;
  }

  /// `nest` with indices no other kernel binds.
  KernelNest ownIndices(const KernelNest& nest) {
    KernelNest own = nest.renamed(names_, takenIndices_);
    for (const auto& d : own.dims)
      takenIndices_.insert(d.first);
    return own;
  }

  Stm segMap(const KernelNest& shared, std::vector<Stm> stms, std::vector<SubExp> result,
             std::vector<Type> types, std::vector<PatElem> pat, const Provenance& prov) {
    KernelNest nest = ownIndices(shared);
    SegOp op;
    op.kind = SegOp::Kind::Map;
    op.space = nest.space(names_);
    op.types = std::move(types);
    op.body = kernelBody(nest, std::move(stms), std::move(result), iotas_, names_, prov, &takenNames_);
    return segStm(std::move(pat), std::move(op), prov);
  }

  void distribute(Parallel kind, const KernelNest& nest, const Stm& s,
                  const std::vector<PatElem>& stored, std::vector<Stm>& out) {
    if (kind == Parallel::Loop)
      return interchange(nest, s, std::get<Loop>(s.exp), stored, out);
    if (kind == Parallel::If)
      return branches(nest, s, std::get<If>(s.exp), stored, out);
    const Screma& sc = *asScrema(s.exp);
    if (kind == Parallel::Map)
      return map(nest, sc, stored, s.prov, out);
    KernelNest inner = ownIndices(nest);
    inner.addLevel(names_, sc.width, sc.map, sc.inputs);
    SegOp op;
    op.kind = kind == Parallel::Red ? SegOp::Kind::Red : SegOp::Kind::Scan;
    op.space = inner.space(names_);
    op.ops = kind == Parallel::Red ? sc.reds : sc.scans;
    op.types = sc.map.retTypes;
    op.body = kernelBody(inner, sc.map.body.stms, sc.map.body.result, iotas_, names_, s.prov, &takenNames_);
    out.push_back(segStm(stored, std::move(op), s.prov));
  }

  /// G7: `map (\x -> loop acc = a for i < n do body) xs` becomes
  /// `loop accs = map (\x -> a) xs for i < n do map (\x acc -> body) xs accs`, whose body is
  /// distributed in turn.
  void interchange(const KernelNest& nest, const Stm& s, const Loop& loop,
                   const std::vector<PatElem>& stored, std::vector<Stm>& out) {
    std::vector<SubExp> inits;
    std::vector<Type> types;
    std::vector<PatElem> initPat;
    for (const auto& [p, init] : loop.merge) {
      inits.push_back(init);
      types.push_back(p.type);
      initPat.push_back(Param{names_.fresh(p.name.name + "_init"), nest.expand(p.type), nullptr});
    }
    out.push_back(segMap(nest, {}, std::move(inits), std::move(types), initPat, s.prov));

    KernelNest inner = nest;
    Loop host;
    host.kind = Loop::Kind::For;
    host.iterator = loop.iterator;
    host.bound = loop.bound;
    std::vector<PatElem> next;
    std::vector<Type> mergeTypes;
    for (size_t k = 0; k < loop.merge.size(); ++k) {
      const Param& p = loop.merge[k].first;
      Param all{names_.fresh(p.name.name), nest.expand(p.type), nullptr};
      host.merge.emplace_back(all, SubExp(initPat[k].name));
      inner.addExpanded(p, all.name);
      next.push_back(Param{names_.fresh(p.name.name + "_next"), all.type, nullptr});
      mergeTypes.push_back(p.type);
    }
    body(inner, loop.body, mergeTypes, next, s.prov, host.body.stms);
    for (const PatElem& pe : next)
      host.body.result.push_back(pe.name);
    out.push_back(Stm{stored, Exp{std::move(host)}, s.prov});
  }

  /// Map-if: `map (\x -> if c then a else b) xs`, `c` the same at every point, becomes
  /// `if c then map (\x -> a) xs else map (\x -> b) xs`, each branch distributed in turn.
  void branches(const KernelNest& nest, const Stm& s, const If& branch,
                const std::vector<PatElem>& stored, std::vector<Stm>& out) {
    If host;
    host.cond = branch.cond;
    for (const PatElem& pe : stored)
      host.types.push_back(pe.type);
    for (auto [from, to] : {std::pair{&branch.thenBody, &host.thenBody},
                            std::pair{&branch.elseBody, &host.elseBody}}) {
      std::vector<PatElem> results;
      for (const PatElem& pe : s.pat)
        results.push_back(Param{names_.fresh(pe.name.name), nest.expand(pe.type), nullptr});
      KernelNest inner = nest;
      body(inner, *from, branch.types, results, s.prov, to->stms);
      for (const PatElem& pe : results)
        to->result.push_back(pe.name);
    }
    out.push_back(Stm{stored, Exp{std::move(host)}, s.prov});
  }

  /// The SegMap computing the results no distributed statement stored, with the group.
  void finish(Walk& w) {
    std::vector<SubExp> result;
    std::vector<Type> types;
    std::vector<PatElem> pat;
    for (size_t k = 0; k < w.pat.size(); ++k) {
      if (w.covered[k])
        continue;
      result.push_back(w.body.result[k]);
      types.push_back(w.retTypes[k]);
      pat.push_back(w.pat[k]);
    }
    if (result.empty() && !hasAssertion(w.group))
      return;
    w.out.push_back(segMap(w.nest, std::move(w.group), std::move(result), std::move(types),
                           std::move(pat), w.prov));
  }

  static bool hasAssertion(const std::vector<Stm>& stms) {
    for (const Stm& s : stms)
      if (const auto* op = std::get_if<BasicOp>(&s.exp); op && op->kind == BasicOp::Kind::Assert)
        return true;
    return false;
  }
};

} // namespace

void distributeMap(const Stm& stm, const Screma& s, NameSource& names, IotaMap& iotas,
                   ThresholdNames& thresholds, const ExtractOptions& options,
                   const NameSet& rearranged, std::vector<Stm>& out) {
  Distributor(names, iotas, thresholds, options, rearranged)
      .map(KernelNest{}, s, stm.pat, stm.prov, out);
}

} // namespace fjord::gpu
