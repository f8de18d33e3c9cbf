// The inliner (see Inline.h).
#include "opt/Inline.h"

#include "ir/Traverse.h"
#include "support/Diagnostics.h"

#include <algorithm>
#include <map>
#include <set>
#include <vector>

namespace fjord::opt {

using namespace ir;
using ir::Type; // not fjord::Type (source-language types)

namespace {

/// Note [Inlining policy]
/// Internalisation keeps the applications of top-level functions that an IR function can
/// represent (internalise/InternaliseCall.cpp, Note [Functions in the IR]); here, as in
/// Futhark's inliner, a function stays a function when
///   - it is recursive (on a cycle of the call graph): it cannot be inlined;
///   - it is marked `#[noinline]` (InlineHint::Never), whatever it holds: the user decides
///     (a SOAC in one called from parallel code then runs sequentially per thread);
///   - it has no hint, is large (more than kSmallFunction statements, nested bodies
///     included), is called from more than one place (in IR text), and is scalar code
///     through and through: parameters, results and every binding scalars, no SOAC, and
///     calls only of such functions (`scalarFunctions`);
/// every other call is inlined: small functions, functions called once, `#[inline]` ones,
/// and, without a hint, those with arrays or parallelism in them. A call inside a kept
/// function is inlined by the same rule.
///
/// Why scalar code only, without a hint: a kept function called from parallel code is a
/// sequential device function (gpu/DeviceFunctions.h, imp/LowerDeviceFunction.cpp), so a
/// SOAC in it would be hidden from flattening; a kept function called from host code ends
/// fusion and simplification at the call, and a kept call's array arguments must be
/// row-major at offset 0 (mem/ copies them otherwise, and cannot inside a kernel) and its
/// array results get existential sizes and memory. A scalar function loses none of this:
/// kernels call it as a `static __device__` function that the target compiler inlines
/// again, host code as a `fun_NAME`, and the generated code shows it once.
constexpr size_t kSmallFunction = 16;

/// The names of the functions called anywhere in a body.
class CallNames : public Walker {
public:
  std::set<std::string> called;
  void exp(const Exp& e) override {
    if (const auto* a = std::get_if<Apply>(&e))
      called.insert(a->fn);
    Walker::exp(e);
  }
};

std::set<std::string> calledBy(const FunDef& f) {
  CallNames c;
  c.body(f.body);
  return c.called;
}

/// The number of statements in a body, nested bodies included (the size the policy weighs).
class StmCount : public Walker {
public:
  size_t n = 0;
  void body(const Body& b) override {
    n += b.stms.size();
    Walker::body(b);
  }
};

/// The number of call sites of each function in the whole program.
class CallSites : public Walker {
public:
  std::map<std::string, size_t> count;
  void exp(const Exp& e) override {
    if (const auto* a = std::get_if<Apply>(&e))
      ++count[a->fn];
    Walker::exp(e);
  }
};

/// The functions on a cycle of the call graph (recursive, directly or mutually).
std::set<std::string> recursiveFunctions(const Prog& prog) {
  std::map<std::string, std::set<std::string>> calls;
  for (const FunDef& f : prog.funs)
    calls[f.name] = calledBy(f);
  std::set<std::string> out;
  for (const FunDef& f : prog.funs) {
    // Depth-first search from f's callees for f itself.
    std::set<std::string> seen;
    std::vector<std::string> work(calls[f.name].begin(), calls[f.name].end());
    while (!work.empty()) {
      std::string g = work.back();
      work.pop_back();
      if (g == f.name) {
        out.insert(f.name);
        break;
      }
      if (!seen.insert(g).second)
        continue;
      for (const std::string& h : calls[g])
        work.push_back(h);
    }
  }
  return out;
}

/// Whether a function's own interface and bindings are all scalars and it holds no SOAC
/// (Note [Inlining policy]); its callees are checked by `scalarFunctions`.
class ScalarBody : public Walker {
public:
  bool scalar = true;
  void stm(const Stm& s) override {
    for (const PatElem& p : s.pat)
      scalar = scalar && !p.type.isArray();
    Walker::stm(s);
  }
  void soac(const Soac&) override { scalar = false; }
};

/// The functions that are scalar code through and through: scalar parameters, results and
/// bindings, no SOAC, and calls only of such functions.
std::set<std::string> scalarFunctions(const Prog& prog) {
  std::set<std::string> scalar;
  std::map<std::string, std::set<std::string>> calls;
  for (const FunDef& f : prog.funs) {
    ScalarBody body;
    for (const Param& p : f.params)
      body.scalar = body.scalar && !p.type.isArray();
    for (const Type& t : f.retTypes)
      body.scalar = body.scalar && !t.isArray();
    body.body(f.body);
    if (body.scalar)
      scalar.insert(f.name);
    calls[f.name] = calledBy(f);
  }
  // Remove the functions that call a non-scalar one until nothing changes.
  for (bool changed = true; changed;) {
    changed = false;
    for (auto it = scalar.begin(); it != scalar.end();) {
      const std::set<std::string>& callees = calls[*it];
      bool ok = std::all_of(callees.begin(), callees.end(),
                            [&](const std::string& g) { return scalar.count(g) > 0; });
      if (ok) {
        ++it;
      } else {
        it = scalar.erase(it);
        changed = true;
      }
    }
  }
  return scalar;
}

/// Note [Inlining policy]: the functions that stay functions.
std::set<std::string> keptFunctions(const Prog& prog) {
  std::set<std::string> kept = recursiveFunctions(prog);
  std::set<std::string> scalar = scalarFunctions(prog);
  CallSites sites;
  for (const FunDef& f : prog.funs)
    sites.body(f.body);
  for (const FunDef& f : prog.funs) {
    if (f.entry)
      continue;
    StmCount size;
    size.body(f.body);
    bool small = size.n <= kSmallFunction;
    bool keep = f.inlineHint == InlineHint::Never ||
                (f.inlineHint == InlineHint::Default && !small && sites.count[f.name] > 1 &&
                 scalar.count(f.name));
    if (keep)
      kept.insert(f.name);
  }
  return kept;
}

/// Renames the binders in `to` and their uses.
class RenameAll : public Mutator {
public:
  explicit RenameAll(const std::map<VName, VName>& to) : to_(to) {}
  VName var(const VName& v) override { return renamed(v); }
  VName binder(const VName& v) override { return renamed(v); }

private:
  const std::map<VName, VName>& to_;
  VName renamed(const VName& v) const {
    auto it = to_.find(v);
    return it != to_.end() ? it->second : v;
  }
};

/// Rebuilds a body, splicing callees' bodies in place of calls. The call's pattern names
/// are substituted by the callee's (renamed) results in everything that follows: names are
/// unique, so a program-order traversal sees each call before the uses of its results.
class Inliner : public Substituter {
public:
  Inliner(const std::map<std::string, const FunDef*>& funs, const std::set<std::string>& kept,
          NameSource& names)
      : Substituter(results_), funs_(funs), kept_(kept), names_(names) {}

