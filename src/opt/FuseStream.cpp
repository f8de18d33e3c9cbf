// Stream fusion: Screma-to-stream conversion and stream-stream fusion (see FuseStream.h).
#include "opt/FuseStream.h"

#include "opt/FuseWiring.h"

#include "ir/Builder.h"
#include "ir/Traverse.h"
#include "ir/TypeOf.h"
#include "support/Diagnostics.h"

#include <algorithm>

namespace fjord::opt::detail {

using namespace ir;
using ir::Type;

namespace {

const Soac& soacOf(const Stm& s) { return std::get<Soac>(std::get<Op>(s.exp)); }

/// `t` (a whole-width array type) as a chunk of `k` rows.
Type chunkOf(Type t, const SubExp& k) {
  t.shape.at(0) = k;
  t.unique = false;
  return t;
}

/// Number of parameters of a stream function before the chunks (chunk size, accumulators).
size_t leadingParams(const Stream& s) { return 1 + s.accs.size(); }

/// The Screma `sc` on one chunk of `k` rows, renamed so that names stay unique in the
/// program; its chunk parameters (one per input) are appended to `fnParams`.
Screma onChunk(const Screma& sc, const Param& k, std::vector<Param>& fnParams, NameSource& names) {
  Screma inner;
  inner.width = k.name;
  for (const Param& p : sc.map.params) {
    Param c{names.fresh("chunk"), arrayOf(p.type, k.name), nullptr};
    fnParams.push_back(c);
    inner.inputs.push_back(c.name);
  }
  inner.map = renameLambda(sc.map, names);
  for (const RedOp& r : sc.scans)
    inner.scans.push_back(RedOp{r.commutative, renameLambda(r.op, names), r.neutral});
  for (const RedOp& r : sc.reds)
    inner.reds.push_back(RedOp{r.commutative, renameLambda(r.op, names), r.neutral});
  return inner;
}

} // namespace

size_t nonMapResults(const Stm& s) {
  const Soac& soac = soacOf(s);
  if (auto* sc = std::get_if<Screma>(&soac))
    return operandCount(sc->scans) + operandCount(sc->reds);
  const Stream& st = std::get<Stream>(soac);
  return st.kind == Stream::Kind::Seq ? st.accs.size() : operandCount(st.reds);
}

std::optional<Stream> scremaAsStream(const Stm& s, NameSource& names) {
  const Screma& sc = std::get<Screma>(soacOf(s));
  if (!sc.scans.empty())
    return std::nullopt;
  Stream st;
  st.kind = sc.reds.empty() ? Stream::Kind::Map : Stream::Kind::Red;
  st.width = sc.width;
  st.inputs = sc.inputs;
  st.reds = sc.reds;

  Param k{names.fresh("chunk_size"), Type::prim(PrimType::I64), nullptr};
  st.fn.params.push_back(k);
  Screma inner = onChunk(sc, k, st.fn.params, names);
  Stm run;
  run.prov = s.prov;
  size_t nRed = operandCount(sc.reds);
  for (size_t i = 0; i < s.pat.size(); ++i) {
    Type t = i < nRed ? s.pat[i].type : chunkOf(s.pat[i].type, k.name);
    run.pat.push_back(Param{names.fresh(s.pat[i].name.name), t, nullptr});
    st.fn.body.result.push_back(run.pat.back().name);
    st.fn.retTypes.push_back(t);
  }
  run.exp = Op{Soac{std::move(inner)}};
  st.fn.body.stms.push_back(std::move(run));
  return st;
}

namespace {

/// `op` applied to `lhs` and `rhs` (k operands each), as statements appended to `stms`;
/// returns its k results.
std::vector<SubExp> applyOp(const RedOp& r, const std::vector<SubExp>& lhs,
                            const std::vector<SubExp>& rhs, std::vector<Stm>& stms,
                            NameSource& names) {
  Lambda op = renameLambda(r.op, names);
  size_t m = r.neutral.size();
  Substitution subst;
  for (size_t q = 0; q < m; ++q) {
    subst[op.params[q].name] = lhs[q];
    subst[op.params[m + q].name] = rhs[q];
  }
  Body b = substitute(op.body, subst);
  stms.insert(stms.end(), b.stms.begin(), b.stms.end());
  return b.result;
}

Stm letExp(std::vector<Param> pat, Exp e, const Provenance& prov) {
  Stm s;
  s.pat = std::move(pat);
  s.exp = std::move(e);
  s.prov = prov;
  return s;
}

} // namespace

std::optional<Stm> scanAsSeq(const Stm& s, NameSource& names) {
  const Screma& sc = std::get<Screma>(soacOf(s));
  size_t nScan = operandCount(sc.scans), nRed = operandCount(sc.reds);
  for (size_t i = 0; i < nScan; ++i)
    if (s.pat[i].type.rank() != 1)
      return std::nullopt;
  Stream st;
  st.kind = Stream::Kind::Seq;
  st.width = sc.width;
  st.inputs = sc.inputs;
  Param k{names.fresh("chunk_size"), Type::prim(PrimType::I64), nullptr};
  st.fn.params.push_back(k);
  std::vector<SubExp> accs;
  auto addAcc = [&](const SubExp& init, const Type& t) {
    st.accs.push_back(init);
    Param a{names.fresh("acc"), t, nullptr};
    st.fn.params.push_back(a);
    accs.push_back(a.name);
  };
  for (const RedOp& r : sc.scans)
    for (size_t q = 0; q < r.neutral.size(); ++q)
      addAcc(r.neutral[q], s.pat[accs.size()].type.rowType());
  for (const RedOp& r : sc.reds)
    for (const SubExp& ne : r.neutral)
      addAcc(ne, s.pat[accs.size()].type);

  Screma inner = onChunk(sc, k, st.fn.params, names);
  std::vector<Param> run;
  for (size_t i = 0; i < s.pat.size(); ++i) {
    Type t = i >= nScan && i < nScan + nRed ? s.pat[i].type : chunkOf(s.pat[i].type, k.name);
    run.push_back(Param{names.fresh(s.pat[i].name.name), t, nullptr});
  }
  std::vector<Stm>& stms = st.fn.body.stms;
  stms.push_back(letExp(run, Op{Soac{std::move(inner)}}, s.prov));

  // y_c = map (a ⊕) x_c for each scan: the running totals of the earlier chunks join in.
  Screma shift;
  shift.width = k.name;
  std::vector<Param> shifted;
  size_t pos = 0;
  for (const RedOp& r : sc.scans) {
    std::vector<SubExp> lhs(accs.begin() + static_cast<long>(pos),
                            accs.begin() + static_cast<long>(pos + r.neutral.size()));
    std::vector<SubExp> rhs;
    for (size_t q = 0; q < r.neutral.size(); ++q) {
      Param x{names.fresh("x"), s.pat[pos + q].type.rowType(), nullptr};
      shift.map.params.push_back(x);
      shift.inputs.push_back(run[pos + q].name);
      shift.map.retTypes.push_back(x.type);
      rhs.push_back(x.name);
      shifted.push_back(Param{names.fresh("y"), run[pos + q].type, nullptr});
    }
    std::vector<SubExp> res = applyOp(r, lhs, rhs, shift.map.body.stms, names);
    shift.map.body.result.insert(shift.map.body.result.end(), res.begin(), res.end());
    pos += r.neutral.size();
  }
  stms.push_back(letExp(shifted, Op{Soac{std::move(shift)}}, s.prov));

  // The next accumulators: a ⊕ last(x_c), which is last(y_c) without reading y_c (so that
  // the map above can fuse with a consumer), or the old one for an empty chunk.
  Param nonEmpty{names.fresh("nonempty"), Type::prim(PrimType::Bool), nullptr};
  stms.push_back(letExp({nonEmpty}, cmpOpExp(CmpOpKind::Gt, PrimType::I64, k.name, PrimValue::int64(0)), s.prov));
  Param lastIx{names.fresh("last"), Type::prim(PrimType::I64), nullptr};
  stms.push_back(letExp({lastIx}, binOpExp(BinOpKind::Sub, PrimType::I64, k.name, PrimValue::int64(1)), s.prov));
  If guard;
  guard.cond = nonEmpty.name;
  std::vector<Param> nextAccs;
  pos = 0;
  for (const RedOp& r : sc.scans) {
    std::vector<SubExp> lhs, rhs;
    for (size_t q = pos; q < pos + r.neutral.size(); ++q) {
      Type t = s.pat[q].type.rowType();
      guard.types.push_back(t);
      Param v{names.fresh("last_elem"), t, nullptr};
      BasicOp ix;
      ix.kind = BasicOp::Kind::Index;
      ix.arr = run[q].name;
      ix.slice.push_back(DimIndex{true, lastIx.name, {}, {}, {}});
      guard.thenBody.stms.push_back(letExp({v}, ix, s.prov));
      lhs.push_back(accs[q]);
      rhs.push_back(v.name);
      guard.elseBody.result.push_back(accs[q]);
      nextAccs.push_back(Param{names.fresh("acc_next"), t, nullptr});
    }
    std::vector<SubExp> res = applyOp(r, lhs, rhs, guard.thenBody.stms, names);
    guard.thenBody.result.insert(guard.thenBody.result.end(), res.begin(), res.end());
    pos += r.neutral.size();
  }
  if (nScan > 0)
    stms.push_back(letExp(nextAccs, std::move(guard), s.prov));
  for (const Param& a : nextAccs) {
    st.fn.body.result.push_back(a.name);
    st.fn.retTypes.push_back(a.type);
  }
  // Reductions: accumulator ⊕ the chunk's partial result.
  pos = nScan;
  for (const RedOp& r : sc.reds) {
    std::vector<SubExp> lhs(accs.begin() + static_cast<long>(pos),
                            accs.begin() + static_cast<long>(pos + r.neutral.size()));
    std::vector<SubExp> rhs;
    for (size_t q = 0; q < r.neutral.size(); ++q)
      rhs.push_back(run[pos + q].name);
    std::vector<SubExp> res = applyOp(r, lhs, rhs, stms, names);
    for (size_t q = 0; q < res.size(); ++q) {
      st.fn.body.result.push_back(res[q]);
      st.fn.retTypes.push_back(s.pat[pos + q].type);
    }
    pos += r.neutral.size();
  }
  for (const Param& y : shifted) {
    st.fn.body.result.push_back(y.name);
    st.fn.retTypes.push_back(y.type);
  }
  for (size_t i = nScan + nRed; i < run.size(); ++i) {
    st.fn.body.result.push_back(run[i].name);
    st.fn.retTypes.push_back(run[i].type);
  }

  // Pattern: the scans' final totals (fresh, usually dead), the reductions, the scanned
  // arrays, the mapped arrays.
  Stm out;
  out.prov = s.prov;
  for (const Param& a : nextAccs)
    out.pat.push_back(Param{names.fresh("scan_total"), a.type, nullptr});
  out.pat.insert(out.pat.end(), s.pat.begin() + static_cast<long>(nScan),
                 s.pat.begin() + static_cast<long>(nScan + nRed));
  out.pat.insert(out.pat.end(), s.pat.begin(), s.pat.begin() + static_cast<long>(nScan));
  out.pat.insert(out.pat.end(), s.pat.begin() + static_cast<long>(nScan + nRed), s.pat.end());
  out.exp = Op{Soac{std::move(st)}};
  return out;
}

std::optional<Stream::Kind> fusedKind(Stream::Kind p, Stream::Kind c) {
  using K = Stream::Kind;
  if (p == K::Seq || c == K::Seq)
    return K::Seq; // a stream_red joins as a stream_seq (redAsSeq, F4)
  return p == K::Red || c == K::Red ? K::Red : K::Map;
}

Stream redAsSeq(const Stream& s, NameSource& names) {
  FJORD_CHECK(s.kind == Stream::Kind::Red, "redAsSeq of a stream that is not a stream_red");
  Stream out;
  out.kind = Stream::Kind::Seq;
  out.width = s.width;
  out.inputs = s.inputs;
  out.fn.params.push_back(s.fn.params[0]);
  std::vector<SubExp> accs;
  for (const RedOp& r : s.reds)
    for (const SubExp& ne : r.neutral) {
      out.accs.push_back(ne);
      Param a{names.fresh("acc"), s.fn.retTypes[accs.size()], nullptr};
      out.fn.params.push_back(a);
      accs.push_back(a.name);
    }
  out.fn.params.insert(out.fn.params.end(), s.fn.params.begin() + 1, s.fn.params.end());
  out.fn.body.stms = s.fn.body.stms;
  // Each operator combines the accumulator so far with the chunk's partial result.
  size_t pos = 0;
  for (const RedOp& r : s.reds) {
    Lambda op = renameLambda(r.op, names);
    size_t m = r.neutral.size();
    Substitution subst;
    for (size_t q = 0; q < m; ++q) {
      subst[op.params[q].name] = accs[pos + q];
      subst[op.params[m + q].name] = s.fn.body.result[pos + q];
    }
    Body b = substitute(op.body, subst);
    out.fn.body.stms.insert(out.fn.body.stms.end(), b.stms.begin(), b.stms.end());
    out.fn.body.result.insert(out.fn.body.result.end(), b.result.begin(), b.result.end());
    pos += m;
  }
  out.fn.body.result.insert(out.fn.body.result.end(), s.fn.body.result.begin() + static_cast<long>(pos),
                            s.fn.body.result.end());
  out.fn.retTypes = s.fn.retTypes;
  return out;
}

Stm fuseStreams(const Stm& ps, const Stm& cs,
                const std::function<bool(const VName&)>& liveAfter) {
  const Stream& p = std::get<Stream>(soacOf(ps));
  const Stream& c = std::get<Stream>(soacOf(cs));
  std::optional<Stream::Kind> kind = fusedKind(p.kind, c.kind);
  FJORD_CHECK(kind.has_value(), "fusing streams of incompatible kinds");
  size_t pOps = nonMapResults(ps), cOps = nonMapResults(cs);
  size_t pLead = leadingParams(p), cLead = leadingParams(c);

  Stream f;
  f.kind = *kind;
  f.width = c.width;
  f.inputs = p.inputs;
  f.accs = p.accs;
  f.accs.insert(f.accs.end(), c.accs.begin(), c.accs.end());
  f.reds = p.reds;
  f.reds.insert(f.reds.end(), c.reds.begin(), c.reds.end());
  // Parameters: chunk size, all accumulators, then the producer's chunks and the
  // consumer's new ones.
  f.fn.params.push_back(p.fn.params[0]);
  f.fn.params.insert(f.fn.params.end(), p.fn.params.begin() + 1,
                     p.fn.params.begin() + static_cast<long>(pLead));
  f.fn.params.insert(f.fn.params.end(), c.fn.params.begin() + 1,
                     c.fn.params.begin() + static_cast<long>(cLead));
  std::vector<Param> chunks(p.fn.params.begin() + static_cast<long>(pLead), p.fn.params.end());

  Substitution subst{{c.fn.params[0].name, p.fn.params[0].name}};
  const std::vector<SubExp>& pRes = p.fn.body.result;
  std::vector<Param> cChunks(c.fn.params.begin() + static_cast<long>(cLead), c.fn.params.end());
  wireConsumerInputs(c.inputs, cChunks, ps.pat, pOps, pRes, f.inputs, chunks, subst);
  // The consumer's chunk parameters have types in terms of its own chunk size.
  for (size_t k = 0; k < chunks.size(); ++k)
    if (k >= p.inputs.size())
      chunks[k].type = substitute(chunks[k].type, subst);
  f.fn.params.insert(f.fn.params.end(), chunks.begin(), chunks.end());

  Body cBody = substitute(c.fn.body, subst);
  f.fn.body.stms = p.fn.body.stms;
  f.fn.body.stms.insert(f.fn.body.stms.end(), cBody.stms.begin(), cBody.stms.end());

  Stm out;
  out.prov = fusedProvenance(ps, cs);
  auto take = [&](const Stm& s, const Lambda& fn, const std::vector<SubExp>& res, size_t begin,
                  size_t end, bool onlyLive) {
    for (size_t k = begin; k < end; ++k) {
      if (onlyLive && !liveAfter(s.pat[k].name))
        continue;
      out.pat.push_back(s.pat[k]);
      f.fn.body.result.push_back(res[k]);
      f.fn.retTypes.push_back(&s == &cs ? substitute(fn.retTypes[k], subst) : fn.retTypes[k]);
    }
  };
  take(ps, p.fn, pRes, 0, pOps, false);
  take(cs, c.fn, cBody.result, 0, cOps, false);
  take(ps, p.fn, pRes, pOps, ps.pat.size(), true);
  take(cs, c.fn, cBody.result, cOps, cs.pat.size(), false);
  out.exp = Op{Soac{std::move(f)}};
  return out;
}

} // namespace fjord::opt::detail
