// Coalescing by transposition (see Coalesce.h).
#include "mem/Coalesce.h"

#include "ir/MemInfo.h"
#include "ir/Traverse.h"

#include <map>
#include <memory>
#include <optional>

namespace fjord::mem {

// Note [Coalescing by transposition]
// A kernel is a candidate when it is a SegMap (not scattering) or a SegRed over a
// one-dimensional space (the first stage strides threads over that dimension), and gtid is
// the innermost index of its space: consecutive threads have consecutive gtids. In its
// body's top-level statements the pass looks for
//     let x = xs[gtid, 0 :+ m * 1]        (or xs[gtid])
// where xs is a two-dimensional, row-major array bound outside the kernel. Thread gtid then
// reads xs[gtid, j] at address gtid * m + j: a warp's reads are m elements apart. If every
// use of x in the kernel is a sequential walk --- an input of a SOAC (sequential inside a
// kernel) or an element read x[i] inside a loop or SOAC lambda --- the pass inserts before
// the kernel
//     let xs_coalesced : [n][m]t @mem -> 0 + {(n : 1), (m : n)} = copy xs
// into a fresh block, and x becomes the same row of that view (`gtid + {(m : n)}`), so that
// at step j a warp reads consecutive addresses j * n + gtid. It is conservative:
//  - xs is bound outside the kernel, so the kernel does not produce it, and a kernel only
//    writes its own results (or, when scattering, its destinations: those are skipped), so
//    the copy, made before the launch, holds what the kernel would have read;
//  - any other use of x (a result, a slice, an alias, an update, a call) keeps the original
//    layout, as the copy would be wasted or the alias would need the old layout;
//  - rows of constant length 1, and matrices of constant height 1, gain nothing;
//  - the rewrite happens in host bodies only (function bodies and the branches and loop
//    bodies nested in them), never inside kernels.
// One copy per (kernel, array): several rows of the same array read by one kernel share it.
// The copy costs one extra read and write of xs, which pays off as soon as the kernel reads
// each row once: uncoalesced reads cost a memory transaction per element.

namespace {

symbolic::Expr toSym(const ir::SubExp& se) {
  if (se.isVar())
    return symbolic::Expr::var(se.var().str());
  return symbolic::Expr(se.constant().i);
}

bool isConstant(const ir::SubExp& se, int64_t v) {
  return !se.isVar() && se.constant().i == v;
}

/// Counts every use of one variable.
class UseCounter : public ir::Walker {
public:
  explicit UseCounter(ir::VName target) : target_(std::move(target)) {}
  void var(const ir::VName& v) override {
    if (v == target_)
      ++count;
  }
  int count = 0;

private:
  ir::VName target_;
};

/// Counts the uses of `x` that walk it sequentially (Note [Coalescing by transposition]).
int sequentialUses(const ir::Body& b, const ir::VName& x, bool inLoop);

int sequentialUses(const ir::Lambda& l, const ir::VName& x) {
  return sequentialUses(l.body, x, /*inLoop=*/true);
}

int sequentialUses(const ir::Body& b, const ir::VName& x, bool inLoop) {
  int n = 0;
  for (const ir::Stm& s : b.stms) {
    if (const auto* op = std::get_if<ir::BasicOp>(&s.exp)) {
      bool elementRead = op->kind == ir::BasicOp::Kind::Index && op->arr == x &&
                         op->slice.size() == 1 && op->slice[0].fixed;
      if (elementRead && inLoop)
        ++n;
    } else if (const auto* i = std::get_if<ir::If>(&s.exp)) {
      n += sequentialUses(i->thenBody, x, inLoop) + sequentialUses(i->elseBody, x, inLoop);
    } else if (const auto* l = std::get_if<ir::Loop>(&s.exp)) {
      n += sequentialUses(l->body, x, /*inLoop=*/true);
    } else if (const auto* o = std::get_if<ir::Op>(&s.exp)) {
      const auto* soac = std::get_if<ir::Soac>(o);
      const auto* sc = soac ? std::get_if<ir::Screma>(soac) : nullptr;
      if (!sc)
        continue;
      for (const ir::VName& in : sc->inputs)
        if (in == x)
          ++n;
      n += sequentialUses(sc->map, x);
      for (const ir::RedOp& r : sc->scans)
        n += sequentialUses(r.op, x);
      for (const ir::RedOp& r : sc->reds)
        n += sequentialUses(r.op, x);
    }
  }
  return n;
}

/// A kernel's view of array `xs` in the transposed copy.
struct Transposed {
  ir::VName array;
  ir::VName block;
  symbolic::Lmad lmad; ///< column-major over xs's shape
};

class Coalescer {
public:
  explicit Coalescer(ir::Prog& prog) : prog_(prog) {}