  Body body(const Body& b) override {
    Body out;
    for (const Stm& s : b.stms) {
      const auto* call = std::get_if<Apply>(&s.exp);
      if (call && !kept_.count(call->fn))
        inlineCall(s, *call, out.stms);
      else
        out.stms.push_back(stm(s));
    }
    for (const SubExp& r : b.result)
      out.result.push_back(subExp(r));
    return out;
  }

  /// The function's body with every call inlined; its return types may name sizes bound
  /// by calls (existential results), so they are rewritten too.
  FunDef funDef(const FunDef& f) override {
    active_ = {f.name};
    FunDef out = f;
    out.body = body(f.body);
    out.retTypes.clear();
    for (const Type& t : f.retTypes)
      out.retTypes.push_back(type(t));
    return out;
  }

private:
  const std::map<std::string, const FunDef*>& funs_;
  const std::set<std::string>& kept_;
  NameSource& names_;
  /// The call patterns' names -> the inlined bodies' results (read by Substituter).
  Substitution results_;
  std::vector<std::string> active_; ///< the caller, then the callees being inlined into it

  void inlineCall(const Stm& s, const Apply& call, std::vector<Stm>& out) {
    auto it = funs_.find(call.fn);
    FJORD_CHECK(it != funs_.end(), "call to undefined function `" + call.fn + "`");
    const FunDef& g = *it->second;
    if (std::find(active_.begin(), active_.end(), g.name) != active_.end()) {
      std::string chain;
      for (const std::string& f : active_)
        chain += f + " -> ";
      internalError("inline", "recursive call: " + chain + g.name);
    }
    FJORD_CHECK(g.params.size() == call.args.size(),
                "call to `" + g.name + "` with " + std::to_string(call.args.size()) + " arguments for " +
                    std::to_string(g.params.size()) + " parameters");
    FJORD_CHECK(g.body.result.size() == s.pat.size(),
                "call to `" + g.name + "` binds " + std::to_string(s.pat.size()) + " names for " +
                    std::to_string(g.body.result.size()) + " results");
    // Fresh names for everything the callee binds, then its parameters become the
    // (already rewritten) arguments.
    Substitution args;
    for (size_t i = 0; i < g.params.size(); ++i)
      args[g.params[i].name] = subExp(call.args[i]);
    Body callee = keepCallersNames(s, g.name, substitute(renameBody(g.body, names_), args));
    active_.push_back(g.name);
    Body inlined = body(callee);
    active_.pop_back();
    for (Stm& t : inlined.stms)
      out.push_back(std::move(t));
    for (size_t i = 0; i < s.pat.size(); ++i)
      if (!(inlined.result[i] == SubExp(s.pat[i].name)))
        results_[s.pat[i].name] = inlined.result[i];
  }

