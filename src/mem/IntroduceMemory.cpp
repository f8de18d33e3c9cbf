// Memory introduction (see IntroduceMemory.h for the IR it produces).
//
// One walk over each function, keeping the type and memory of every name bound so far
// (names are unique, so one table serves the whole program). Host code allocates; an array
// created in a SegOp body (or in a SOAC lambda nested there) gets expanded memory allocated
// on the host before the SegOp, or its row of the SegOp's result (Note [Memory expansion] in
// Expand.h). SegOp operators and functions called from kernels only form views.
//
// Note [Existential memory]
// FUNMEM (IFL'22 §4.5) returns the block, offset and every size and stride of a branch's
// array as existentials, and a simplifier prunes the unneeded ones. This first version only
// makes the *block* existential: results of `if`s (when the branches disagree), loops and
// calls are row-major at offset 0 in a block that travels with them, and a branch or loop
// body whose array has another layout copies it into a fresh row-major block (the blog,
// paper 001: "whenever the index functions differ structurally, we insert a copy"). So the
// LMAD of such a result is always known statically from its shape; only its block varies.
// Except: branches viewing one block in different layouts, and loops re-viewing their merge
// parameter, get existential offsets and strides instead of a copy (Note [Existential
// LMADs] in Existential.cpp).
#include "mem/IntroduceMemory.h"

#include "gpu/DeviceFunctions.h"
#include "ir/ElementIndex.h"
#include "ir/MemInfo.h"
#include "ir/Traverse.h"
#include "mem/Existential.h"
#include "mem/Expand.h"
#include "mem/KernelLoops.h"
#include "mem/Layout.h"
#include "mem/SizeFacts.h"
#include "support/Diagnostics.h"

#include <array>
#include <map>
#include <optional>
#include <set>
#include <variant>

namespace fjord::mem {
namespace {

using namespace ir;
using ir::Type; // not fjord::Type (source-language types)
using symbolic::Lmad;

template <class... Fs> struct Overloaded : Fs... { using Fs::operator()...; };
template <class... Fs> Overloaded(Fs...) -> Overloaded<Fs...>;

/// Thrown after reporting a limitation; caught by introduceMemory.
struct Stop {};

/// Where code runs: host code may allocate, kernel code may not.
enum class Level { Host, Kernel };

MemInfoRef memInfo(VName block, Lmad lmad) {
  return std::make_shared<const MemInfo>(MemInfo{std::move(block), std::move(lmad)});
}

Type memType() { return Type::mem(MemSpace::Device); }

class Introducer {
public:
  Introducer(Prog& prog, DiagnosticEngine& diags)
      : names_(prog.names), diags_(diags), device_(gpu::deviceFunctions(prog)) {}

  FunDef fun(const FunDef& f) {
    FunDef out = f;
    out.params.clear();
    paramBlocks_.clear();
    for (Param p : f.params) {
      if (p.type.isArray()) {
        Param block{names_.fresh(p.name.name + "_mem"), memType(), nullptr};
        p.mem = memInfo(block.name, rowMajor(p.type, defs_));
        paramBlocks_.insert(block.name);
        bind(block);
        out.params.push_back(block);
      }
      bind(p);
      out.params.push_back(p);
    }
    Level level = device_.count(f.name) ? Level::Kernel : Level::Host;
    out.body = body(f.body, level);
    functionResults(out, level);
    return out;
  }

private:
  NameSource& names_;
  DiagnosticEngine& diags_;
  std::set<std::string> device_;
  std::map<VName, Type> types_;
  std::map<VName, MemInfoRef> mem_;
  std::set<VName> paramBlocks_; ///< the current function's parameter blocks
  std::set<VName> mayAliasParam_; ///< existential blocks that may be a parameter block
  SizeDefs defs_;                 ///< i64 arithmetic, expanded in LMADs
  SizeFacts facts_;               ///< what the prover may assume about sizes here

  /// The SegOp whose body is being walked (Note [Memory expansion] in Expand.h).
  struct KernelScope {
    std::vector<Stm>* host = nullptr; ///< the statements before the SegOp (hoisting target)
    const SegOp* seg = nullptr;
    Provenance prov;                  ///< the SegOp's
    std::optional<SubExp> points;     ///< the space's point count, once computed on the host
    std::set<VName> bound;            ///< names bound inside the kernel
    /// Arrays built in place in a row of the SegOp's result.
    std::map<VName, MemInfoRef> placed;
    /// Scalar operations of the kernel body, by result (to recompute sizes on the host).
    std::map<VName, BasicOp> scalarDefs;
    /// Kernel sizes recomputed on the host, and their host names.
    std::map<VName, SubExp> hoisted;
    /// Arrays that can be built in a later array's memory (inPlaceLinks, KernelLoops.h).
    std::map<VName, VName> links;
    /// The expanded memory given to the last array of each chain of links.
    std::map<VName, MemInfoRef> homes;
  };
  std::optional<KernelScope> kernel_;

  // ---- scope ----------------------------------------------------------------------------

  void bind(const Param& p) {
    types_[p.name] = p.type;
    if (kernel_)
      kernel_->bound.insert(p.name);
    if (p.type.isArray())
      facts_.sizesOf(p.type, defs_);
    if (p.mem)
      mem_[p.name] = p.mem;
  }

  MemInfoRef memOf(const VName& v) const {
    auto it = mem_.find(v);
    FJORD_CHECK(it != mem_.end(), "array without memory: " + v.str());
    return it->second;
  }

  bool isArrayVar(const SubExp& se) const {
    if (!se.isVar())
      return false;
    auto it = types_.find(se.var());
    return it != types_.end() && it->second.isArray();
  }

  bool mayAliasParam(const VName& block) const {
    return paramBlocks_.count(block) || mayAliasParam_.count(block);
  }

  // ---- builders -------------------------------------------------------------------------