  void run() {
    for (ir::FunDef& f : prog_.funs) {
      arrays_.clear();
      for (const ir::Param& p : f.params)
        note(p);
      hostBody(f.body);
    }
  }

private:
  void note(const ir::Param& p) {
    if (p.type.isArray() && p.mem)
      arrays_[p.name] = p;
  }

  void hostBody(ir::Body& b) {
    std::vector<ir::Stm> out;
    for (ir::Stm& s : b.stms) {
      if (auto* i = std::get_if<ir::If>(&s.exp)) {
        hostBody(i->thenBody);
        hostBody(i->elseBody);
      } else if (auto* l = std::get_if<ir::Loop>(&s.exp)) {
        for (const auto& [p, init] : l->merge)
          note(p);
        hostBody(l->body);
      } else if (auto* op = std::get_if<ir::Op>(&s.exp)) {
        if (auto* seg = std::get_if<ir::SegOp>(op))
          kernel(s, *seg, out);
      }
      for (const ir::PatElem& pe : s.pat)
        note(pe);
      out.push_back(std::move(s));
    }
    b.stms = std::move(out);
  }

  void kernel(const ir::Stm& stm, ir::SegOp& seg, std::vector<ir::Stm>& before) {
    bool candidate = (seg.kind == ir::SegOp::Kind::Map && seg.writeDests.empty()) ||
                     (seg.kind == ir::SegOp::Kind::Red && seg.space.dims.size() == 1);
    // A tiled SegMap (Note [Tiled SegMap]) stages its rows through shared memory instead;
    // in an intra-group one (Note [Intra-group SegMap]) neighbouring threads read
    // neighbouring elements already.
    if (!candidate || seg.space.dims.empty() || seg.tile.block > 0 || seg.intra)
      return;
    const ir::VName& gtid = seg.space.dims.back().first;
    std::map<ir::VName, Transposed> copies;
    for (ir::Stm& s : seg.body.stms) {
      auto* op = std::get_if<ir::BasicOp>(&s.exp);
      if (!op || op->kind != ir::BasicOp::Kind::Index || s.pat.size() != 1 || !s.pat[0].mem)
        continue;
      auto src = arrays_.find(op->arr);
      if (src == arrays_.end() || !rowOfThread(*op, src->second, gtid))
        continue;
      const ir::VName& x = s.pat[0].name;
      UseCounter uses(x);
      uses.body(seg.body);
      if (uses.count == 0 || uses.count != sequentialUses(seg.body, x, /*inLoop=*/false))
        continue;
      auto c = copies.find(op->arr);
      if (c == copies.end())
        c = copies.emplace(op->arr, transposedCopy(stm, src->second, before)).first;
      std::vector<symbolic::DimSlice> ds;
      ds.push_back(symbolic::DimSlice::fix(toSym(op->slice[0].index)));
      const ir::Shape& shape = src->second.type.shape;
      ds.push_back(op->slice.size() == 2
                       ? symbolic::DimSlice::range(toSym(op->slice[1].start),
                                                   toSym(op->slice[1].count),
                                                   toSym(op->slice[1].stride))
                       : symbolic::DimSlice::all(toSym(shape[1])));
      op->arr = c->second.array;
      s.pat[0].mem = std::make_shared<const ir::MemInfo>(
          ir::MemInfo{c->second.block, c->second.lmad.slice(ds)});
    }
  }

