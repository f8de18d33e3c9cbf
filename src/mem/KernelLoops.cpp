// In-place links of a kernel body (see KernelLoops.h).
#include "mem/KernelLoops.h"

#include "ir/Traverse.h"

#include <set>
#include <variant>

namespace fjord::mem {
namespace {

using namespace ir;

class Linker {
public:
  std::map<VName, VName> links;

  void body(const Body& b) {
    for (size_t i = 0; i < b.stms.size(); ++i) {
      const Stm& s = b.stms[i];
      if (const auto* op = std::get_if<BasicOp>(&s.exp)) {
        if (op->kind == BasicOp::Kind::Update && s.pat.size() == 1 && s.pat[0].type.isArray())
          link(op->arr, s.pat[0].name);
      } else if (std::holds_alternative<Op>(s.exp)) {
        std::vector<VName> dests = soacDestinations(s.exp);
        for (size_t k = 0; k < dests.size() && k < s.pat.size(); ++k)
          link(dests[k], s.pat[k].name);
      } else if (const auto* e = std::get_if<Loop>(&s.exp)) {
        loop(b, i, *e);
        body(e->body);
      } else if (const auto* e = std::get_if<If>(&s.exp)) {
        body(e->thenBody);
        body(e->elseBody);
      }
    }
  }

private:
  std::set<VName> ambiguous_;


  void link(const VName& from, const VName& to) {
    if (ambiguous_.count(from))
      return;
    if (links.count(from)) {
      links.erase(from);
      ambiguous_.insert(from);
      return;
    }
    links.emplace(from, to);
  }

  /// The links from the initial values of loop `b.stms[i]` to its results.
  void loop(const Body& b, size_t i, const Loop& e) {
    const Stm& s = b.stms[i];
    NameSet inBody = freeVars(e.body);
    for (size_t k = 0; k < e.merge.size() && k < s.pat.size(); ++k) {
      const auto& [p, init] = e.merge[k];
      if (!p.type.isArray() || !init.isVar() || p.type.shape != s.pat[k].type.shape)
        continue;
      const VName& x = init.var();
      if (!boundBefore(b, i, x) || inBody.count(x) || usedAfter(b, i, x) ||
          initCount(e, x) != 1)
        continue;
      link(x, s.pat[k].name);
    }
  }

  static size_t initCount(const Loop& e, const VName& x) {
    size_t n = 0;
    for (const auto& [p, init] : e.merge)
      n += init.isVar() && init.var() == x;
    return n;
  }

  static bool boundBefore(const Body& b, size_t i, const VName& x) {
    for (size_t j = 0; j < i; ++j)
      for (const PatElem& pe : b.stms[j].pat)
        if (pe.name == x)
          return true;
    return false;
  }

  static bool usedAfter(const Body& b, size_t i, const VName& x) {
    for (size_t j = i + 1; j < b.stms.size(); ++j)
      if (freeVars(b.stms[j]).count(x))
        return true;
    for (const SubExp& r : b.result)
      if (r.isVar() && r.var() == x)
        return true;
    return false;
  }
};

} // namespace

std::map<ir::VName, ir::VName> inPlaceLinks(const ir::Body& body) {
  Linker l;
  l.body(body);
  return std::move(l.links);
}

} // namespace fjord::mem
