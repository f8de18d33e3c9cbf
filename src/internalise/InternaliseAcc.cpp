// Internalisation of accumulators: `scatter_stream` and `hist_stream` become a Scatter or a
// Hist whose function is the stream's function, with each `acc_write` an index and a value
// it returns (Note [Accumulators]).
#include "internalise/Internaliser.h"

#include "ir/Traverse.h"
#include "ir/TypeOf.h"

#include <algorithm>

namespace fjord::internalise {

using ir::SubExp;
using ir::VName;

// Note [Accumulators]
// ~~~~~~~~~~~~~~~~~~~
// Futhark's accumulators (`intrinsics.acc t`, `scatter_stream`, `hist_stream`, `acc_write`)
// let a function update an array one element of its input at a time:
//
//   scatter_stream dest f bs     -- f : *acc ([k]a) -> b -> acc ([k]a)
//   hist_stream dest op ne f bs  -- the same, each write combined with `op`
//
// `f` is applied to every element of `bs` (in parallel) with an accumulator over `dest`;
// `acc_write acc i v` stores `v` at `dest[i]` (the histogram form: `dest[i] op v`), ignoring
// an index out of bounds. The accumulator is unique: a write consumes it (sema/Uniqueness),
// so `f`'s writes form one sequence. Writes of different elements to one index are
// unspecified for `scatter_stream` (as for `scatter`) and combined in an unspecified order
// for `hist_stream` (whose `op` must be associative and commutative, as for
// `reduce_by_index`).
//
// Internalisation inlines `f` (as every function taking or returning an accumulator; Note
// [Functions in the IR]), so its writes are known statically: an accumulator is a Value of
// kind Acc holding the writes made so far, each an index and the leaves of a value, in the
// order `f` made them. `acc_write` appends one; nothing is built. At the end of `f`, the m
// writes are its results:
//
//   m = 1:  scatter(n, bs, dest) \b -> (i, v)         hist(n, bs, {dest, op, ne}) \b -> (i, v)
//   m > 1:  let (is_1, vs_1, ..., is_m, vs_m) = map f' bs
//           then one scatter (hist) per write into the result of the previous one
//
// This is exact. A scatter ignores out-of-bounds indices as a write does. Writing the m
// slots one after another is one of the orders the unspecified order of a scatter allows,
// and for a histogram `op` is commutative and associative, so any order gives the same
// result (up to floating-point rounding, as for every histogram). A scatter or hist is
// then compiled like any other, on every backend.
//
// Writes under an `if` whose result is the accumulator become results of the `if`: each
// branch returns as many (index, value) pairs as the branch with more writes, the shorter
// one padding with index -1 (ignored) and a zero value.
//
// A `for` loop whose only loop parameter is the accumulator can carry nothing from one
// iteration to the next but the writes, so it is a map over its iterations (`iota n`, or
// the array of `for x in xs`) whose results are the writes of one iteration: each becomes
// one write of an array of indices and an array of values. The stream's map then returns
// arrays per element, which are flattened into one scatter (hist) over all of them; their
// size must not depend on the element. Writes of one element to one index happen in an
// unspecified order then, as those of different elements do. Loops carrying more than the
// accumulator, `while` loops, and accumulators under a `match`, in a tuple returned by an
// `if`, or passed to a `#[noinline]` or recursive function are reported as not supported
// yet.

namespace {

/// The i-th parameter type of a curried function type.
TypeRef paramTypeOf(TypeRef t, size_t i) {
  for (size_t k = 0; k < i && t && t->kind == Type::Kind::Function; ++k)
    t = t->result;
  return t && t->kind == Type::Kind::Function ? t->param : nullptr;
}

} // namespace

bool Internaliser::accInScope(const AccInfo& acc) const {
  return b_ == acc.scope ||
         std::find(accBranches_.begin(), accBranches_.end(), b_) != accBranches_.end();
}

Value Internaliser::accWrite(std::vector<Arg>& args, const SourceSpan& span) {
  const Value& acc = args.at(0).value;
  if (acc.kind != Value::Kind::Acc)
    unsupported(span, "an accumulator that is not the parameter of a stream's function");
  if (!accInScope(*acc.acc))
    unsupported(span, "an accumulator updated inside a loop, a nested function or an `if` "
                      "that does not return it");
  auto info = std::make_shared<AccInfo>(*acc.acc);
  info->scope = b_;
  info->writes.push_back(AccWrite{leaves(args.at(1).value, span).at(0),
                                  leaves(args.at(2).value, span)});
  return Value::accumulator(std::move(info));
}

Value Internaliser::accIf(const ast::Expr& e, const SubExp& cond, Env& env) {
  Value branch[2];
  std::vector<ir::Body> bodies;
  for (int k = 0; k < 2; ++k)
    bodies.push_back(inBody([&] {
      accBranches_.push_back(b_);
      Env inner = env;
      try {
        branch[k] = expr(*e.elems[1 + k], inner);
      } catch (...) {
        accBranches_.pop_back();
        throw;
      }
      accBranches_.pop_back();
      if (branch[k].kind != Value::Kind::Acc)
        unsupported(e.elems[1 + k]->span, "an `if` returning an accumulator it did not get");
      return std::vector<SubExp>{};
    }));
  const AccInfo& t = *branch[0].acc;
  const AccInfo& f = *branch[1].acc;
  if (t.id != f.id)
    unsupported(e.span, "an `if` returning different accumulators");
  // The writes made before the `if` are those both branches start with.
  size_t common = 0;
  while (common < t.writes.size() && common < f.writes.size() &&
         t.writes[common].index == f.writes[common].index &&
         t.writes[common].values == f.writes[common].values)
    ++common;
  size_t extra = std::max(t.writes.size(), f.writes.size()) - common;
  auto info = std::make_shared<AccInfo>(t);
  info->scope = b_;
  info->writes.resize(common);
  if (extra == 0) // neither branch writes: the `if` computes nothing that is used
    return Value::accumulator(std::move(info));
  std::vector<ir::Type> valueTypes;
  for (const SubExp& d : leaves(t.dest, e.span))
    valueTypes.push_back(typeOf(d).rowType());
  // Each branch returns its own writes, then (index -1, zero) for the other's extra ones.
  for (int k = 0; k < 2; ++k) {
    const AccInfo& mine = *branch[k].acc;
    ir::Builder inner(names_, tenv_);
    ir::Builder* outer = b_;
    b_ = &inner;
    std::vector<SubExp> res;
    for (size_t j = common; j < common + extra; ++j) {
      if (j < mine.writes.size()) {
        res.push_back(mine.writes[j].index);
        res.insert(res.end(), mine.writes[j].values.begin(), mine.writes[j].values.end());
        continue;
      }
      res.push_back(ir::PrimValue::int64(-1));
      for (const ir::Type& vt : valueTypes) {
        SubExp zero = ir::zeroOf(vt.elem);
        if (!vt.isArray()) {
          res.push_back(zero);
          continue;
        }
        ir::BasicOp rep;
        rep.kind = ir::BasicOp::Kind::Replicate;
        rep.shape = vt.shape;
        rep.args = {zero};
        res.push_back(b_->let1("blank", rep));
      }
    }
    ir::Body pad = inner.finish(std::move(res));
    b_ = outer;
    ir::Body& body = bodies[k];
    body.stms.insert(body.stms.end(), pad.stms.begin(), pad.stms.end());
    body.result = pad.result;
  }
  std::vector<VName> names =
      letIf("acc_if", cond, std::move(bodies[0]), std::move(bodies[1]), {site(e.span), "if"},
            e.span);
  size_t pos = 0;
  for (size_t j = 0; j < extra; ++j) {
    AccWrite w;
    w.index = names.at(pos++);
    for (size_t v = 0; v < valueTypes.size(); ++v)
      w.values.push_back(names.at(pos++));
    info->writes.push_back(std::move(w));
  }
  return Value::accumulator(std::move(info));
}

Value Internaliser::accLoop(const ast::Expr& e, const Value& init, Env& env) {
  const ast::LoopForm& form = e.loopForm;
  if (form.kind == ast::LoopForm::Kind::While)
    unsupported(e.span, "an accumulator updated in a `while` loop");
  if (!accInScope(*init.acc))
    unsupported(e.span, "an accumulator updated inside a nested function");
  // The iterations: `for i < n` maps over `iota n`, `for x in xs` over `xs`.
  Value over;
  if (form.kind == ast::LoopForm::Kind::For) {
    SubExp bound = leaves(expr(*form.bound, env), e.span).at(0);
    ir::PrimType t = primOf(form.bound->type, env, form.bound->span);
    if (t != PrimType::I64)
      bound = b_->convert(t, PrimType::I64, bound, "bound");
    ir::BasicOp iota;
    iota.kind = ir::BasicOp::Kind::Iota;
    iota.type = PrimType::I64;
    iota.args = {bound, ir::PrimValue::int64(0), ir::PrimValue::int64(1)};
    over = Value::of(b_->let1("iterations", iota));
  } else {
    over = expr(*form.bound, env);
  }
  ir::Screma m;
  m.width = outerSize(over, e.span);
  for (const SubExp& in : leaves(over, e.span))
    m.inputs.push_back(in.var());
  std::vector<ir::Param> params;
  Value row = freshParams(over, ir::rowTypes(m.inputs, tenv_), params, "it");
  m.map.params = params;
  std::vector<AccWrite> writes;
  m.map.body = inBody([&] {
    Env inner = env;
    auto fresh = std::make_shared<AccInfo>(*init.acc);
    fresh->writes.clear();
    fresh->scope = b_;
    bindPattern(*e.pattern, Value::accumulator(fresh), inner);
    if (form.kind == ast::LoopForm::Kind::For) {
      SubExp it = row.leaf;
      ir::PrimType t = primOf(form.bound->type, env, form.bound->span);
      if (t != PrimType::I64)
        it = b_->convert(PrimType::I64, t, it, form.iterator.base);
      inner.vars[form.iterator.uid] = Value::of(it);
    } else {
      bindPattern(*form.element, row, inner);
    }
    Value r = expr(*e.elems[1], inner);
    if (r.kind != Value::Kind::Acc || r.acc->id != init.acc->id)
      unsupported(e.span, "a loop over an accumulator that does not return it");
    writes = r.acc->writes;
    std::vector<SubExp> res;
    for (const AccWrite& w : writes) {
      res.push_back(w.index);
      res.insert(res.end(), w.values.begin(), w.values.end());
    }
    return res;
  });
  for (const SubExp& r : m.map.body.result)
    m.map.retTypes.push_back(typeOf(r));
  auto info = std::make_shared<AccInfo>(*init.acc);
  info->scope = b_;
  if (writes.empty())
    return Value::accumulator(std::move(info));
  std::vector<VName> out = b_->let("loop_writes", ir::Op{ir::Soac{m}}, {site(e.span), "loop"});
  size_t pos = 0;
  for (const AccWrite& w : writes) {
    AccWrite batch;
    batch.index = out.at(pos++);
    for (size_t v = 0; v < w.values.size(); ++v)
      batch.values.push_back(out.at(pos++));
    info->writes.push_back(std::move(batch));
  }
  return Value::accumulator(std::move(info));
}

Value Internaliser::accStream(const FunValue& fv, std::vector<Arg>& args,
                              const SourceSpan& span) {
  bool hist = fv.name == "__hist_stream";
  const Arg& dest = args.at(0);
  const Arg& f = args.at(hist ? 3 : 1);
  const Arg& bs = args.at(hist ? 4 : 2);
  SubExp n = outerSize(bs.value, span);
  std::vector<VName> inputs;
  for (const SubExp& l : leaves(bs.value, span))
    inputs.push_back(l.var());
  std::vector<VName> dests;
  for (const SubExp& d : leaves(dest.value, span))
    dests.push_back(d.var());

  auto info = std::make_shared<AccInfo>();
  info->id = nextAccId_++;
  info->dest = dest.value;
  std::vector<ir::Param> params;
  Value elem = freshParams(bs.value, ir::rowTypes(inputs, tenv_), params, "x");
  Env none;
  TypeRef accType = resolve(paramTypeOf(f.type, 0), none);
  TypeRef elemType = resolve(paramTypeOf(f.type, 1), none);
  std::vector<AccWrite> writes;
  ir::Lambda fn;
  fn.params = params;
  fn.body = inBody([&] {
    info->scope = b_;
    Value r = apply(f.value, {Arg{Value::accumulator(info), accType}, Arg{elem, elemType}}, span);
    if (r.kind != Value::Kind::Acc || r.acc->id != info->id)
      unsupported(span, "a stream function that does not return its accumulator");
    writes = r.acc->writes;
    std::vector<SubExp> res;
    for (const AccWrite& w : writes) {
      res.push_back(w.index);
      res.insert(res.end(), w.values.begin(), w.values.end());
    }
    return res;
  });
  for (const SubExp& r : fn.body.result)
    fn.retTypes.push_back(typeOf(r));
  if (writes.empty()) // nothing written: the destination as it is
    return dest.value;

  // One scatter or histogram per write; the function itself for a single write.
  auto update = [&](const SubExp& width, std::vector<VName> ins, ir::Lambda lam,
                    std::vector<VName> into) {
    ir::Provenance prov{site(span), hist ? "hist" : "scatter"};
    if (hist) {
      ir::Hist h;
      h.width = width;
      h.inputs = std::move(ins);
      ir::HistOp hop;
      hop.width = typeOf(into.at(0)).shape.at(0);
      hop.dests = std::move(into);
      // Each histogram gets its own operator (names are bound once in a function).
      hop.op = redOp(args[1].value, args[2].value, args[2].type, /*comm=*/true, span);
      h.ops.push_back(std::move(hop));
      h.bucketFn = std::move(lam);
      return b_->let("hist", ir::Op{ir::Soac{h}}, prov);
    }
    // A scatter returns the index once per destination array, then the values.
    ir::Lambda widened;
    widened.params = lam.params;
    widened.body.stms = lam.body.stms;
    for (size_t d = 0; d < into.size(); ++d) {
      widened.body.result.push_back(lam.body.result.at(0));
      widened.retTypes.push_back(lam.retTypes.at(0));
    }
    for (size_t v = 1; v < lam.body.result.size(); ++v) {
      widened.body.result.push_back(lam.body.result[v]);
      widened.retTypes.push_back(lam.retTypes[v]);
    }
    ir::Scatter s;
    s.width = width;
    s.inputs = std::move(ins);
    s.fn = std::move(widened);
    s.dests = std::move(into);
    return b_->let("scattered", ir::Op{ir::Soac{s}}, prov);
  };
  if (writes.size() == 1 && !typeOf(writes[0].index).isArray())
    return rebuild(dest.value, [&] {
      std::vector<VName> out = update(n, inputs, fn, dests);
      return std::vector<SubExp>(out.begin(), out.end());
    }());
  // Writes made in loops are arrays per element: their number must be the same for all.
  ir::NameSet bound = ir::boundVars(fn.body);
  for (const ir::Param& p : fn.params)
    bound.insert(p.name);
  for (const ir::Type& t : fn.retTypes)
    for (const SubExp& d : t.shape)
      if (d.isVar() && bound.count(d.var()))
        unsupported(site(span), "a loop writing to an accumulator a number of times that "
                                "differs between elements");

  ir::Screma m;
  m.width = n;
  m.inputs = inputs;
  m.map = fn;
  std::vector<VName> mapped = b_->let("acc_writes", ir::Op{ir::Soac{m}}, {site(span), "map"});
  size_t perWrite = 1 + dests.size();
  std::vector<VName> current = dests;
  for (size_t w = 0; w < writes.size(); ++w) {
    std::vector<VName> ins(mapped.begin() + static_cast<long>(w * perWrite),
                           mapped.begin() + static_cast<long>((w + 1) * perWrite));
    // Writes of a loop ([n][t]... indices): all of them, flattened.
    SubExp width = n;
    int batchRank = typeOf(ins[0]).rank();
    if (batchRank > 1) {
      ir::Shape outer = typeOf(ins[0]).shape;
      for (int d = 1; d < batchRank; ++d)
        width = b_->binOp(ir::BinOpKind::Mul, PrimType::I64, width, outer[d], "writes");
      for (VName& in : ins) {
        ir::Type t = typeOf(in);
        ir::BasicOp flat;
        flat.kind = ir::BasicOp::Kind::Reshape;
        flat.arr = in;
        flat.shape = {width};
        flat.shape.insert(flat.shape.end(), t.shape.begin() + batchRank, t.shape.end());
        in = b_->let1(in.name, flat);
      }
    }
    ir::Lambda id;
    for (const VName& in : ins) {
      ir::Type row = typeOf(in).rowType();
      ir::Param p{names_.fresh(id.params.empty() ? "i" : "v"), row, nullptr};
      tenv_[p.name] = row;
      id.params.push_back(p);
      id.body.result.push_back(p.name);
      id.retTypes.push_back(row);
    }
    current = update(width, std::move(ins), std::move(id), current);
  }
  return rebuild(dest.value, std::vector<SubExp>(current.begin(), current.end()));
}

} // namespace fjord::internalise