  /// `a * b` as an operand, folding constants and otherwise emitting `mul.i64`.
  SubExp mul(const SubExp& a, const SubExp& b, const std::string& hint,
             const Provenance& prov, std::vector<Stm>& out) {
    if (!a.isVar() && !b.isVar())
      return PrimValue::int64(a.constant().i * b.constant().i);
    BasicOp op;
    op.kind = BasicOp::Kind::BinOp;
    op.type = PrimType::I64;
    op.binOp = BinOpKind::Mul;
    op.args = {a, b};
    Param res{names_.fresh(hint), Type::prim(PrimType::I64), nullptr};
    bind(res);
    out.push_back(Stm{{res}, Exp{std::move(op)}, prov});
    return res.name;
  }

  /// `let <arr>_mem = alloc(bytes)` for an array of type `t`; returns its row-major memory.
  MemInfoRef allocate(const Type& t, const VName& arr, const Provenance& prov,
                      std::vector<Stm>& out) {
    std::string hint = arr.name + "_bytes";
    SubExp elems = PrimValue::int64(1);
    for (size_t k = 0; k < t.shape.size(); ++k)
      elems = k == 0 ? t.shape[0] : mul(elems, t.shape[k], hint, prov, out);
    SubExp bytes = mul(elems, PrimValue::int64(primBytes(t.elem)), hint, prov, out);
    Param block{names_.fresh(arr.name + "_mem"), memType(), nullptr};
    bind(block);
    out.push_back(Stm{{block}, Exp{Op{Alloc{bytes, MemSpace::Device}}}, prov});
    return memInfo(block.name, rowMajor(t, defs_));
  }

  /// Reports a known limitation and stops (later statements would lack memory).
  [[noreturn]] void unsupported(const Provenance& prov, const std::string& what) {
    diags_.unsupported(prov.span, what);
    throw Stop{};
  }

  /// Gives `p` a fresh block (host), or its expanded memory or result row (kernel).
  void fresh(PatElem& p, Level level, const Provenance& prov, std::vector<Stm>& out) {
    if (level == Level::Kernel)
      return expand(p, prov);
    p.mem = allocate(p.type, p.name, prov, out);
  }

  /// Memory for an array created in kernel code: its row of the SegOp's result when it is
  /// (through in-place updates) the point's result, otherwise a slice of a block allocated
  /// on the host before the SegOp (Note [Memory expansion] in Expand.h).
  void expand(PatElem& p, const Provenance& prov) {
    if (!kernel_)
      unsupported(prov, "arrays created inside kernel operators or functions called from "
                        "kernels");
    KernelScope& k = *kernel_;
    const Provenance& where = prov.span.known() ? prov : k.prov;
    if (auto it = k.placed.find(p.name); it != k.placed.end()) {
      p.mem = it->second;
      return;
    }
    // An array made into a later one in place (a loop's initial value, an updated array)
    // shares that one's memory (Note [Loops in kernels]).
    VName root = p.name;
    for (auto l = k.links.find(root); l != k.links.end(); l = k.links.find(root)) {
      root = l->second;
      if (auto it = k.placed.find(root); it != k.placed.end()) {
        p.mem = it->second;
        return;
      }
    }
    if (auto it = k.homes.find(root); it != k.homes.end()) {
      p.mem = it->second;
      return;
    }
    if (k.seg->kind == SegOp::Kind::Hist)
      unsupported(where, "arrays created inside a histogram's kernel");
    std::vector<SubExp> shape;
    for (const SubExp& d : p.type.shape) {
      std::optional<SubExp> h = hostSize(d);
      if (!h)
        unsupported(where, "an array of thread-dependent size inside a kernel");
      shape.push_back(*h);
    }
    std::vector<Stm>& host = *k.host;
    std::string hint = p.name.name + "_bytes";
    symbolic::Expr points = 1;
    for (const auto& [i, n] : k.seg->space.dims)
      points = points * defs_.expr(n);
    if (!k.points) {
      SubExp count;
      for (const auto& [i, n] : k.seg->space.dims)
        count = count == SubExp() ? n : mul(count, n, "points", k.prov, host);
      k.points = count;
    }
    SubExp elems = *k.points;
    for (const SubExp& d : shape)
      elems = mul(elems, d, hint, k.prov, host);
    SubExp bytes = mul(elems, PrimValue::int64(primBytes(p.type.elem)), hint, k.prov, host);
    Param block{names_.fresh(p.name.name + "_mem"), memType(), nullptr};
    bind(block);
    host.push_back(Stm{{block}, Exp{Op{Alloc{bytes, MemSpace::Device}}}, where});
    // The flat point index; in one dimension that is the index itself, which reads better
    // in the generated code's comments.
    const SegSpace& space = k.seg->space;
    symbolic::Expr point = symbolic::Expr::var(
        space.dims.size() == 1 ? space.dims[0].first.str() : space.flat.str());
    p.mem = memInfo(block.name, expandedLmad(shapeExprs(p.type, defs_), point, points));
    k.homes.emplace(root, p.mem);
  }

  /// Kernel size `d` as a host operand: itself when bound outside the kernel; when the
  /// kernel computes it from such values by arithmetic that cannot fail (`concat_len = m +
  /// m`), the same arithmetic repeated on the host before the SegOp; otherwise nothing (the
  /// size depends on the thread).
  std::optional<SubExp> hostSize(const SubExp& d) {
    KernelScope& k = *kernel_;
    if (!d.isVar() || !k.bound.count(d.var()))
      return d;
    if (auto it = k.hoisted.find(d.var()); it != k.hoisted.end())
      return it->second;
    auto def = k.scalarDefs.find(d.var());
    if (def == k.scalarDefs.end() || !cannotFail(def->second))
      return std::nullopt;
    BasicOp op = def->second;
    for (SubExp& a : op.args) {
      std::optional<SubExp> h = hostSize(a);
      if (!h)
        return std::nullopt;
      a = *h;
    }
    Param res{names_.fresh(d.var().name), types_.at(d.var()), nullptr};
    bind(res);
    if (res.type == Type::prim(PrimType::I64))
      defs_.record(res.name, op);
    k.host->push_back(Stm{{res}, Exp{std::move(op)}, k.prov});
    k.hoisted.emplace(d.var(), res.name);
    return SubExp(res.name);
  }

