// Internalisation driver: entry points (parameters, sizes, results), patterns, type
// variables, and the helpers shared by the expression and intrinsic translations.
#include "internalise/Internalise.h"

#include "internalise/EntryTypes.h"
#include "internalise/Internaliser.h"
#include "ir/Traverse.h"

#include <algorithm>
#include <functional>

namespace fjord::internalise {

using ir::SubExp;
using ir::VName;

void Internaliser::unsupported(const SourceSpan& span, const std::string& what) {
  throw Unsupported{span, what};
}

SourceSpan Internaliser::site(const SourceSpan& span) const {
  if (span.known() && !sema::isPreludeFile(span.file))
    return span;
  return userSpan_;
}

// Locations end up in generated code (run-time error messages): cited paths.
std::string Internaliser::location(const SourceSpan& span) const { return site(span).citedStr(); }

TypeRef Internaliser::resolve(const TypeRef& t, const Env& env) const {
  if (!t)
    return t;
  switch (t->kind) {
  case Type::Kind::Prim:
    return t;
  case Type::Kind::Var: {
    auto it = env.typeVars.find(t->name);
    return it == env.typeVars.end() ? t : it->second;
  }
  case Type::Kind::Array:
    return Type::array(resolve(t->elem, env), t->shape, t->unique);
  case Type::Kind::Tuple: {
    std::vector<TypeRef> elems;
    for (const TypeRef& e : t->elems)
      elems.push_back(resolve(e, env));
    return Type::tuple(std::move(elems));
  }
  case Type::Kind::Record: {
    std::vector<std::pair<std::string, TypeRef>> fields;
    for (const auto& [n, f] : t->fields)
      fields.emplace_back(n, resolve(f, env));
    return Type::record(std::move(fields));
  }
  case Type::Kind::Function:
    return Type::function(resolve(t->param, env), resolve(t->result, env), t->paramName);
  case Type::Kind::Acc:
    return Type::accumulator(resolve(t->elem, env));
  case Type::Kind::Sum: {
    std::vector<std::pair<std::string, std::vector<TypeRef>>> ctors;
    for (const auto& [n, payload] : t->constructors) {
      std::vector<TypeRef> ps;
      for (const TypeRef& p : payload)
        ps.push_back(resolve(p, env));
      ctors.emplace_back(n, std::move(ps));
    }
    return Type::sum(std::move(ctors));
  }
  }
  return t;
}

void Internaliser::bindTypeVars(const TypeRef& pat, const TypeRef& actual, Env& env) const {
  if (!pat || !actual)
    return;
  if (pat->kind == Type::Kind::Var) {
    if (actual->kind != Type::Kind::Var && !env.typeVars.count(pat->name))
      env.typeVars[pat->name] = actual;
    return;
  }
  if (pat->kind != actual->kind) {
    // `[n]a` against an array whose element is itself an array: `a` is the row type.
    if (pat->kind == Type::Kind::Array && actual->kind == Type::Kind::Array)
      return;
    return;
  }
  switch (pat->kind) {
  case Type::Kind::Array: {
    if (pat->shape.size() == actual->shape.size()) {
      bindTypeVars(pat->elem, actual->elem, env);
    } else if (pat->shape.size() < actual->shape.size()) {
      std::vector<Size> rest(actual->shape.begin() + static_cast<long>(pat->shape.size()),
                             actual->shape.end());
      bindTypeVars(pat->elem, Type::array(actual->elem, rest), env);
    }
    return;
  }
  case Type::Kind::Tuple:
    for (size_t i = 0; i < pat->elems.size() && i < actual->elems.size(); ++i)
      bindTypeVars(pat->elems[i], actual->elems[i], env);
    return;
  case Type::Kind::Record:
    for (size_t i = 0; i < pat->fields.size() && i < actual->fields.size(); ++i)
      bindTypeVars(pat->fields[i].second, actual->fields[i].second, env);
    return;
  case Type::Kind::Function:
    bindTypeVars(pat->param, actual->param, env);
    bindTypeVars(pat->result, actual->result, env);
    return;
  case Type::Kind::Acc:
    bindTypeVars(pat->elem, actual->elem, env);
    return;
  case Type::Kind::Sum:
    for (const auto& [n, payload] : pat->constructors)
      for (const auto& [an, apayload] : actual->constructors)
        if (n == an)
          for (size_t i = 0; i < payload.size() && i < apayload.size(); ++i)
            bindTypeVars(payload[i], apayload[i], env);
    return;
  default:
    return;
  }
}

ir::PrimType Internaliser::primOf(const TypeRef& t, const Env& env, const SourceSpan& span) {
  TypeRef r = resolve(t, env);
  while (r && r->kind == Type::Kind::Array)
    r = r->elem;
  if (!r || r->kind != Type::Kind::Prim)
    unsupported(span, "an expression of non-scalar type `" + (r ? r->str() : "?") + "` here");
  return r->prim;
}

std::vector<SubExp> Internaliser::leaves(const Value& v, const SourceSpan& span) const {
  std::vector<SubExp> out;
  switch (v.kind) {
  case Value::Kind::Leaf:
  case Value::Kind::Units:
    out.push_back(v.leaf);
    break;
  case Value::Kind::Tuple:
  case Value::Kind::Record:
  case Value::Kind::Sum:
    for (const Value& e : v.elems)
      for (SubExp& s : leaves(e, span))
        out.push_back(std::move(s));
    break;
  case Value::Kind::Fun:
    throw Unsupported{span, "a function used as a value here"};
  case Value::Kind::Acc:
    throw Unsupported{span, "an accumulator passed through a loop with other loop parameters, "
                            "a `match`, a function kept as a call or an `if` that returns it "
                            "in a tuple"};
  }
  return out;
}

Value Internaliser::rebuild(const Value& like, const std::vector<SubExp>& ses, size_t& pos) const {
  if (like.kind == Value::Kind::Leaf)
    return Value::of(ses.at(pos++));
  if (like.kind == Value::Kind::Units)
    return unitsOf(ses.at(pos++));
  Value out = like;
  for (Value& e : out.elems)
    e = rebuild(e, ses, pos);
  return out;
}

std::string Internaliser::nameFor(const ast::Pattern& p) const {
  if (p.kind == ast::Pattern::Kind::Id)
    return p.name.base;
  if (p.kind == ast::Pattern::Kind::Ascribed && !p.elems.empty())
    return nameFor(*p.elems[0]);
  return "";
}

namespace {

/// Renames `from` to `to` in the pattern that binds it and in later statements.
class Rename : public ir::Mutator {
public:
  Rename(VName from, VName to) : from_(std::move(from)), to_(std::move(to)) {}
  VName var(const VName& v) override { return v == from_ ? to_ : v; }
  VName binder(const VName& v) override { return v == from_ ? to_ : v; }

private:
  VName from_, to_;
};

/// Whether `v` is or holds a function or an accumulator, which have no leaves to name.
bool holdsNonLeaf(const Value& v) {
  if (v.kind == Value::Kind::Fun || v.kind == Value::Kind::Acc)
    return true;
  return std::any_of(v.elems.begin(), v.elems.end(), holdsNonLeaf);
}

} // namespace

void Internaliser::nameResult(Value& v, const std::string& name, size_t firstOwn) {
  // A record holding a local function (`{a, f}`) keeps its compiler names.
  if (name.empty() || name == "_" || !b_ || holdsNonLeaf(v))
    return;
  // Only the statements built for `v` can bind or use its names: earlier ones come first.
  firstOwn = std::min(firstOwn, b_->size());
  std::vector<ir::Stm> stms = b_->takeFrom(firstOwn);
  std::vector<SubExp> renamed = leaves(v, {});
  std::map<VName, VName> done; // a leaf may occur twice: `let p = (x, x)`
  for (SubExp& se : renamed) {
    if (!se.isVar() || se.var().name == name)
      continue;
    if (auto it = done.find(se.var()); it != done.end()) {
      se = it->second;
      continue;
    }
    // Only names bound by the statements built for `v` (not parameters, not earlier
    // bindings) are renamed.
    bool own = false;
    for (const ir::Stm& s : stms)
      for (const ir::PatElem& p : s.pat)
        own = own || p.name == se.var();
    if (!own)
      continue;
    VName to{name, se.var().tag};
    Rename r(se.var(), to);
    for (ir::Stm& s : stms)
      s = r.stm(s);
    tenv_[to] = tenv_.at(se.var());
    done.emplace(se.var(), to);
    se = to;
  }
  for (ir::Stm& s : stms)
    b_->add(std::move(s));
  v = rebuild(v, renamed);
}

void Internaliser::bindSizes(const ast::TypeExp& te, const Value& v, size_t depth, Env& env) {
  switch (te.kind) {
  case ast::TypeExp::Kind::Array: {
    std::vector<SubExp> ls = leaves(v, te.span);
    if (te.dimUid >= 0 && !ls.empty() && !env.vars.count(te.dimUid)) {
      ir::Type t = typeOf(ls[0]);
      if (static_cast<size_t>(t.rank()) > depth)
        env.vars[te.dimUid] = Value::of(t.shape[depth]);
    }
    if (!te.args.empty() && te.args[0])
      bindSizes(*te.args[0], v, depth + 1, env);
    return;
  }
  case ast::TypeExp::Kind::Tuple:
    if (v.kind == Value::Kind::Tuple)
      for (size_t i = 0; i < te.args.size() && i < v.elems.size(); ++i)
        bindSizes(*te.args[i], v.elems[i], depth, env);
    return;
  case ast::TypeExp::Kind::Unique:
    if (!te.args.empty() && te.args[0])
      bindSizes(*te.args[0], v, depth, env);
    return;
  case ast::TypeExp::Kind::Named: // `acc ([n]t)`: the sizes of the array it updates
    if (v.kind == Value::Kind::Acc && te.args.size() == 1 && te.args[0])
      bindSizes(*te.args[0], v.acc->dest, depth, env);
    return;
  default:
    return;
  }
}

void Internaliser::bindPattern(const ast::Pattern& p, const Value& v, Env& env) {
  using K = ast::Pattern::Kind;
  switch (p.kind) {
  case K::Id:
    env.vars[p.name.uid] = v;
    return;
  case K::Wildcard:
    return;
  case K::Tuple:
    if (p.elems.size() == 1)
      return bindPattern(*p.elems[0], v, env);
    if (v.kind != Value::Kind::Tuple || v.elems.size() != p.elems.size())
      unsupported(p.span, "this tuple pattern");
    for (size_t i = 0; i < p.elems.size(); ++i)
      bindPattern(*p.elems[i], v.elems[i], env);
    return;
  case K::Record:
    for (const auto& [field, sub] : p.fields) {
      Value fv = project(v, field, p.span);
      if (sub)
        bindPattern(*sub, fv, env);
    }
    return;
  case K::Ascribed:
    if (p.typeExp)
      bindSizes(*p.typeExp, v, 0, env);
    return bindPattern(*p.elems[0], v, env);
  case K::Literal:
  case K::Constructor:
    unsupported(p.span, "refutable patterns");
  }
}

// ---------------------------------------------------------------------------------------
// Entry points

namespace {

struct EntryParamBuilder {
  Internaliser& in;
  ir::NameSource& names;
  ir::TypeEnv& tenv;
  ir::FunDef& fun;
  Env& env;

