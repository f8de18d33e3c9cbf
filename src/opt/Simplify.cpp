// The simplifier (see Simplify.h): one forward pass per body (substitution, rewrite rules,
// CSE, constant `if`, loop hoisting) followed by one backward pass (dead code), repeated to
// a fixed point.
#include "opt/Simplify.h"

#include "ir/Print.h"
#include "ir/Traverse.h"
#include "ir/TypeOf.h"
#include "opt/SimplifyRules.h"
#include "opt/SimplifySoac.h"

#include <algorithm>

namespace fjord::opt {

using namespace ir;
using ir::Type;

namespace {

/// Pure expressions seen so far in scope, by their printed form.
using CseTable = std::map<std::string, std::vector<VName>>;

bool sameShape(const Type& a, const Type& b) {
  return a.kind == b.kind && a.elem == b.elem && a.shape == b.shape;
}

/// Whether a basic op can be hoisted out of a loop: it cannot fail and is cheap or pure.
bool hoistable(const Stm& s) {
  auto* op = std::get_if<BasicOp>(&s.exp);
  if (!op)
    return false;
  using K = BasicOp::Kind;
  switch (op->kind) {
  case K::Assert:
  case K::Update:
  case K::FlatUpdate:
  case K::Copy:
  case K::Index: // may be guarded by an assert inside the loop
  case K::FlatIndex:
    return false;
  case K::BinOp:
    // Integer division by zero traps: only hoist it with a non-zero constant divisor.
    if (isInteger(op->type) && (op->binOp == BinOpKind::Div || op->binOp == BinOpKind::Mod ||
                                op->binOp == BinOpKind::Quot || op->binOp == BinOpKind::Rem))
      return !op->args[1].isVar() && op->args[1].constant().i != 0;
    return true;
  default:
    return true;
  }
}

class Simplifier {
public:
  explicit Simplifier(NameSet consumed) : consumed_(std::move(consumed)) {}

  void bindParams(const std::vector<Param>& ps) {
    for (const Param& p : ps)
      env_[p.name] = p.type;
  }

  /// `extraLive`: names used outside the body besides its result (a function's return
  /// types may name sizes computed in its body).
  Body body(const Body& b, CseTable cse, const NameSet& extraLive = {}) {
    std::vector<Stm> out;
    for (const Stm& s0 : b.stms)
      stm(s0, out, cse);
    std::vector<SubExp> result;
    for (const SubExp& r : b.result)
      result.push_back(substituted(r));
    return deadCode(std::move(out), std::move(result), extraLive);
  }

  const Substitution& substitution() const { return subst_; }

private:
  NameSet consumed_;
  Substitution subst_;
  TypeEnv env_;
  /// Single-result basic ops kept so far, by their name (names are unique, so a use sees
  /// its own definition).
  std::map<VName, BasicOp> defs_;

  SubExp substituted(const SubExp& se) const {
    if (!se.isVar())
      return se;
    auto it = subst_.find(se.var());
    return it == subst_.end() ? se : it->second;
  }

  Lambda lambda(const Lambda& l, const CseTable& cse) {
    Lambda out = l;
    bindParams(l.params);
    out.body = body(l.body, cse);
    return out;
  }
  RedOp redOp(const RedOp& r, const CseTable& cse) {
    RedOp out = r;
    out.op = lambda(r.op, cse);
    return out;
  }
  std::vector<RedOp> redOps(const std::vector<RedOp>& ops, const CseTable& cse) {
    std::vector<RedOp> out;
    for (const RedOp& r : ops)
      out.push_back(redOp(r, cse));
    return out;
  }