  /// Whether a scalar operation is total (so that it may run on the host even where the
  /// kernel would not run it): no division by a variable, no memory access.
  static bool cannotFail(const BasicOp& op) {
    switch (op.kind) {
    case BasicOp::Kind::SubExp:
    case BasicOp::Kind::UnOp:
    case BasicOp::Kind::CmpOp:
    case BasicOp::Kind::Convert:
      return true;
    case BasicOp::Kind::BinOp:
      switch (op.binOp) {
      case BinOpKind::Div:
      case BinOpKind::Mod:
      case BinOpKind::Quot:
      case BinOpKind::Rem:
        return !op.args.at(1).isVar() && op.args[1].constant().i != 0;
      case BinOpKind::Pow:
        return false;
      default:
        return true;
      }
    default:
      return false;
    }
  }

  /// `let <arr>_copy = copy arr` into fresh memory (row-major on the host, expanded in a
  /// kernel); returns the copy.
  VName copyFresh(const VName& arr, Level level, const Provenance& prov,
                  std::vector<Stm>& out) {
    PatElem c{names_.fresh(arr.name + "_copy"), types_.at(arr), nullptr};
    fresh(c, level, prov, out);
    BasicOp op;
    op.kind = BasicOp::Kind::Copy;
    op.arr = arr;
    bind(c);
    out.push_back(Stm{{c}, Exp{std::move(op)}, prov});
    return c.name;
  }

  /// `arr` itself when it is row-major at offset 0 (and, with `needFresh`, in a block that
  /// is not a parameter's and not in `taken`); otherwise a fresh copy.
  VName rowMajorArray(const VName& arr, Level level, const Provenance& prov,
                      std::vector<Stm>& out, bool needFresh = false,
                      const std::set<VName>& taken = {}) {
    MemInfoRef m = memOf(arr);
    bool ok = isRowMajorAtZero(m->lmad, types_.at(arr), defs_);
    if (needFresh)
      ok = ok && !mayAliasParam(m->block) && !taken.count(m->block);
    if (ok)
      return arr;
    // Kernel memory is expanded, never row-major at offset 0 (Note [Memory expansion]).
    if (level == Level::Kernel)
      unsupported(prov, "an array created or sliced inside a kernel as the result of an "
                        "`if` or a call");
    return copyFresh(arr, level, prov, out);
  }

  /// An array that lives row-major in a block that travels with it: the pattern element
  /// gets a fresh block name, inserted into `pat` before it.
  /// With `comps` > 0, the offset and the first `comps - 1` strides are existential too:
  /// i64 pattern elements between the block and the array (Note [Existential LMADs]).
  void existential(PatElem p, std::vector<PatElem>& pat, size_t comps = 0) {
    PatElem block{names_.fresh(p.name.name + "_mem"), memType(), nullptr};
    Lmad lmad = rowMajor(p.type, defs_);
    pat.push_back(block);
    for (size_t c = 0; c < comps; ++c) {
      PatElem comp{names_.fresh(p.name.name + "_" + componentHint(c)),
                   Type::prim(PrimType::I64), nullptr};
      lmad = withComponent(std::move(lmad), c, symbolic::Expr::var(comp.name.str()));
      pat.push_back(comp);
    }
    p.mem = memInfo(block.name, std::move(lmad));
    pat.push_back(std::move(p));
  }

  /// The name bound so far whose VName::str() is `key` (a variable of a symbolic Expr).
  VName byKey(const std::string& key) const {
    for (const auto& [v, t] : types_)
      if (v.str() == key)
        return v;
    internalError("mem/IntroduceMemory", "LMAD variable not in scope: " + key);
  }

  /// Component `c` of `lmad` (Existential.h) as an i64 operand computed by statements
  /// appended to `out`.
  SubExp component(const Lmad& lmad, size_t c, const std::string& base, const Provenance& prov,
                   std::vector<Stm>& out) {
    size_t first = out.size();
    SubExp v = emitExpr(lmadComponent(lmad, c), [&](const std::string& k) { return byKey(k); },
                        names_, base + "_" + componentHint(c), prov, out);
    for (size_t i = first; i < out.size(); ++i)
      bind(out[i].pat[0]);
    return v;
  }

  /// An `if` array result whose branches `res` both live in one block (bound outside):
  /// the components their LMADs provably agree on stay static, the others become i64
  /// results before the array (Note [Existential LMADs]).
  void existentialLayout(const PatElem& p, const Type& type, std::array<Body*, 2> bodies,
                         std::array<SubExp, 2> res, std::array<std::vector<SubExp>*, 2> results,
                         std::vector<PatElem>& pat, std::vector<Type>& types,
                         const Provenance& prov) {
    std::set<std::string> local; // names the branches bind: not visible after the `if`
    for (Body* b : bodies)
      for (const Stm& st : b->stms)
        for (const PatElem& pe : st.pat)
          local.insert(pe.name.str());
    auto visible = [&](const symbolic::Expr& x) {
      for (const std::string& v : x.freeVars())
        if (local.count(v))
          return false;
      return true;
    };
    std::vector<VName> vars(type.rank() + 1);
    auto var = [&](size_t c) {
      vars[c] = names_.fresh(p.name.name + "_" + componentHint(c));
      return symbolic::Expr::var(vars[c].str());
    };
    symbolic::Prover prover(facts_.facts());
    MemInfoRef mems[2] = {memOf(res[0].var()), memOf(res[1].var())};
    GeneralLmad g = generaliseLmads({mems[0]->lmad, mems[1]->lmad}, shapeExprs(p.type, defs_),
                                    prover, visible, var);
    for (size_t c : g.existential) {
      pat.push_back(PatElem{vars[c], Type::prim(PrimType::I64), nullptr});
      types.push_back(Type::prim(PrimType::I64));
      for (size_t b = 0; b < 2; ++b)
        results[b]->push_back(component(mems[b]->lmad, c, p.name.name, prov, bodies[b]->stms));
    }
    pat.push_back(p);
    pat.back().mem = memInfo(mems[0]->block, g.lmad);
    types.push_back(type);
    for (size_t b = 0; b < 2; ++b)
      results[b]->push_back(res[b]);
  }