  ir::Param add(const std::string& name, const ir::Type& t) {
    ir::Param p{names.fresh(name), t, nullptr};
    tenv[p.name] = t;
    fun.params.push_back(p);
    return p;
  }

  /// The size of dimension `d` of a parameter's type expression: a named size shared by
  /// every parameter that names it, a constant, or a fresh `<param>_len` parameter.
  SubExp size(const ast::TypeExp* te, const std::string& param, int d) {
    if (te && te->dimUid >= 0) {
      auto it = env.vars.find(te->dimUid);
      if (it != env.vars.end())
        return it->second.leaf;
      SubExp s = add(*te->dimName, ir::Type::prim(PrimType::I64)).name;
      env.vars[te->dimUid] = Value::of(s);
      return s;
    }
    if (te && te->dimConst)
      return ir::PrimValue::int64(*te->dimConst);
    return add(param + "_len" + (d ? std::to_string(d + 1) : ""), ir::Type::prim(PrimType::I64))
        .name;
  }
};

/// The array type expressions along the dimensions of `te` (outermost first).
std::vector<const ast::TypeExp*> dimExps(const ast::TypeExp* te) {
  std::vector<const ast::TypeExp*> out;
  while (te && (te->kind == ast::TypeExp::Kind::Array || te->kind == ast::TypeExp::Kind::Unique)) {
    if (te->kind == ast::TypeExp::Kind::Array)
      out.push_back(te);
    te = te->args.empty() ? nullptr : te->args[0].get();
  }
  return out;
}

const ast::TypeExp* typeExpOf(const ast::Pattern& p) {
  if (p.kind == ast::Pattern::Kind::Ascribed)
    return p.typeExp.get();
  return nullptr;
}

} // namespace

ir::FunDef Internaliser::entry(const ast::Decl& d) {
  ir::FunDef fun;
  fun.name = d.name.base;
  fun.entry = true;
  fun.span = d.span;
  Env env;
  ir::Builder builder(names_, tenv_);
  b_ = &builder;
  userSpan_ = d.span;
  EntryParamBuilder pb{*this, names_, tenv_, fun, env};
  (void)entryInterface(d); // reports the parameter and result types the C API cannot take

  for (const ast::PatternPtr& pp : d.params) {
    const ast::Pattern& p = *pp;
    std::string name = nameFor(p);
    if (name.empty())
      name = "arg";
    TypeRef t = p.type;
    std::vector<const ast::TypeExp*> dims = dimExps(typeExpOf(p));
    // Leaves of the parameter: scalars, or arrays of scalars (arrays of tuples and tuples
    // give one IR parameter per component).
    std::function<Value(const TypeRef&, const std::vector<SubExp>&, const std::string&)> mk =
        [&](const TypeRef& ty, const std::vector<SubExp>& shape, const std::string& n) -> Value {
      switch (ty->kind) {
      case Type::Kind::Prim: {
        ir::Type it = shape.empty() ? ir::Type::prim(ty->prim)
                                    : ir::Type::array(ty->prim, shape, t->unique);
        fun.entryParams.push_back(
            ir::EntryValue{n, ty->prim, static_cast<int>(shape.size()), t->unique});
        return Value::of(pb.add(n, it).name);
      }
      case Type::Kind::Array: {
        std::vector<SubExp> sh = shape;
        for (size_t k = 0; k < ty->shape.size(); ++k) {
          size_t dim = shape.size() + k;
          sh.push_back(pb.size(dim < dims.size() ? dims[dim] : nullptr, name,
                               static_cast<int>(dim)));
        }
        return mk(ty->elem, sh, n);
      }
      case Type::Kind::Tuple: {
        std::vector<Value> es;
        for (size_t k = 0; k < ty->elems.size(); ++k)
          es.push_back(mk(ty->elems[k], shape, n + "_" + std::to_string(k)));
        Value v;
        v.elems = std::move(es);
        return v;
      }
      case Type::Kind::Record: {
        Value v;
        v.kind = Value::Kind::Record;
        for (const auto& [fname, ft] : ty->fields) {
          v.fields.push_back(fname);
          v.elems.push_back(mk(ft, shape, n + "_" + fname));
        }
        return v;
      }
      case Type::Kind::Sum: {
        // A u8 tag and the slots (Note [Sum types]); arrays of sums are rejected earlier.
        if (!shape.empty())
          break;
        Value v;
        v.kind = Value::Kind::Sum;
        std::vector<ir::PrimType> leafTypes{PrimType::U8};
        SumLayout layout = layoutOf(*ty, p.span);
        if (std::any_of(layout.ranks.begin(), layout.ranks.end(), [](size_t r) { return r != 0; }))
          break; // arrays in payloads: not in the C API yet
        for (ir::PrimType slot : layout.slots)
          leafTypes.push_back(slot);
        for (size_t k = 0; k < leafTypes.size(); ++k) {
          std::string leaf = n + (k ? "_" + std::to_string(k - 1) : "_tag");
          fun.entryParams.push_back(ir::EntryValue{leaf, leafTypes[k], 0, false});
          v.elems.push_back(Value::of(pb.add(leaf, ir::Type::prim(leafTypes[k])).name));
        }
        return v;
      }
      default:
        break;
      }
      unsupported(p.span, "an entry-point parameter of type `" + ty->str() + "`");
    };
    Value v = mk(t, {}, name);
    bindPattern(p, v, env);
  }

  Value result = expr(*d.body, env);
  std::vector<SubExp> res = leaves(result, d.span);
  for (size_t i = 0; i < res.size(); ++i) {
    ir::Type t = typeOf(res[i]);
    fun.retTypes.push_back(t);
    fun.entryResults.push_back(ir::EntryValue{"result_" + std::to_string(i), t.elem, t.rank(),
                                              false});
  }
  fun.body = builder.finish(std::move(res));
  b_ = nullptr;
  return fun;
}

ir::Prog internaliseProgram(const sema::CheckedProgram& checked, DiagnosticEngine& diags) {
  ir::Prog prog;
  Instances instances;
  for (const ast::Decl* d : checked.entryPoints) // no instance takes an entry point's name
    instances.taken.insert(d->name.base);
  for (const ast::Decl* d : checked.entryPoints) {
    Internaliser in(checked, prog.names, instances);
    try {
      prog.funs.push_back(in.entry(*d));
    } catch (const Unsupported& u) {
      diags.unsupported(u.span.known() ? u.span : d->span, u.what);
    }
  }
  // Functions kept as calls come before the entry points (callees before callers).
  prog.funs.insert(prog.funs.begin(), std::make_move_iterator(instances.funs.begin()),
                   std::make_move_iterator(instances.funs.end()));
  return prog;
}

} // namespace fjord::internalise
