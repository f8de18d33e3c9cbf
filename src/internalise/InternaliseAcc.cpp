// Internalisation of accumulators: `scatter_stream` and `hist_stream` become a Scatter or a
// Hist whose function is the stream's function, with each `acc_write` an index and a value
// it returns (Note [Accumulators]).
#include "internalise/Internaliser.h"

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
// Internalisation inlines `f` (as every function), so its writes are known statically: an
// accumulator is a Value of kind Acc holding the writes made so far, each an index and the
// leaves of a value, in the order `f` made them. `acc_write` appends one; nothing is built.
// At the end of `f`, the m writes are its results:
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
// one padding with index -1 (ignored) and a zero value. Writes that cannot be counted
// statically (in a loop, in a function kept as a call, under an `if` or `match` that
// returns the accumulator inside a tuple) are reported as not supported yet.

namespace {

/// The i-th parameter type of a curried function type.
TypeRef paramTypeOf(TypeRef t, size_t i) {
  for (size_t k = 0; k < i && t && t->kind == Type::Kind::Function; ++k)
    t = t->result;
  return t && t->kind == Type::Kind::Function ? t->param : nullptr;
}

} // namespace

Value Internaliser::accWrite(std::vector<Arg>& args, const SourceSpan& span) {
  const Value& acc = args.at(0).value;
  if (acc.kind != Value::Kind::Acc)
    unsupported(span, "an accumulator that is not the parameter of a stream's function");
  bool inScope = b_ == acc.acc->scope ||
                 std::find(accBranches_.begin(), accBranches_.end(), b_) != accBranches_.end();
  if (!inScope)
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
  auto update = [&](std::vector<VName> ins, ir::Lambda lam, std::vector<VName> into) {
    ir::Provenance prov{site(span), hist ? "hist" : "scatter"};
    if (hist) {
      ir::Hist h;
      h.width = n;
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
    s.width = n;
    s.inputs = std::move(ins);
    s.fn = std::move(widened);
    s.dests = std::move(into);
    return b_->let("scattered", ir::Op{ir::Soac{s}}, prov);
  };
  if (writes.size() == 1)
    return rebuild(dest.value, [&] {
      std::vector<VName> out = update(inputs, fn, dests);
      return std::vector<SubExp>(out.begin(), out.end());
    }());

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
    ir::Lambda id;
    for (const VName& in : ins) {
      ir::Type row = typeOf(in).rowType();
      ir::Param p{names_.fresh(id.params.empty() ? "i" : "v"), row, nullptr};
      tenv_[p.name] = row;
      id.params.push_back(p);
      id.body.result.push_back(p.name);
      id.retTypes.push_back(row);
    }
    current = update(std::move(ins), std::move(id), current);
  }
  return rebuild(dest.value, std::vector<SubExp>(current.begin(), current.end()));
}

} // namespace fjord::internalise