  // Note [Branches in kernels]
  // A kernel's `if` whose branches return arrays in different blocks (in a reduction's
  // operator `if b[0] > a[0] then b else a`: a view of the accumulator, a view of an input
  // row) cannot make its block existential: kernel memory is expanded, never row-major at
  // offset 0, so the host-style copy into a fresh row-major block does not exist there.
  // Instead the `if` result gets its own expanded memory (or its row of the SegOp's result),
  // and each branch copies its array into it; both branches then return the same view. A
  // sequential loop reuses that memory in every iteration, which is safe: each iteration's
  // result has been consumed (copied back into the accumulator, or read) before the next.

  /// The `if` result `p` in expanded memory, each branch ending with a copy into it.
  void branchesIntoOne(PatElem& p, std::array<Body*, 2> bodies, std::array<SubExp, 2> res,
                       std::array<std::vector<SubExp>*, 2> results, const Provenance& prov) {
    expand(p, prov);
    for (size_t b = 0; b < 2; ++b) {
      PatElem c{names_.fresh(p.name.name + "_branch"), types_.at(res[b].var()), p.mem};
      BasicOp op;
      op.kind = BasicOp::Kind::Copy;
      op.arr = res[b].var();
      bind(c);
      bodies[b]->stms.push_back(Stm{{c}, Exp{std::move(op)}, prov});
      results[b]->push_back(c.name);
    }
  }

  // ---- bodies and statements ----------------------------------------------------------

  Body body(const Body& b, Level level) {
    Body out;
    symbolic::Facts outer = facts_.save();
    for (const Stm& s : b.stms)
      stm(s, level, out.stms);
    facts_.restore(std::move(outer));
    out.result = b.result;
    return out;
  }

  void stm(const Stm& s, Level level, std::vector<Stm>& out) {
    Stm n = s;
    std::visit(Overloaded{
                   [&](BasicOp& op) { basicOp(n, op, level, out); },
                   [&](If& e) { ifExp(n, e, level, out); },
                   [&](Loop& e) { loop(n, e, level, out); },
                   [&](Apply& e) { apply(n, e, level, out); },
                   [&](Op& op) { this->op(n, op, level, out); },
               },
               n.exp);
    for (const PatElem& p : n.pat) {
      FJORD_CHECK(!p.type.isArray() || p.mem, "array left without memory: " + p.name.str());
      bind(p);
    }
    if (kernel_ && n.pat.size() == 1 && std::holds_alternative<BasicOp>(n.exp))
      kernel_->scalarDefs.emplace(n.pat[0].name, std::get<BasicOp>(n.exp));
    facts_.record(n, defs_);
    out.push_back(std::move(n));
  }

  /// The one-dimensional LMAD of `op.arr`'s elements in row-major order (Note [Flat ops]),
  /// after copying `op.arr` into a fresh row-major block when no single LMAD says that
  /// (e.g. a transposed view).
  MemInfoRef flatSource(const Stm& s, BasicOp& op, Level level, std::vector<Stm>& out) {
    symbolic::Expr count = 1;
    for (const symbolic::Expr& n : shapeExprs(types_.at(op.arr), defs_))
      count = count * n;
    symbolic::Prover prover(facts_.facts());
    MemInfoRef src = memOf(op.arr);
    if (auto flat = src->lmad.reshape({count}, prover))
      return memInfo(src->block, *flat);
    op.arr = copyFresh(op.arr, level, s.prov, out);
    MemInfoRef copy = memOf(op.arr);
    auto flat = copy->lmad.reshape({count}, prover);
    FJORD_CHECK(flat.has_value(), "a fresh copy does not flatten to one LMAD");
    return memInfo(copy->block, *flat);
  }

  /// The LMAD `o + {(n1 : s1), ...}` of a FlatIndex / FlatUpdate, over the flat elements.
  Lmad flatView(const BasicOp& op) const {
    size_t k = flatOffsetArg(op);
    Lmad view{defs_.expr(op.args.at(k)), {}};
    for (size_t d = 0; d < flatRank(op); ++d)
      view.dims.push_back(symbolic::Dim{defs_.expr(op.args.at(k + 1 + 2 * d)),
                                        defs_.expr(op.args.at(k + 2 + 2 * d))});
    return view;
  }

  void basicOp(Stm& s, BasicOp& op, Level level, std::vector<Stm>& out) {
    if (s.pat.size() == 1 && s.pat[0].type == Type::prim(PrimType::I64))
      defs_.record(s.pat[0].name, op);
    if (s.pat.empty() || !s.pat[0].type.isArray())
      return;
    PatElem& p = s.pat[0];
    switch (op.kind) {
    case BasicOp::Kind::SubExp:
      p.mem = memOf(op.args.at(0).var());
      return;
    case BasicOp::Kind::Update:
      p.mem = memOf(op.arr);
      return;
    case BasicOp::Kind::FlatIndex: {
      MemInfoRef flat = flatSource(s, op, level, out);
      p.mem = memInfo(flat->block, flat->lmad.sliceByLmad(flatView(op)));
      return;
    }
    case BasicOp::Kind::FlatUpdate:
      if (level == Level::Kernel)
        unsupported(s.prov, "LMAD slice updates inside kernels");
      // Written in place through the view (imp/ lowers it); the result keeps arr's memory.
      flatSource(s, op, level, out);
      p.mem = memOf(op.arr);
      return;
    case BasicOp::Kind::Index: {
      MemInfoRef src = memOf(op.arr);
      p.mem = memInfo(src->block, sliceLmad(src->lmad, op.slice, defs_));
      return;
    }
    case BasicOp::Kind::Rearrange: {
      MemInfoRef src = memOf(op.arr);
      std::vector<size_t> perm(op.perm.begin(), op.perm.end());
      p.mem = memInfo(src->block, src->lmad.permute(perm));
      return;
    }
    case BasicOp::Kind::Reshape: {
      MemInfoRef src = memOf(op.arr);
      symbolic::Prover prover(facts_.facts());
      if (auto view = src->lmad.reshape(shapeExprs(p.type, defs_), prover)) {
        p.mem = memInfo(src->block, *view);
        return;
      }
      // The copy is row-major (host) or expanded (kernel): either way its row-major index
      // order is contiguous and the reshape is a view of it.
      op.arr = copyFresh(op.arr, level, s.prov, out);
      MemInfoRef copy = memOf(op.arr);
      auto view = copy->lmad.reshape(shapeExprs(p.type, defs_), prover);
      FJORD_CHECK(view.has_value(), "a reshape of a fresh copy is not a view");
      p.mem = memInfo(copy->block, *view);
      return;
    }
    case BasicOp::Kind::Iota:
    case BasicOp::Kind::Replicate:
    case BasicOp::Kind::Copy:
    case BasicOp::Kind::ArrayLit:
    case BasicOp::Kind::Concat:
      fresh(p, level, s.prov, out);
      return;
    case BasicOp::Kind::UnOp:
    case BasicOp::Kind::BinOp:
    case BasicOp::Kind::CmpOp:
    case BasicOp::Kind::Convert:
    case BasicOp::Kind::Call:
    case BasicOp::Kind::Assert:
      break;
    }
    internalError("mem/IntroduceMemory", "scalar operation with an array result");
  }

