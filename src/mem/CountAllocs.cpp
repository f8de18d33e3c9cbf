// Counting allocations (see CountAllocs.h).
#include "mem/CountAllocs.h"

#include <variant>

namespace fjord::mem {
namespace {

using namespace ir;

int inBody(const Body& body);

int inLambda(const Lambda& l) { return inBody(l.body); }

int inRedOps(const std::vector<RedOp>& ops) {
  int n = 0;
  for (const RedOp& r : ops)
    n += inLambda(r.op);
  return n;
}

int inHistOps(const std::vector<HistOp>& ops) {
  int n = 0;
  for (const HistOp& h : ops)
    n += inLambda(h.op.op);
  return n;
}

int inSoac(const Soac& soac) {
  if (const auto* s = std::get_if<Screma>(&soac))
    return inLambda(s->map) + inRedOps(s->scans) + inRedOps(s->reds);
  if (const auto* h = std::get_if<Hist>(&soac))
    return inLambda(h->bucketFn) + inHistOps(h->ops);
  if (const auto* s = std::get_if<Scatter>(&soac))
    return inLambda(s->fn);
  return inLambda(std::get<Stream>(soac).fn);
}

int inExp(const Exp& exp) {
  if (const auto* e = std::get_if<If>(&exp))
    return inBody(e->thenBody) + inBody(e->elseBody);
  if (const auto* e = std::get_if<Loop>(&exp))
    return inBody(e->body);
  const auto* op = std::get_if<Op>(&exp);
  if (!op)
    return 0;
  if (std::holds_alternative<Alloc>(*op))
    return 1;
  if (const auto* seg = std::get_if<SegOp>(op))
    return inBody(seg->body) + inRedOps(seg->ops) + inHistOps(seg->histOps);
  return inSoac(std::get<Soac>(*op));
}

int inBody(const Body& body) {
  int n = 0;
  for (const Stm& s : body.stms)
    n += inExp(s.exp);
  return n;
}

} // namespace

int countAllocs(const Prog& prog) {
  int n = 0;
  for (const FunDef& f : prog.funs)
    n += inBody(f.body);
  return n;
}

} // namespace fjord::mem