  /// Simplifies the bodies nested in `e`.
  Exp nested(Exp e, const CseTable& cse) {
    if (auto* i = std::get_if<If>(&e)) {
      i->thenBody = body(i->thenBody, cse);
      i->elseBody = body(i->elseBody, cse);
      return e;
    }
    if (auto* l = std::get_if<Loop>(&e)) {
      for (const auto& [p, init] : l->merge)
        env_[p.name] = p.type;
      if (l->kind == Loop::Kind::For)
        env_[l->iterator] = Type::prim(PrimType::I64);
      l->body = body(l->body, cse);
      return e;
    }
    auto* op = std::get_if<Op>(&e);
    if (!op)
      return e;
    if (auto* seg = std::get_if<SegOp>(op)) {
      seg->ops = redOps(seg->ops, cse);
      for (HistOp& h : seg->histOps)
        h.op = redOp(h.op, cse);
      env_[seg->space.flat] = Type::prim(PrimType::I64);
      for (const auto& [v, extent] : seg->space.dims)
        env_[v] = Type::prim(PrimType::I64);
      seg->body = body(seg->body, cse);
      return e;
    }
    auto* soac = std::get_if<Soac>(op);
    if (!soac)
      return e;
    if (auto* s = std::get_if<Screma>(soac)) {
      s->map = lambda(s->map, cse);
      s->scans = redOps(s->scans, cse);
      s->reds = redOps(s->reds, cse);
    } else if (auto* h = std::get_if<Hist>(soac)) {
      for (HistOp& o : h->ops)
        o.op = redOp(o.op, cse);
      h->bucketFn = lambda(h->bucketFn, cse);
    } else if (auto* sc = std::get_if<Scatter>(soac)) {
      sc->fn = lambda(sc->fn, cse);
    } else {
      Stream& st = std::get<Stream>(*soac);
      st.reds = redOps(st.reds, cse);
      st.fn = lambda(st.fn, cse);
    }
    return e;
  }

  bool cseable(const Stm& s) const {
    auto* op = std::get_if<BasicOp>(&s.exp);
    if (!op || op->kind == BasicOp::Kind::Update || op->kind == BasicOp::Kind::FlatUpdate ||
        op->kind == BasicOp::Kind::Copy)
      return false;
    for (const PatElem& p : s.pat)
      if (p.type.isArray() && consumed_.count(p.name))
        return false;
    return true;
  }

  static std::string cseKey(const Stm& s) {
    std::string key = printExp(s.exp);
    for (const PatElem& p : s.pat)
      key += "|" + p.type.str();
    return key;
  }

  void stm(const Stm& s0, std::vector<Stm>& out, CseTable& cse) {
    Stm s{{}, substitute(s0.exp, subst_), s0.prov};
    for (const PatElem& p : s0.pat) {
      PatElem q = p;
      q.type = substitute(p.type, subst_);
      env_[q.name] = q.type;
      s.pat.push_back(std::move(q));
    }
    s.exp = nested(std::move(s.exp), cse);

    if (auto empty = detail::emptyScrema(s)) {
      for (const Stm& e : *empty)
        stm(e, out, cse);
      return;
    }

    if (auto* op = std::get_if<BasicOp>(&s.exp)) {
      auto def = [&](const VName& v) -> const BasicOp* {
        auto it = defs_.find(v);
        return it == defs_.end() ? nullptr : &it->second;
      };
      for (int i = 0; i < 16; ++i) {
        std::optional<BasicOp> r = rewriteBasicOp(*op);
        if (!r)
          r = rewriteThroughDefinitions(*op, def);
        if (!r)
          break;
        *op = std::move(*r);
      }
      if (op->kind == BasicOp::Kind::Assert && !op->args[0].isVar() && op->args[0].constant().i)
        return; // assert true
      if (op->kind == BasicOp::Kind::SubExp && s.pat.size() == 1) {
        const SubExp& se = op->args[0];
        if (!se.isVar() || sameShape(subExpType(se, env_), s.pat[0].type)) {
          subst_[s.pat[0].name] = se;
          return;
        }
      }
    }

    if (auto* i = std::get_if<If>(&s.exp); i && !i->cond.isVar()) {
      Body& taken = i->cond.constant().i ? i->thenBody : i->elseBody;
      for (Stm& t : taken.stms)
        out.push_back(std::move(t));
      for (size_t k = 0; k < s.pat.size(); ++k)
        subst_[s.pat[k].name] = taken.result[k];
      return;
    }

    if (auto* l = std::get_if<Loop>(&s.exp))
      hoist(*l, out);

    if (cseable(s)) {
      std::string key = cseKey(s);
      auto it = cse.find(key);
      if (it != cse.end() && it->second.size() == s.pat.size()) {
        bool ok = true;
        for (const VName& v : it->second)
          ok = ok && !consumed_.count(v);
        if (ok) {
          for (size_t k = 0; k < s.pat.size(); ++k)
            subst_[s.pat[k].name] = SubExp(it->second[k]);
          return;
        }
      }
      std::vector<VName> names;
      for (const PatElem& p : s.pat)
        names.push_back(p.name);
      cse.emplace(key, std::move(names));
    }
    if (auto* op = std::get_if<BasicOp>(&s.exp); op && s.pat.size() == 1)
      defs_[s.pat[0].name] = *op;
    out.push_back(std::move(s));
  }