  void ifExp(Stm& s, If& e, Level level, std::vector<Stm>& out) {
    Body thenBody = body(e.thenBody, level), elseBody = body(e.elseBody, level);
    std::vector<PatElem> pat;
    std::vector<Type> types;
    std::vector<SubExp> thenRes, elseRes;
    for (size_t k = 0; k < s.pat.size(); ++k) {
      const SubExp &t = thenBody.result[k], &f = elseBody.result[k];
      if (!s.pat[k].type.isArray()) {
        pat.push_back(s.pat[k]);
        types.push_back(e.types[k]);
        thenRes.push_back(t);
        elseRes.push_back(f);
        continue;
      }
      MemInfoRef tm = memOf(t.var()), fm = memOf(f.var());
      if (tm->block == fm->block && tm->lmad == fm->lmad) {
        // Both branches return the same outer view (the block is bound outside: names are
        // unique, so a block bound in one branch cannot appear in the other).
        pat.push_back(s.pat[k]);
        pat.back().mem = tm;
        types.push_back(e.types[k]);
        thenRes.push_back(t);
        elseRes.push_back(f);
        continue;
      }
      if (tm->block == fm->block) {
        // One block, different layouts: existential offset/strides, no copy.
        existentialLayout(s.pat[k], e.types[k], {&thenBody, &elseBody}, {t, f}, {&thenRes, &elseRes},
                          pat, types, s.prov);
        continue;
      }
      if (level == Level::Kernel && kernel_ &&
          !(isRowMajorAtZero(tm->lmad, types_.at(t.var()), defs_) &&
            isRowMajorAtZero(fm->lmad, types_.at(f.var()), defs_))) {
        branchesIntoOne(s.pat[k], {&thenBody, &elseBody}, {t, f}, {&thenRes, &elseRes}, s.prov);
        pat.push_back(s.pat[k]);
        types.push_back(e.types[k]);
        continue;
      }
      existential(s.pat[k], pat);
      bool aliases = false;
      for (auto [b, res, r] : {std::tuple{&thenBody, &thenRes, t}, {&elseBody, &elseRes, f}}) {
        VName arr = rowMajorArray(r.var(), level, s.prov, b->stms);
        VName block = memOf(arr)->block;
        aliases = aliases || mayAliasParam(block);
        res->push_back(block);
        res->push_back(arr);
      }
      if (aliases)
        mayAliasParam_.insert(pat[pat.size() - 2].name);
      types.push_back(memType());
      types.push_back(e.types[k]);
    }
    thenBody.result = std::move(thenRes);
    elseBody.result = std::move(elseRes);
    e.thenBody = std::move(thenBody);
    e.elseBody = std::move(elseBody);
    e.types = std::move(types);
    s.pat = std::move(pat);
  }

  void loop(Stm& s, Loop& e, Level level, std::vector<Stm>& out) {
    FJORD_CHECK(s.pat.size() == e.merge.size(), "loop pattern does not match its merge");
    if (level == Level::Kernel)
      return kernelLoop(s, e, out);
    std::vector<std::pair<Param, SubExp>> merge;
    std::vector<bool> aliases;
    std::vector<size_t> layoutComponents; // per array merge parameter; 0: row-major
    for (size_t j = 0; j < e.merge.size(); ++j) {
      auto [p, init] = e.merge[j];
      if (!p.type.isArray()) {
        bind(p);
        merge.emplace_back(p, init);
        continue;
      }
      VName arr = rowMajorArray(init.var(), level, s.prov, out);
      VName initBlock = memOf(arr)->block;
      Param block{names_.fresh(p.name.name + "_mem"), memType(), nullptr};
      p.mem = memInfo(block.name, rowMajor(p.type, defs_));
      aliases.push_back(mayAliasParam(initBlock));
      if (aliases.back())
        mayAliasParam_.insert(block.name);
      bind(block);
      merge.emplace_back(block, initBlock);
      // A re-viewed merge parameter carries its offset and strides (Note [Existential LMADs]).
      size_t comps = reviewsMergeParam(e.body, j, p.name) ? p.type.rank() + 1 : 0;
      layoutComponents.push_back(comps);
      Lmad lmad = p.mem->lmad;
      for (size_t c = 0; c < comps; ++c) {
        Param comp{names_.fresh(p.name.name + "_" + componentHint(c)), Type::prim(PrimType::I64),
                   nullptr};
        bind(comp);
        lmad = withComponent(std::move(lmad), c, symbolic::Expr::var(comp.name.str()));
        merge.emplace_back(comp, component(memOf(arr)->lmad, c, p.name.name, s.prov, out));
      }
      p.mem = memInfo(block.name, std::move(lmad));
      bind(p);
      merge.emplace_back(p, arr);
    }
    if (e.kind == Loop::Kind::For)
      bind(Param{e.iterator, Type::prim(PrimType::I64), nullptr});
    Body b = body(e.body, level);
    std::vector<SubExp> result;
    std::vector<PatElem> pat;
    size_t arrays = 0;
    for (size_t k = 0; k < e.merge.size(); ++k) {
      if (!e.merge[k].first.type.isArray()) {
        result.push_back(b.result[k]);
        pat.push_back(s.pat[k]);
        continue;
      }
      size_t comps = layoutComponents[arrays];
      VName blockParam; // the merge parameter's block
      for (const auto& [mp, mi] : merge)
        if (mp.name == e.merge[k].first.name)
          blockParam = mp.mem->block;
      const VName& r = b.result[k].var();
      // The merge parameter's own block (a view of it) keeps its layout in the components.
      VName arr = comps > 0 && memOf(r)->block == blockParam
                      ? r
                      : rowMajorArray(r, level, s.prov, b.stms);
      result.push_back(memOf(arr)->block);
      for (size_t c = 0; c < comps; ++c)
        result.push_back(component(memOf(arr)->lmad, c, r.name, s.prov, b.stms));
      result.push_back(arr);
      existential(s.pat[k], pat, comps);
      if (aliases[arrays++] || mayAliasParam(result[result.size() - 2 - comps].var()))
        mayAliasParam_.insert(pat[pat.size() - 2 - comps].name);
    }
    b.result = std::move(result);
    e.merge = std::move(merge);
    e.body = std::move(b);
    s.pat = std::move(pat);
  }

