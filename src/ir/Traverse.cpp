// Mutator, Walker and the traversals built on them (see Traverse.h).
#include "ir/Traverse.h"

#include "ir/MemInfo.h"
#include "support/Diagnostics.h"

namespace fjord::ir {

// ---------------------------------------------------------------------------------------
// Mutator

SubExp Mutator::subExp(const SubExp& se) {
  if (!se.isVar())
    return se;
  return SubExp(var(se.var()));
}

Type Mutator::type(const Type& t) {
  Type out = t;
  for (SubExp& d : out.shape)
    d = subExp(d);
  return out;
}

Param Mutator::param(const Param& p) {
  Param out{binder(p.name), type(p.type), p.mem};
  if (p.mem) {
    auto mem = std::make_shared<MemInfo>(*p.mem);
    mem->block = var(p.mem->block);
    out.mem = std::move(mem);
  }
  return out;
}

Body Mutator::body(const Body& b) {
  Body out;
  out.stms.reserve(b.stms.size());
  for (const Stm& s : b.stms)
    out.stms.push_back(stm(s));
  for (const SubExp& r : b.result)
    out.result.push_back(subExp(r));
  return out;
}

Stm Mutator::stm(const Stm& s) {
  Exp e = exp(s.exp);
  std::vector<PatElem> pat;
  for (const PatElem& p : s.pat)
    pat.push_back(param(p));
  return Stm{std::move(pat), std::move(e), s.prov};
}

BasicOp Mutator::basicOp(const BasicOp& op) {
  BasicOp out = op;
  for (SubExp& a : out.args)
    a = subExp(a);
  using K = BasicOp::Kind;
  if (op.kind == K::Index || op.kind == K::Update || op.kind == K::Rearrange ||
      op.kind == K::Reshape || op.kind == K::Copy || op.kind == K::FlatIndex ||
      op.kind == K::FlatUpdate)
    out.arr = var(op.arr);
  for (VName& a : out.arrs)
    a = var(a);
  for (DimIndex& d : out.slice) {
    d.index = subExp(d.index);
    d.start = subExp(d.start);
    d.count = subExp(d.count);
    d.stride = subExp(d.stride);
  }
  for (SubExp& d : out.shape)
    d = subExp(d);
  if (op.kind == K::ArrayLit)
    out.rowType = type(op.rowType);
  return out;
}

Lambda Mutator::lambda(const Lambda& l) {
  Lambda out;
  for (const Param& p : l.params)
    out.params.push_back(param(p));
  out.body = body(l.body);
  for (const Type& t : l.retTypes)
    out.retTypes.push_back(type(t));
  return out;
}

RedOp Mutator::redOp(const RedOp& r) {
  RedOp out;
  out.commutative = r.commutative;
  for (const SubExp& n : r.neutral)
    out.neutral.push_back(subExp(n));
  out.op = lambda(r.op);
  return out;
}

HistOp Mutator::histOp(const HistOp& h) {
  HistOp out;
  out.width = subExp(h.width);
  for (const VName& d : h.dests)
    out.dests.push_back(var(d));
  out.op = redOp(h.op);
  return out;
}

Soac Mutator::soac(const Soac& s) {
  auto vars = [&](const std::vector<VName>& vs) {
    std::vector<VName> out;
    for (const VName& v : vs)
      out.push_back(var(v));
    return out;
  };
  if (auto* sc = std::get_if<Screma>(&s)) {
    Screma out;
    out.width = subExp(sc->width);
    out.inputs = vars(sc->inputs);
    for (const RedOp& r : sc->scans)
      out.scans.push_back(redOp(r));
    for (const RedOp& r : sc->reds)
      out.reds.push_back(redOp(r));
    out.map = lambda(sc->map);
    return out;
  }
  if (auto* h = std::get_if<Hist>(&s)) {
    Hist out;
    out.width = subExp(h->width);
    out.inputs = vars(h->inputs);
    for (const HistOp& o : h->ops)
      out.ops.push_back(histOp(o));
    out.bucketFn = lambda(h->bucketFn);
    return out;
  }
  if (auto* sc = std::get_if<Scatter>(&s)) {
    Scatter out;
    out.width = subExp(sc->width);
    out.inputs = vars(sc->inputs);
    out.dests = vars(sc->dests);
    out.fn = lambda(sc->fn);
    return out;
  }
  const Stream& st = std::get<Stream>(s);
  Stream out;
  out.kind = st.kind;
  out.width = subExp(st.width);
  out.inputs = vars(st.inputs);
  for (const SubExp& a : st.accs)
    out.accs.push_back(subExp(a));
  for (const RedOp& r : st.reds)
    out.reds.push_back(redOp(r));
  out.fn = lambda(st.fn);
  return out;
}

SegOp Mutator::segOp(const SegOp& s) {
  SegOp out;
  out.kind = s.kind;
  out.tile = s.tile;
  out.intra = s.intra;
  for (const auto& [v, extent] : s.space.dims)
    out.space.dims.emplace_back(VName{}, subExp(extent));
  for (const RedOp& r : s.ops)
    out.ops.push_back(redOp(r));
  for (const HistOp& h : s.histOps)
    out.histOps.push_back(histOp(h));
  for (const VName& d : s.writeDests)
    out.writeDests.push_back(var(d));
  out.space.flat = binder(s.space.flat);
  for (size_t i = 0; i < s.space.dims.size(); ++i)
    out.space.dims[i].first = binder(s.space.dims[i].first);
  for (const Type& t : s.types)
    out.types.push_back(type(t));
  out.body = body(s.body);
  return out;
}

Exp Mutator::exp(const Exp& e) {
  if (auto* b = std::get_if<BasicOp>(&e))
    return basicOp(*b);
  if (auto* i = std::get_if<If>(&e)) {
    If out;
    out.cond = subExp(i->cond);
    out.thenBody = body(i->thenBody);
    out.elseBody = body(i->elseBody);
    for (const Type& t : i->types)
      out.types.push_back(type(t));
    return out;
  }
  if (auto* l = std::get_if<Loop>(&e)) {
    Loop out;
    out.kind = l->kind;
    std::vector<SubExp> inits;
    for (const auto& [p, init] : l->merge)
      inits.push_back(subExp(init));
    SubExp bound = l->kind == Loop::Kind::For ? subExp(l->bound) : l->bound;
    for (size_t i = 0; i < l->merge.size(); ++i)
      out.merge.emplace_back(param(l->merge[i].first), inits[i]);
    out.bound = bound;
    if (l->kind == Loop::Kind::For)
      out.iterator = binder(l->iterator);
    else
      out.whileCond = var(l->whileCond);
    out.body = body(l->body);
    return out;
  }
  if (auto* a = std::get_if<Apply>(&e)) {
    Apply out{a->fn, {}, {}};
    for (const SubExp& x : a->args)
      out.args.push_back(subExp(x));
    for (const Type& t : a->retTypes)
      out.retTypes.push_back(type(t));
    return out;
  }
  const Op& op = std::get<Op>(e);
  if (auto* s = std::get_if<Soac>(&op))
    return Op{soac(*s)};
  if (auto* s = std::get_if<SegOp>(&op))
    return Op{segOp(*s)};
  const Alloc& al = std::get<Alloc>(op);
  return Op{Alloc{subExp(al.bytes), al.space}};
}

FunDef Mutator::funDef(const FunDef& f) {
  FunDef out = f;
  out.params.clear();
  for (const Param& p : f.params)
    out.params.push_back(param(p));
  out.retTypes.clear();
  for (const Type& t : f.retTypes)
    out.retTypes.push_back(type(t));
  out.body = body(f.body);
  return out;
}

// ---------------------------------------------------------------------------------------
// Walker

void Walker::subExp(const SubExp& se) {
  if (se.isVar())
    var(se.var());
}

void Walker::type(const Type& t) {
  for (const SubExp& d : t.shape)
    subExp(d);
}

void Walker::param(const Param& p) {
  binder(p.name);
  type(p.type);
  if (p.mem)
    var(p.mem->block);
}

void Walker::body(const Body& b) {
  for (const Stm& s : b.stms)
    stm(s);
  for (const SubExp& r : b.result)
    subExp(r);
}

void Walker::stm(const Stm& s) {
  exp(s.exp);
  for (const PatElem& p : s.pat)
    param(p);
}

void Walker::basicOp(const BasicOp& op) {
  for (const SubExp& a : op.args)
    subExp(a);
  using K = BasicOp::Kind;
  if (op.kind == K::Index || op.kind == K::Update || op.kind == K::Rearrange ||
      op.kind == K::Reshape || op.kind == K::Copy || op.kind == K::FlatIndex ||
      op.kind == K::FlatUpdate)
    var(op.arr);
  for (const VName& a : op.arrs)
    var(a);
  for (const DimIndex& d : op.slice) {
    subExp(d.index);
    subExp(d.start);
    subExp(d.count);
    subExp(d.stride);
  }
  for (const SubExp& d : op.shape)
    subExp(d);
  if (op.kind == K::ArrayLit)
    type(op.rowType);
}

void Walker::lambda(const Lambda& l) {
  for (const Param& p : l.params)
    param(p);
  body(l.body);
  for (const Type& t : l.retTypes)
    type(t);
}

void Walker::redOp(const RedOp& r) {
  for (const SubExp& n : r.neutral)
    subExp(n);
  lambda(r.op);
}

void Walker::histOp(const HistOp& h) {
  subExp(h.width);
  for (const VName& d : h.dests)
    var(d);
  redOp(h.op);
}

void Walker::soac(const Soac& s) {
  if (auto* sc = std::get_if<Screma>(&s)) {
    subExp(sc->width);
    for (const VName& v : sc->inputs)
      var(v);
    for (const RedOp& r : sc->scans)
      redOp(r);
    for (const RedOp& r : sc->reds)
      redOp(r);
    lambda(sc->map);
    return;
  }
  if (auto* h = std::get_if<Hist>(&s)) {
    subExp(h->width);
    for (const VName& v : h->inputs)
      var(v);
    for (const HistOp& o : h->ops)
      histOp(o);
    lambda(h->bucketFn);
    return;
  }
  if (auto* sc = std::get_if<Scatter>(&s)) {
    subExp(sc->width);
    for (const VName& v : sc->inputs)
      var(v);
    for (const VName& v : sc->dests)
      var(v);
    lambda(sc->fn);
    return;
  }
  const Stream& st = std::get<Stream>(s);
  subExp(st.width);
  for (const VName& v : st.inputs)
    var(v);
  for (const SubExp& a : st.accs)
    subExp(a);
  for (const RedOp& r : st.reds)
    redOp(r);
  lambda(st.fn);
}

void Walker::segOp(const SegOp& s) {
  for (const auto& [v, extent] : s.space.dims)
    subExp(extent);
  for (const RedOp& r : s.ops)
    redOp(r);
  for (const HistOp& h : s.histOps)
    histOp(h);
  for (const VName& d : s.writeDests)
    var(d);
  binder(s.space.flat);
  for (const auto& [v, extent] : s.space.dims)
    binder(v);
  for (const Type& t : s.types)
    type(t);
  body(s.body);
}

void Walker::exp(const Exp& e) {
  if (auto* b = std::get_if<BasicOp>(&e))
    return basicOp(*b);
  if (auto* i = std::get_if<If>(&e)) {
    subExp(i->cond);
    body(i->thenBody);
    body(i->elseBody);
    for (const Type& t : i->types)
      type(t);
    return;
  }
  if (auto* l = std::get_if<Loop>(&e)) {
    for (const auto& [p, init] : l->merge)
      subExp(init);
    if (l->kind == Loop::Kind::For)
      subExp(l->bound);
    for (const auto& [p, init] : l->merge)
      param(p);
    if (l->kind == Loop::Kind::For)
      binder(l->iterator);
    else
      var(l->whileCond);
    body(l->body);
    return;
  }
  if (auto* a = std::get_if<Apply>(&e)) {
    for (const SubExp& x : a->args)
      subExp(x);
    for (const Type& t : a->retTypes)
      type(t);
    return;
  }
  const Op& op = std::get<Op>(e);
  if (auto* s = std::get_if<Soac>(&op))
    return soac(*s);
  if (auto* s = std::get_if<SegOp>(&op))
    return segOp(*s);
  subExp(std::get<Alloc>(op).bytes);
}

// ---------------------------------------------------------------------------------------
// Free variables, substitution, renaming

namespace {

class Collector : public Walker {
public:
  NameSet uses, binds;
  void var(const VName& v) override { uses.insert(v); }
  void binder(const VName& v) override { binds.insert(v); }
  NameSet free() const {
    NameSet out;
    for (const VName& v : uses)
      if (!binds.count(v))
        out.insert(v);
    return out;
  }
};

class Renamer : public Mutator {
public:
  explicit Renamer(NameSource& names) : names_(names) {}
  VName binder(const VName& v) override {
    auto pre = named_.find(v);
    VName fresh = pre != named_.end() ? pre->second : names_.fresh(v.name);
    if (pre != named_.end())
      named_.erase(pre);
    map_[v] = fresh;
    return fresh;
  }
  /// An `if`'s or a call's result types name the sizes its own pattern binds (existential
  /// sizes), so the pattern's fresh names are chosen before the expression is renamed.
  Stm stm(const Stm& s) override {
    for (const PatElem& p : s.pat) {
      VName fresh = names_.fresh(p.name.name);
      named_[p.name] = fresh;
      map_[p.name] = fresh;
    }
    return Mutator::stm(s);
  }
  VName var(const VName& v) override {
    auto it = map_.find(v);
    return it == map_.end() ? v : it->second;
  }

private:
  NameSource& names_;
  std::map<VName, VName> map_;
  std::map<VName, VName> named_; ///< pattern names given fresh names before their binding
};

} // namespace

NameSet freeVars(const Body& b) {
  Collector c;
  c.body(b);
  return c.free();
}
NameSet freeVars(const Exp& e) {
  Collector c;
  c.exp(e);
  return c.free();
}
NameSet freeVars(const Lambda& l) {
  Collector c;
  c.lambda(l);
  return c.free();
}
NameSet freeVars(const Stm& s) {
  Collector c;
  c.exp(s.exp);
  for (const PatElem& p : s.pat) {
    c.type(p.type);
    if (p.mem)
      c.var(p.mem->block);
  }
  return c.free();
}

namespace {
class Consumed : public Walker {
public:
  NameSet names;
  void basicOp(const BasicOp& op) override {
    if (op.kind == BasicOp::Kind::Update || op.kind == BasicOp::Kind::FlatUpdate)
      names.insert(op.arr);
    Walker::basicOp(op);
  }
  void soac(const Soac& s) override {
    std::vector<VName> dests = soacDestinations(s);
    names.insert(dests.begin(), dests.end());
    Walker::soac(s);
  }
  void exp(const Exp& e) override {
    if (auto* l = std::get_if<Loop>(&e))
      for (const auto& [p, init] : l->merge)
        if (p.type.isArray() && init.isVar())
          names.insert(init.var());
    if (auto* a = std::get_if<Apply>(&e))
      for (const SubExp& x : a->args)
        if (x.isVar())
          names.insert(x.var());
    Walker::exp(e);
  }
};
} // namespace

NameSet consumedIn(const Stm& s) {
  Consumed c;
  c.stm(s);
  return c.names;
}

std::vector<VName> soacDestinations(const Soac& s) {
  if (const auto* sc = std::get_if<Scatter>(&s))
    return sc->dests;
  std::vector<VName> dests;
  if (const auto* h = std::get_if<Hist>(&s))
    for (const HistOp& op : h->ops)
      dests.insert(dests.end(), op.dests.begin(), op.dests.end());
  return dests;
}

const Screma* asScrema(const Exp& e) {
  const auto* o = std::get_if<Op>(&e);
  const auto* soac = o ? std::get_if<Soac>(o) : nullptr;
  return soac ? std::get_if<Screma>(soac) : nullptr;
}

std::vector<VName> soacDestinations(const Exp& e) {
  const auto* o = std::get_if<Op>(&e);
  const auto* soac = o ? std::get_if<Soac>(o) : nullptr;
  return soac ? soacDestinations(*soac) : std::vector<VName>{};
}

NameSet consumedIn(const Body& b) {
  Consumed c;
  c.body(b);
  return c.names;
}

NameSet boundVars(const Body& b) {
  Collector c;
  c.body(b);
  return c.binds;
}

SubExp Substituter::subExp(const SubExp& se) {
  if (!se.isVar())
    return se;
  auto it = subst_.find(se.var());
  return it == subst_.end() ? se : it->second;
}

VName Substituter::var(const VName& v) {
  auto it = subst_.find(v);
  if (it == subst_.end())
    return v;
  FJORD_CHECK(it->second.isVar(), "substituting constant " + it->second.str() + " for " +
                                      v.str() + " where a variable is required");
  return it->second.var();
}

Body substitute(const Body& b, const Substitution& subst) { return Substituter(subst).body(b); }
Exp substitute(const Exp& e, const Substitution& subst) { return Substituter(subst).exp(e); }
Lambda substitute(const Lambda& l, const Substitution& subst) {
  return Substituter(subst).lambda(l);
}
Type substitute(const Type& t, const Substitution& subst) { return Substituter(subst).type(t); }

Body renameBody(const Body& b, NameSource& names) { return Renamer(names).body(b); }
Lambda renameLambda(const Lambda& l, NameSource& names) { return Renamer(names).lambda(l); }

NameSet varsOf(const std::vector<SubExp>& ses) {
  NameSet out;
  for (const SubExp& s : ses)
    if (s.isVar())
      out.insert(s.var());
  return out;
}

} // namespace fjord::ir
