// Counting IR constructs (see Count.h).
#include "ir/Count.h"

#include "ir/MemInfo.h"

#include <algorithm>

namespace fjord::ir {

namespace {

const char* basicOpName(BasicOp::Kind k) {
  using K = BasicOp::Kind;
  switch (k) {
  case K::SubExp:
    return "SubExp";
  case K::UnOp:
    return "UnOp";
  case K::BinOp:
    return "BinOp";
  case K::CmpOp:
    return "CmpOp";
  case K::Convert:
    return "Convert";
  case K::Call:
    return "Call";
  case K::Index:
    return "Index";
  case K::Update:
    return "Update";
  case K::Iota:
    return "Iota";
  case K::Replicate:
    return "Replicate";
  case K::Rearrange:
    return "Rearrange";
  case K::Reshape:
    return "Reshape";
  case K::Concat:
    return "Concat";
  case K::Copy:
    return "Copy";
  case K::ArrayLit:
    return "ArrayLit";
  case K::Assert:
    return "Assert";
  case K::FlatIndex:
    return "FlatIndex";
  case K::FlatUpdate:
    return "FlatUpdate";
  case K::CmpSize:
    return "CmpSize";
  case K::DeviceLimit:
    return "DeviceLimit";
  }
  return "?";
}

class Counter {
public:
  std::map<std::string, int> counts;

  void body(const Body& b, const std::string& path) {
    for (const Stm& s : b.stms)
      stm(s, path);
  }

  /// Records the layouts of a function's array parameters (for TransposeCopy).
  void params(const std::vector<Param>& ps) {
    for (const Param& p : ps)
      if (p.mem)
        layouts_[p.name] = p.mem->lmad;
  }

private:
  /// 0: row-major; 1: row-major once the two innermost dimensions swap; -1: neither.
  static int innerOrder(const symbolic::Lmad& l) {
    if (l.rank() < 2)
      return -1;
    if (l.isRowMajor())
      return 0;
    return l.swapDims(l.rank() - 2, l.rank() - 1).isRowMajor() ? 1 : -1;
  }

  /// "TransposeCopy": a Copy (after mem/) between layouts whose two innermost dimensions
  /// are in opposite memory order, which imp/ lowers to a tiled transpose kernel.
  void countTransposeCopy(const Stm& s) {
    const auto* b = std::get_if<BasicOp>(&s.exp);
    if (!b || b->kind != BasicOp::Kind::Copy || s.pat.size() != 1 || !s.pat[0].mem)
      return;
    auto src = layouts_.find(b->arr);
    if (src == layouts_.end())
      return;
    int d = innerOrder(s.pat[0].mem->lmad), o = innerOrder(src->second);
    if (d >= 0 && o >= 0 && d != o)
      ++counts["TransposeCopy"];
  }

  std::map<VName, symbolic::Lmad> layouts_;

  void stm(const Stm& s, const std::string& path) {
    countTransposeCopy(s);
    // "TiledSegMap": a SegMap marked for block and register tiling (Note [Tiled SegMap]),
    // counted besides "SegMap".
    if (const Op* op = std::get_if<Op>(&s.exp))
      if (const SegOp* seg = std::get_if<SegOp>(op); seg && seg->tile.block > 0)
        ++counts["TiledSegMap"];
    // "IntraSegMap": version B of a nest (Note [Intra-group SegMap]), besides "SegMap".
    if (const Op* op = std::get_if<Op>(&s.exp))
      if (const SegOp* seg = std::get_if<SegOp>(op); seg && seg->intra)
        ++counts["IntraSegMap"];
    for (const PatElem& pe : s.pat)
      if (pe.mem)
        layouts_[pe.name] = pe.mem->lmad;
    std::string name = constructName(s.exp);
    ++counts[name];
    if (!path.empty())
      ++counts[path + "/" + name];
    std::string inner = path.empty() ? name : path + "/" + name;
    nested(s.exp, inner);
  }

  void lambda(const Lambda& l, const std::string& path) { body(l.body, path); }
  void redOps(const std::vector<RedOp>& ops, const std::string& path) {
    for (const RedOp& r : ops)
      lambda(r.op, path);
  }

  void nested(const Exp& e, const std::string& path) {
    if (auto* i = std::get_if<If>(&e)) {
      body(i->thenBody, path);
      body(i->elseBody, path);
      return;
    }
    if (auto* l = std::get_if<Loop>(&e))
      return body(l->body, path);
    const Op* op = std::get_if<Op>(&e);
    if (!op)
      return;
    if (auto* seg = std::get_if<SegOp>(op)) {
      redOps(seg->ops, path);
      for (const HistOp& h : seg->histOps)
        lambda(h.op.op, path);
      return body(seg->body, path);
    }
    const Soac* soac = std::get_if<Soac>(op);
    if (!soac)
      return;
    if (auto* s = std::get_if<Screma>(soac)) {
      lambda(s->map, path);
      redOps(s->scans, path);
      return redOps(s->reds, path);
    }
    if (auto* h = std::get_if<Hist>(soac)) {
      for (const HistOp& o : h->ops)
        lambda(o.op.op, path);
      return lambda(h->bucketFn, path);
    }
    if (auto* s = std::get_if<Scatter>(soac))
      return lambda(s->fn, path);
    const Stream& st = std::get<Stream>(*soac);
    redOps(st.reds, path);
    lambda(st.fn, path);
  }
};

} // namespace

std::string constructName(const Exp& e) {
  if (auto* b = std::get_if<BasicOp>(&e))
    return basicOpName(b->kind);
  if (std::holds_alternative<If>(e))
    return "If";
  if (std::holds_alternative<Loop>(e))
    return "Loop";
  if (std::holds_alternative<Apply>(e))
    return "Apply";
  const Op& op = std::get<Op>(e);
  if (std::holds_alternative<Alloc>(op))
    return "Alloc";
  if (auto* seg = std::get_if<SegOp>(&op)) {
    switch (seg->kind) {
    case SegOp::Kind::Map:
      return "SegMap";
    case SegOp::Kind::Red:
      return "SegRed";
    case SegOp::Kind::Scan:
      return "SegScan";
    case SegOp::Kind::Hist:
      return "SegHist";
    }
  }
  const Soac& soac = std::get<Soac>(op);
  if (std::holds_alternative<Screma>(soac))
    return "Screma";
  if (std::holds_alternative<Hist>(soac))
    return "Hist";
  if (std::holds_alternative<Scatter>(soac))
    return "Scatter";
  switch (std::get<Stream>(soac).kind) {
  case Stream::Kind::Map:
    return "StreamMap";
  case Stream::Kind::Red:
    return "StreamRed";
  case Stream::Kind::Seq:
    return "StreamSeq";
  }
  return "?";
}

std::map<std::string, int> countConstructs(const Prog& prog) {
  Counter c;
  for (const FunDef& f : prog.funs) {
    c.params(f.params);
    c.body(f.body, "");
  }
  return c.counts;
}

int countConstruct(const Prog& prog, const std::string& name) {
  std::map<std::string, int> counts = countConstructs(prog);
  auto it = counts.find(name);
  return it == counts.end() ? 0 : it->second;
}

std::map<std::string, int> countConstructsIn(const Prog& prog,
                                             const std::vector<std::string>& entries) {
  Counter c;
  for (const FunDef& f : prog.funs)
    if (f.entry && std::find(entries.begin(), entries.end(), f.name) != entries.end()) {
      c.params(f.params);
      c.body(f.body, "");
    }
  return c.counts;
}

} // namespace fjord::ir