  // Note [Loops in kernels]
  // A loop inside a kernel cannot give its array merge parameters existential blocks (kernel
  // code allocates nothing, and expanded memory is never row-major at offset 0). Instead
  // each array merge parameter gets one fixed memory for the whole loop: its row of the
  // SegOp's result when the loop's result is (through in-place updates) the point's result,
  // otherwise expanded memory (Note [Memory expansion] in Expand.h). The loop's result has
  // that memory too.
  //  * Before the loop, the initial value is copied in, unless it already lives exactly
  //    there: an array whose last use is as the loop's initial value is created in the
  //    loop's memory to begin with (inPlaceLinks in KernelLoops.h), so `loop acc = copy row`
  //    copies nothing.
  //  * At the end of each iteration, the body's result is copied in, unless it already
  //    lives exactly there (the parameter passed on, perhaps updated in place: `acc with
  //    [i] = v` copies nothing, and the loop reads and writes the thread's row directly).
  //  * A value in the memory of one of the loop's parameters in another layout (`reverse
  //    acc`, a slice) or of another parameter (`(acc1, acc2) = (acc2, acc1)`) would be
  //    overwritten while it is copied; it goes through a fresh expanded temporary first,
  //    and all such temporaries are taken before the first copy into a parameter's memory.
  // Body results built in fresh memory are not built in the parameter's memory directly:
  // the body may still read the parameter while building them (`map (+1) acc`).

  /// A loop inside a kernel (Note [Loops in kernels]).
  void kernelLoop(Stm& s, Loop& e, std::vector<Stm>& out) {
    std::vector<MemInfoRef> homes(e.merge.size());
    for (size_t j = 0; j < e.merge.size(); ++j) {
      if (!e.merge[j].first.type.isArray())
        continue;
      if (!kernel_)
        unsupported(s.prov, "loops over arrays inside kernel operators or functions called "
                            "from kernels");
      expand(s.pat[j], s.prov);
      homes[j] = s.pat[j].mem;
    }
    std::vector<SubExp> inits;
    for (const auto& [p, init] : e.merge)
      inits.push_back(init);
    inits = intoHomes(inits, homes, s.prov, out);
    for (size_t j = 0; j < e.merge.size(); ++j) {
      auto& [p, init] = e.merge[j];
      init = inits[j];
      if (homes[j])
        p.mem = homes[j];
      bind(p);
    }
    if (e.kind == Loop::Kind::For)
      bind(Param{e.iterator, Type::prim(PrimType::I64), nullptr});
    Body b = body(e.body, Level::Kernel);
    b.result = intoHomes(b.result, homes, s.prov, b.stms);
    e.body = std::move(b);
  }

  /// `vals` with each array `vals[j]` that has a memory `homes[j]` made to live exactly
  /// there, by copies appended to `out` (Note [Loops in kernels]).
  std::vector<SubExp> intoHomes(std::vector<SubExp> vals, const std::vector<MemInfoRef>& homes,
                                const Provenance& prov, std::vector<Stm>& out) {
    std::set<VName> blocks;
    for (const MemInfoRef& h : homes)
      if (h)
        blocks.insert(h->block);
    std::vector<bool> move(vals.size(), false);
    for (size_t j = 0; j < vals.size(); ++j) {
      if (!homes[j])
        continue;
      FJORD_CHECK(vals[j].isVar(), "an array merge value that is not a variable");
      MemInfoRef m = memOf(vals[j].var());
      if (m->block == homes[j]->block && m->lmad == homes[j]->lmad)
        continue;
      move[j] = true;
      if (blocks.count(m->block))
        vals[j] = copyFresh(vals[j].var(), Level::Kernel, prov, out);
    }
    for (size_t j = 0; j < vals.size(); ++j)
      if (move[j])
        vals[j] = copyInto(vals[j].var(), homes[j], prov, out);
    return vals;
  }

  /// `let <arr>_loop = copy arr` into the given memory; returns the copy.
  VName copyInto(const VName& arr, const MemInfoRef& dest, const Provenance& prov,
                 std::vector<Stm>& out) {
    PatElem c{names_.fresh(arr.name + "_loop"), types_.at(arr), dest};
    BasicOp op;
    op.kind = BasicOp::Kind::Copy;
    op.arr = arr;
    bind(c);
    out.push_back(Stm{{c}, Exp{std::move(op)}, prov});
    return c.name;
  }