  /// Note [Names of inlined results]
  /// Internalisation names a call's results after its source binding (`let e = dist a b`),
  /// so a result that the callee's body binds takes the call's name, as if the source had
  /// been inlined; a result without a binding of its own (`1 + dist a b`) is named `g_res`
  /// after the callee g and keeps the callee's name. Sizes keep the callee's names, and the
  /// parameters and constants it returns are substituted.
  static Body keepCallersNames(const Stm& call, const std::string& calleeName, Body callee) {
    std::set<VName> sizes, bound;
    for (const PatElem& p : call.pat)
      for (const SubExp& d : p.type.shape)
        if (d.isVar())
          sizes.insert(d.var());
    for (const Stm& t : callee.stms)
      for (const PatElem& p : t.pat)
        bound.insert(p.name);
    std::map<VName, VName> to;
    std::set<VName> used;
    for (size_t i = 0; i < call.pat.size(); ++i) {
      const SubExp& r = callee.result[i];
      const VName& name = call.pat[i].name;
      if (r.isVar() && bound.count(r.var()) && !sizes.count(name) && !to.count(r.var()) &&
          name.name != calleeName + "_res" && used.insert(name).second)
        to.emplace(r.var(), name);
    }
    if (to.empty())
      return callee;
    RenameAll rename(to);
    return rename.body(callee);
  }
};

/// The roots: the entry points, or in a program without any (IR text), the functions no
/// function calls.
std::set<std::string> roots(const Prog& prog) {
  std::set<std::string> calledAnywhere, out;
  bool anyEntry = false;
  for (const FunDef& f : prog.funs) {
    std::set<std::string> c = calledBy(f);
    calledAnywhere.insert(c.begin(), c.end());
    anyEntry = anyEntry || f.entry;
  }
  for (const FunDef& f : prog.funs)
    if (anyEntry ? f.entry : !calledAnywhere.count(f.name))
      out.insert(f.name);
  return out;
}

} // namespace

Prog inlineCalls(Prog prog) {
  std::set<std::string> kept = keptFunctions(prog);
  std::set<std::string> rootSet = roots(prog);
  std::map<std::string, const FunDef*> funs;
  for (const FunDef& f : prog.funs)
    funs[f.name] = &f;
  std::vector<FunDef> rewritten;
  for (const FunDef& f : prog.funs) {
    if (!rootSet.count(f.name) && !kept.count(f.name))
      continue;
    Inliner in(funs, kept, prog.names);
    rewritten.push_back(in.funDef(f));
  }
  // Keep what the roots still reach through the calls left.
  std::map<std::string, std::set<std::string>> calls;
  for (const FunDef& f : rewritten)
    calls[f.name] = calledBy(f);
  std::set<std::string> reached;
  std::vector<std::string> work(rootSet.begin(), rootSet.end());
  while (!work.empty()) {
    std::string g = work.back();
    work.pop_back();
    if (!reached.insert(g).second)
      continue;
    for (const std::string& h : calls[g])
      work.push_back(h);
  }
  std::vector<FunDef> out;
  for (FunDef& f : rewritten)
    if (reached.count(f.name))
      out.push_back(std::move(f));
  prog.funs = std::move(out);
  return prog;
}

} // namespace fjord::opt