  /// Whether `op` is `xs[gtid, 0 :+ m * 1]` or `xs[gtid]` for a row-major xs : [n][m]
  /// worth transposing.
  static bool rowOfThread(const ir::BasicOp& op, const ir::Param& xs, const ir::VName& gtid) {
    const ir::Shape& shape = xs.type.shape;
    if (shape.size() != 2 || !xs.mem->lmad.isRowMajor() || xs.mem->lmad.rank() != 2)
      return false;
    if (isConstant(shape[0], 0) || isConstant(shape[0], 1) || isConstant(shape[1], 0) ||
        isConstant(shape[1], 1))
      return false;
    if (op.slice.empty() || op.slice.size() > 2 || !op.slice[0].fixed ||
        !op.slice[0].index.isVar() || !(op.slice[0].index.var() == gtid))
      return false;
    if (op.slice.size() == 2) {
      const ir::DimIndex& d = op.slice[1];
      if (d.fixed || !isConstant(d.start, 0) || !isConstant(d.stride, 1) || !(d.count == shape[1]))
        return false;
    }
    return true;
  }

  /// Appends to `out` the allocation and the transposing copy of `xs`.
  Transposed transposedCopy(const ir::Stm& kernel, const ir::Param& xs, std::vector<ir::Stm>& out) {
    const ir::Shape& shape = xs.type.shape;
    ir::Provenance prov{kernel.prov.span, xs.name.name + "_coalesced"};
    auto bind = [&](const std::string& name, ir::Type t, ir::Exp e) {
      ir::VName v = prog_.names.fresh(name);
      out.push_back(ir::Stm{{ir::PatElem{v, std::move(t), nullptr}}, std::move(e), prov});
      return v;
    };
    auto mulI64 = [](ir::SubExp a, ir::SubExp b) {
      ir::BasicOp m;
      m.kind = ir::BasicOp::Kind::BinOp;
      m.binOp = ir::BinOpKind::Mul;
      m.type = PrimType::I64;
      m.args = {std::move(a), std::move(b)};
      return m;
    };
    ir::VName count = bind(xs.name.name + "_count", ir::Type::prim(PrimType::I64),
                           mulI64(shape[0], shape[1]));
    ir::VName bytes = bind(xs.name.name + "_coalesced_bytes", ir::Type::prim(PrimType::I64),
                           mulI64(count, ir::SubExp(ir::PrimValue::integer(
                                             PrimType::I64, primBytes(xs.type.elem)))));
    ir::VName block = bind(xs.name.name + "_coalesced_mem", ir::Type::mem(ir::MemSpace::Device),
                           ir::Op(ir::Alloc{bytes, ir::MemSpace::Device}));
    symbolic::Lmad lmad = symbolic::Lmad::rowMajor(0, {toSym(shape[1]), toSym(shape[0])})
                              .transpose();
    ir::VName arr = prog_.names.fresh(xs.name.name + "_coalesced");
    ir::BasicOp copy;
    copy.kind = ir::BasicOp::Kind::Copy;
    copy.arr = xs.name;
    ir::Type t = ir::Type::array(xs.type.elem, shape);
    out.push_back(ir::Stm{{ir::PatElem{arr, t, std::make_shared<const ir::MemInfo>(
                                                    ir::MemInfo{block, lmad})}},
                          copy, prov});
    return Transposed{arr, block, lmad};
  }

  ir::Prog& prog_;
  std::map<ir::VName, ir::Param> arrays_; ///< arrays bound on the host so far
};

} // namespace

ir::Prog coalesceAccesses(ir::Prog prog) {
  Coalescer(prog).run();
  return prog;
}

} // namespace fjord::mem