  /// Calls follow the function convention (see the header): a block before each array
  /// argument and result; arguments row-major at offset 0; results in fresh blocks.
  void apply(Stm& s, Apply& e, Level level, std::vector<Stm>& out) {
    std::vector<SubExp> args;
    for (const SubExp& a : e.args) {
      if (!isArrayVar(a)) {
        args.push_back(a);
        continue;
      }
      VName arr = rowMajorArray(a.var(), level, s.prov, out);
      args.push_back(memOf(arr)->block);
      args.push_back(arr);
    }
    std::vector<Type> retTypes;
    for (const Type& t : e.retTypes) {
      if (t.isArray())
        retTypes.push_back(memType());
      retTypes.push_back(t);
    }
    std::vector<PatElem> pat;
    for (const PatElem& p : s.pat) {
      if (p.type.isArray())
        existential(p, pat);
      else
        pat.push_back(p);
    }
    e.args = std::move(args);
    e.retTypes = std::move(retTypes);
    s.pat = std::move(pat);
  }

  void op(Stm& s, Op& o, Level level, std::vector<Stm>& out) {
    std::visit(Overloaded{
                   [&](SegOp& seg) { segOp(s, seg, level, out); },
                   [&](Soac& soac) { nestedSoac(s, soac, level); },
                   [&](Alloc&) {
                     internalError("mem/IntroduceMemory", "the program already has memory");
                   },
               },
               o);
  }

  void segOp(Stm& s, SegOp& seg, Level level, std::vector<Stm>& out) {
    FJORD_CHECK(level == Level::Host, "SegOp inside a kernel");
    types_[seg.space.flat] = Type::prim(PrimType::I64);
    for (const auto& [i, n] : seg.space.dims)
      types_[i] = Type::prim(PrimType::I64);
    for (RedOp& r : seg.ops)
      r.op = lambda(r.op, s.prov);
    std::vector<VName> dests = seg.writeDests; // Note [Scattering SegMap]: in place
    for (HistOp& h : seg.histOps) {
      h.op.op = lambda(h.op.op, s.prov);
      dests.insert(dests.end(), h.dests.begin(), h.dests.end());
    }
    // The results' memory comes first, so that the body can build its arrays in it.
    for (size_t k = 0; k < s.pat.size(); ++k) {
      PatElem& p = s.pat[k];
      if (!p.type.isArray())
        continue;
      if (!dests.empty()) {
        FJORD_CHECK(k < dests.size(), "pattern longer than the SegOp's destinations");
        p.mem = memOf(dests[k]); // in place
        continue;
      }
      fresh(p, level, s.prov, out);
    }
    kernel_ = KernelScope{&out, &seg, s.prov, std::nullopt, {seg.space.flat}, {}, {}, {}, {}, {}};
    for (const auto& [i, n] : seg.space.dims)
      kernel_->bound.insert(i);
    if (dests.empty())
      kernel_->placed = placeResults(s, seg);
    kernel_->links = inPlaceLinks(seg.body);
    seg.body = body(seg.body, Level::Kernel);
    kernel_.reset();
  }

  /// The arrays of a SegMap's, SegRed's or SegScan's body that can be built in their row of
  /// the SegOp's per-point results: the body's array results, and (walking back through
  /// in-place updates and aliases) the arrays they were made from.
  std::map<VName, MemInfoRef> placeResults(const Stm& s, const SegOp& seg) {
    size_t reduced = 0;
    for (const RedOp& op : seg.ops)
      reduced += op.neutral.size();
    std::map<VName, MemInfoRef> placed;
    for (size_t k = reduced; k < s.pat.size() && k < seg.body.result.size(); ++k) {
      const SubExp& r = seg.body.result[k];
      if (!r.isVar() || s.pat[k].type.rank() <= static_cast<int>(seg.space.dims.size()))
        continue; // a scalar per point
      Lmad row = s.pat[k].mem->lmad;
      for (const auto& [i, n] : seg.space.dims)
        row = row.fix(symbolic::Expr::var(i.str()));
      placed.emplace(r.var(), memInfo(s.pat[k].mem->block, std::move(row)));
    }
    for (auto it = seg.body.stms.rbegin(); it != seg.body.stms.rend(); ++it) {
      // A nested histogram or scatter updates its destinations in place, so they too can
      // be built in the result's row.
      std::vector<VName> dests = soacDestinations(it->exp);
      for (size_t k = 0; k < dests.size() && k < it->pat.size(); ++k)
        if (auto row = placed.find(it->pat[k].name); row != placed.end())
          placed.emplace(dests[k], row->second);
      const auto* op = std::get_if<BasicOp>(&it->exp);
      if (!op || it->pat.size() != 1 || !placed.count(it->pat[0].name))
        continue;
      MemInfoRef row = placed.at(it->pat[0].name);
      if (op->kind == BasicOp::Kind::Update)
        placed.emplace(op->arr, row);
      else if (op->kind == BasicOp::Kind::SubExp && op->args.at(0).isVar())
        placed.emplace(op->args[0].var(), row);
    }
    return placed;
  }


  /// Operators and lambdas of kernel code. An array parameter takes the memory the caller
  /// gives it in `paramMem` (null for scalars): a view, never a copy.
  Lambda lambda(Lambda l, const Provenance& prov, const std::vector<MemInfoRef>& paramMem = {}) {
    for (size_t k = 0; k < l.params.size(); ++k) {
      Param& p = l.params[k];
      if (p.type.isArray()) {
        if (k >= paramMem.size() || !paramMem[k])
          unsupported(prov, "array parameters of operators inside kernels");
        p.mem = paramMem[k];
      }
      bind(p);
    }
    l.body = body(l.body, Level::Kernel);
    return l;
  }

  /// Memory of the parameters of `lam` applied to the elements of `inputs` by a sequential
  /// loop in the thread (Note [Nested SOAC memory] in Expand.h): the row of each array
  /// input at the loop's index, as a view.
  std::vector<MemInfoRef> elementViews(const Lambda& lam, const std::vector<VName>& inputs) {
    std::vector<MemInfoRef> views;
    for (const VName& in : inputs) {
      MemInfoRef m = memOf(in);
      views.push_back(types_.at(in).rank() > 1
                          ? memInfo(m->block, rowAt(m->lmad, symbolic::Expr::var(
                                                                 elementIndexVar(lam))))
                          : nullptr);
    }
    return views;
  }