  /// The arrays of a loop body that an iteration consumes, directly or through a view
  /// (an alias) bound in the body. Such an array must be fresh in every iteration, so its
  /// definition stays in the loop: hoisted, the second iteration would start from what the
  /// first one wrote in place (a histogram's zeroed destination, say).
  static NameSet consumedPerIteration(const Body& body) {
    NameSet consumed = consumedIn(body);
    for (auto it = body.stms.rbegin(); it != body.stms.rend(); ++it) {
      auto* op = std::get_if<BasicOp>(&it->exp);
      bool bindsConsumed = std::any_of(it->pat.begin(), it->pat.end(),
                                       [&](const PatElem& p) { return consumed.count(p.name); });
      if (!op || !bindsConsumed)
        continue;
      using K = BasicOp::Kind;
      if (op->kind == K::Index || op->kind == K::Rearrange || op->kind == K::Reshape ||
          op->kind == K::FlatIndex)
        consumed.insert(op->arr);
      else if (op->kind == K::SubExp && op->args[0].isVar())
        consumed.insert(op->args[0].var());
    }
    return consumed;
  }

  /// Moves the invariant, hoistable statements of a loop body in front of the loop, except
  /// those binding arrays that the body consumes (consumedPerIteration).
  void hoist(Loop& l, std::vector<Stm>& out) {
    NameSet consumed = consumedPerIteration(l.body);
    NameSet variant;
    for (const auto& [p, init] : l.merge)
      variant.insert(p.name);
    if (l.kind == Loop::Kind::For)
      variant.insert(l.iterator);
    std::vector<Stm> kept;
    for (Stm& s : l.body.stms) {
      NameSet fv = freeVars(s);
      bool invariant = std::none_of(fv.begin(), fv.end(),
                                    [&](const VName& v) { return variant.count(v) > 0; });
      bool bindsConsumed = std::any_of(s.pat.begin(), s.pat.end(),
                                       [&](const PatElem& p) { return consumed.count(p.name); });
      if (invariant && hoistable(s) && !bindsConsumed) {
        out.push_back(std::move(s));
        continue;
      }
      for (const PatElem& p : s.pat)
        variant.insert(p.name);
      kept.push_back(std::move(s));
    }
    l.body.stms = std::move(kept);
  }

  /// Removes unused results, operators and inputs of a live Screma.
  void pruneScrema(Stm& s, Screma& sc, const NameSet& live) {
    size_t nScan = operandCount(sc.scans), nRed = operandCount(sc.reds);
    std::vector<bool> keep(s.pat.size(), true);
    for (size_t i = nScan + nRed; i < s.pat.size(); ++i)
      keep[i] = live.count(s.pat[i].name) > 0;
    auto pruneOps = [&](std::vector<RedOp>& ops, size_t offset) {
      std::vector<RedOp> kept;
      size_t pos = offset;
      for (RedOp& r : ops) {
        size_t k = r.neutral.size();
        bool used = false;
        for (size_t j = 0; j < k; ++j)
          used = used || live.count(s.pat[pos + j].name) > 0;
        if (!used && !mayFail(Exp{Op{Soac{Screma{{}, {}, r.op, {}, {}}}}})) {
          for (size_t j = 0; j < k; ++j)
            keep[pos + j] = false;
        } else {
          kept.push_back(std::move(r));
        }
        pos += k;
      }
      ops = std::move(kept);
    };
    pruneOps(sc.scans, 0);
    pruneOps(sc.reds, nScan);
    std::vector<PatElem> pat;
    std::vector<SubExp> res;
    std::vector<Type> rets;
    for (size_t i = 0; i < keep.size(); ++i) {
      if (!keep[i])
        continue;
      pat.push_back(s.pat[i]);
      res.push_back(sc.map.body.result[i]);
      rets.push_back(sc.map.retTypes[i]);
    }
    s.pat = std::move(pat);
    sc.map.body.result = std::move(res);
    sc.map.retTypes = std::move(rets);
    // Inputs whose lambda parameter is unused.
    NameSet used = freeVars(sc.map.body);
    std::vector<Param> params;
    std::vector<VName> inputs;
    for (size_t i = 0; i < sc.inputs.size(); ++i) {
      if (!used.count(sc.map.params[i].name))
        continue;
      params.push_back(sc.map.params[i]);
      inputs.push_back(sc.inputs[i]);
    }
    sc.map.params = std::move(params);
    sc.inputs = std::move(inputs);
  }

  /// Removes the unused results of an `if` that stays only because a branch may fail: the
  /// branches' code computing them is then dead too. A result stays while the type of a
  /// live one names it (an existential size).
  void pruneIf(Stm& s, If& branch, const NameSet& live) {
    NameSet needed = live;
    for (size_t i = 0; i < s.pat.size(); ++i)
      if (live.count(s.pat[i].name))
        for (const Type* t : {&s.pat[i].type, &branch.types[i]})
          for (const VName& v : varsOf(t->shape))
            needed.insert(v);
    std::vector<PatElem> pat;
    std::vector<SubExp> thenRes, elseRes;
    std::vector<Type> types;
    for (size_t i = 0; i < s.pat.size(); ++i) {
      if (!needed.count(s.pat[i].name))
        continue;
      pat.push_back(s.pat[i]);
      thenRes.push_back(branch.thenBody.result[i]);
      elseRes.push_back(branch.elseBody.result[i]);
      types.push_back(branch.types[i]);
    }
    s.pat = std::move(pat);
    branch.thenBody.result = std::move(thenRes);
    branch.elseBody.result = std::move(elseRes);
    branch.types = std::move(types);
  }

  Body deadCode(std::vector<Stm> stms, std::vector<SubExp> result, const NameSet& extraLive) {
    NameSet live = varsOf(result);
    live.insert(extraLive.begin(), extraLive.end());
    std::vector<Stm> kept;
    for (auto it = stms.rbegin(); it != stms.rend(); ++it) {
      Stm& s = *it;
      bool used = std::any_of(s.pat.begin(), s.pat.end(),
                              [&](const PatElem& p) { return live.count(p.name) > 0; });
      if (!used && !mayFail(s.exp))
        continue;
      if (auto* op = std::get_if<Op>(&s.exp))
        if (auto* soac = std::get_if<Soac>(op))
          if (auto* sc = std::get_if<Screma>(soac))
            pruneScrema(s, *sc, live);
      if (auto* branch = std::get_if<If>(&s.exp))
        pruneIf(s, *branch, live);
      NameSet fv = freeVars(s);
      live.insert(fv.begin(), fv.end());
      kept.push_back(std::move(s));
    }
    std::reverse(kept.begin(), kept.end());
    return Body{std::move(kept), std::move(result)};
  }
};

FunDef simplifyOnce(const FunDef& f) {
  // CSE must not merge consumed arrays with anything.
  Simplifier s(consumedIn(f.body));
  s.bindParams(f.params);
  FunDef out = f;
  NameSet retSizes;
  for (const Type& t : f.retTypes)
    for (const VName& v : varsOf(t.shape))
      retSizes.insert(v);
  out.body = s.body(f.body, {}, retSizes);
  for (Type& t : out.retTypes)
    t = substitute(t, s.substitution());
  return out;
}

} // namespace

Prog simplify(Prog prog) {
  for (FunDef& f : prog.funs) {
    std::string before = printFunDef(f);
    for (int round = 0; round < 10; ++round) {
      f = simplifyOnce(f);
      std::string after = printFunDef(f);
      if (after == before)
        break;
      before = std::move(after);
    }
  }
  return prog;
}

} // namespace fjord::opt