  /// A SOAC inside a kernel body runs sequentially in the thread (Note [Nested SOAC memory]
  /// in Expand.h): the lambdas see rows of their array inputs as views, a reduction's
  /// accumulator is its (expanded) result, and a histogram or scatter works in place in
  /// its destinations.
  void nestedSoac(Stm& s, Soac& soac, Level level) {
    FJORD_CHECK(level == Level::Kernel, "SOAC at host level: run gpu::extractKernels first");
    bool inPlace = false;
    std::visit(Overloaded{
                   [&](Screma& e) { nestedScrema(s, e); },
                   [&](Hist& e) {
                     nestedHist(e, s.prov);
                     inPlace = true;
                     placeInDests(s, soacDestinations(s.exp));
                   },
                   [&](Scatter& e) {
                     e.fn = lambda(e.fn, s.prov, elementViews(e.fn, e.inputs));
                     inPlace = true;
                     placeInDests(s, soacDestinations(s.exp));
                   },
                   [&](Stream&) { unsupported(s.prov, "a stream SOAC inside a kernel"); },
               },
               soac);
    if (inPlace)
      return;
    for (PatElem& p : s.pat)
      if (p.type.isArray() && !p.mem)
        expand(p, s.prov);
  }

  void nestedScrema(Stm& s, Screma& e) {
    e.map = lambda(e.map, s.prov, elementViews(e.map, e.inputs));
    for (RedOp& r : e.scans) {
      for (const Param& p : r.op.params)
        if (p.type.isArray())
          unsupported(s.prov, "a scan with array operands inside a kernel");
      r.op = lambda(r.op, s.prov);
    }
    // A reduction over arrays folds into its result's memory; the operator's parameters
    // are that accumulator and the map's result for the element.
    size_t j = 0;
    for (const RedOp& r : e.scans)
      j += r.neutral.size();
    for (RedOp& r : e.reds) {
      std::vector<MemInfoRef> accs, elems;
      for (size_t q = 0; q < r.neutral.size(); ++q, ++j) {
        PatElem& p = s.pat.at(j);
        if (!p.type.isArray()) {
          accs.push_back(nullptr);
          elems.push_back(nullptr);
          continue;
        }
        expand(p, s.prov);
        accs.push_back(p.mem);
        // The operator folds in the element of the same iteration: a view of a row of an
        // input uses the operator's element index in place of the map's.
        MemInfoRef x = memOf(e.map.body.result.at(j).var());
        std::map<std::string, symbolic::Expr> sameIndex{
            {elementIndexVar(e.map), symbolic::Expr::var(elementIndexVar(r.op))}};
        elems.push_back(e.map.params.empty()
                            ? x
                            : memInfo(x->block, x->lmad.substitute(sameIndex)));
      }
      accs.insert(accs.end(), elems.begin(), elems.end());
      r.op = lambda(r.op, s.prov, accs);
    }
  }

  /// A histogram over rows: the operator's array accumulators are views of the destination's
  /// row at the bucket (the operator's bucket index, ir/ElementIndex.h), its array values
  /// the bucket function's results for the same iteration (its element index in place of
  /// the bucket function's).
  void nestedHist(Hist& e, const Provenance& prov) {
    e.bucketFn = lambda(e.bucketFn, prov, elementViews(e.bucketFn, e.inputs));
    size_t value = e.ops.size();
    for (HistOp& h : e.ops) {
      std::vector<MemInfoRef> accs, elems;
      for (size_t q = 0; q < h.dests.size(); ++q, ++value) {
        if (types_.at(h.dests[q]).rank() < 2) {
          accs.push_back(nullptr);
          elems.push_back(nullptr);
          continue;
        }
        MemInfoRef d = memOf(h.dests[q]);
        accs.push_back(
            memInfo(d->block, rowAt(d->lmad, symbolic::Expr::var(bucketIndexVar(h.op.op)))));
        MemInfoRef x = memOf(e.bucketFn.body.result.at(value).var());
        if (e.bucketFn.params.empty()) {
          elems.push_back(x);
          continue;
        }
        std::map<std::string, symbolic::Expr> sameIndex{
            {elementIndexVar(e.bucketFn), symbolic::Expr::var(elementIndexVar(h.op.op))}};
        elems.push_back(memInfo(x->block, x->lmad.substitute(sameIndex)));
      }
      accs.insert(accs.end(), elems.begin(), elems.end());
      h.op.op = lambda(h.op.op, prov, accs);
    }
  }

  /// The pattern of a histogram or scatter: its destinations, updated in place.
  void placeInDests(Stm& s, const std::vector<VName>& dests) {
    FJORD_CHECK(s.pat.size() == dests.size(), "pattern does not match the destinations");
    for (size_t k = 0; k < dests.size(); ++k)
      s.pat[k].mem = memOf(dests[k]);
  }

  // ---- function results ---------------------------------------------------------------

  /// Each array result becomes (block, array), row-major at offset 0 in a block of its own
  /// that is not a parameter's (so entry points and calls always return fresh memory).
  void functionResults(FunDef& f, Level level) {
    Provenance prov{f.span, f.name};
    std::vector<SubExp> result;
    std::vector<Type> retTypes;
    std::set<VName> taken;
    for (size_t k = 0; k < f.body.result.size(); ++k) {
      const SubExp& r = f.body.result[k];
      if (!f.retTypes[k].isArray()) {
        result.push_back(r);
        retTypes.push_back(f.retTypes[k]);
        continue;
      }
      VName arr = rowMajorArray(r.var(), level, prov, f.body.stms, /*needFresh=*/true, taken);
      VName block = memOf(arr)->block;
      taken.insert(block);
      result.push_back(block);
      result.push_back(arr);
      retTypes.push_back(memType());
      retTypes.push_back(f.retTypes[k]);
    }
    f.body.result = std::move(result);
    f.retTypes = std::move(retTypes);
  }
};

} // namespace

Prog introduceMemory(Prog prog, DiagnosticEngine& diags) {
  Introducer intro(prog, diags);
  try {
    for (FunDef& f : prog.funs)
      f = intro.fun(f);
  } catch (const Stop&) {
    // Reported in `diags`.
  }
  return prog;
}

} // namespace fjord::mem
