// Calls that stay calls: an application of a top-level function (outside the prelude)
// becomes an `apply` of an IR function, one per instance; opt/Inline.h decides which to
// inline after all.
//
// Note [Functions in the IR]
// Every full application of a top-level function with parameters is kept as a call,
// except the prelude's (small wrappers of intrinsics, inlined here). Without `#[noinline]`
// and recursion, only what an instance represents without fail is kept: arguments of
// primitives and arrays in tuples and records, and a result of the same (no functions, sum
// types or accumulators); the rest is inlined here, as is a function whose body cannot be
// made an instance. The hint goes with the function (`InlineHint`), and opt/Inline.h then
// inlines by its policy (Note [Inlining policy]): most calls are inlined there, so this is
// what the program looked like when everything was inlined here, up to names.
//
// An instance is one function per top-level declaration and per shape of its arguments:
// the leaves' primitive types and ranks, and which argument sizes are the same operand
// (variable or constant) at the call site. Its parameters are, per argument leaf, the leaf
// itself, and before an array leaf one i64 parameter per dimension (shared with an earlier
// parameter that the call passes the same operand for, so that `f n xs` with `xs: [n]t`
// passes `n` once, and arrays of one constant size have one size, as inlining gave them).
// Every array dimension of the result is returned as an i64 result before the result
// leaves (the callee computes it; for a recursive function it cannot be known before the
// body is internalised), and the call binds those sizes in its pattern:
//
//   fun sum_from(xs_len_2 : i64, xs_3 : [xs_len_2]i64, i_4 : i64) : {i64} = ...
//   let {r_9 : i64} = apply sum_from(n_1, xs_5, 0i64) : {i64}
//
// A call of a finished instance knows more (InstanceInfo): a result size that the callee
// returns as one of its parameters or as a constant types the call's results by the
// caller's operand, as inlining would (so `map (\x -> f x) xs` with `f: [n]t -> [n]t`
// produces arrays of one size). The call's results are named `f_res` (`f` the instance),
// which a `let` renames after its pattern; opt/Inline.h gives an inlined result the call's
// name unless it is `f_res` (Note [Names of inlined results] in opt/Inline.cpp), so that
// names are as when inlining here.
//
// Arguments holding functions keep the application inlined (no closures in the IR), but a
// recursive function cannot be inlined: its instance is specialised to the functions
// (Note [Function arguments of recursive functions] in InternaliseCapture.cpp). A recursive
// function returning a function is rejected.
#include "internalise/Internaliser.h"

#include <algorithm>
#include <utility>

namespace fjord::internalise {

using ir::SubExp;
using ir::VName;

namespace {

bool hasAttribute(const ast::Decl& d, const std::string& text) {
  return std::any_of(d.attrs.begin(), d.attrs.end(),
                     [&](const ast::Attribute& a) { return a.text == text; });
}

bool isIdentifier(const std::string& s) {
  return !s.empty() && (std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_') &&
         std::all_of(s.begin(), s.end(), [](char c) {
           return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
         });
}

bool holdsFunction(const Value& v) {
  return v.kind == Value::Kind::Fun || std::any_of(v.elems.begin(), v.elems.end(), holdsFunction);
}

/// A value of primitives and arrays in tuples and records: what an instance's parameters
/// hold without a hint (sum types and accumulators keep the application inlined).
bool plainValue(const Value& v) {
  return v.kind != Value::Kind::Fun && v.kind != Value::Kind::Sum && v.kind != Value::Kind::Acc &&
         std::all_of(v.elems.begin(), v.elems.end(), plainValue);
}

/// A type `resultTemplate` represents: primitives and arrays in tuples and records.
bool holdsArray(const TypeRef& t) {
  return t && (t->kind == Type::Kind::Array ||
               std::any_of(t->elems.begin(), t->elems.end(), holdsArray) ||
               std::any_of(t->fields.begin(), t->fields.end(),
                           [](const auto& f) { return holdsArray(f.second); }));
}

bool plainType(const TypeRef& t) {
  if (!t)
    return false;
  switch (t->kind) {
  case Type::Kind::Prim:
    return true;
  case Type::Kind::Array:
    return plainType(t->elem);
  case Type::Kind::Tuple:
    return std::all_of(t->elems.begin(), t->elems.end(), plainType);
  case Type::Kind::Record:
    return std::all_of(t->fields.begin(), t->fields.end(),
                       [](const auto& f) { return plainType(f.second); });
  default:
    return false;
  }
}

} // namespace

bool Internaliser::keepsCall(const FunValue& f) const {
  // The prelude's functions are small wrappers of intrinsics: always inlined here.
  return f.decl && !f.decl->params.empty() && f.arity == f.decl->params.size() &&
         (f.decl->recursive || hasAttribute(*f.decl, "noinline") ||
          !sema::isPreludeFile(f.decl->span.file));
}

Value Internaliser::resultTemplate(const TypeRef& t, const ir::Shape& outer,
                                   std::vector<ir::Type>& leafTypes, const SourceSpan& span) {
  switch (t->kind) {
  case Type::Kind::Prim: {
    ir::Type lt = outer.empty() ? ir::Type::prim(t->prim) : ir::Type::array(t->prim, outer);
    leafTypes.push_back(lt);
    return Value::of(SubExp{});
  }
  case Type::Kind::Array: {
    ir::Shape shape = outer;
    shape.resize(outer.size() + t->shape.size(), ir::PrimValue::int64(0));
    return resultTemplate(t->elem, shape, leafTypes, span);
  }
  case Type::Kind::Tuple: {
    Value v;
    for (const TypeRef& e : t->elems)
      v.elems.push_back(resultTemplate(e, outer, leafTypes, span));
    return v;
  }
  case Type::Kind::Record: {
    Value v;
    v.kind = Value::Kind::Record;
    for (const auto& [name, ft] : t->fields) {
      v.fields.push_back(name);
      v.elems.push_back(resultTemplate(ft, outer, leafTypes, span));
    }
    return v;
  }
  default:
    unsupported(span, "a function kept as a call (`#[noinline]` or recursive) returning `" +
                          t->str() + "`");
  }
}

std::optional<Value> Internaliser::callKept(const FunValue& f, const std::vector<Arg>& args,
                                            const SourceSpan& span) {
  const ast::Decl& d = *f.decl;
  bool firstOrder = std::none_of(args.begin(), args.end(),
                                 [](const Arg& a) { return holdsFunction(a.value); });
  TypeRef ret = f.type;
  for (size_t i = 0; i < f.arity && ret && ret->kind == Type::Kind::Function; ++i)
    ret = ret->result;
  bool plainResult = ret && ret->kind != Type::Kind::Function;
  // Operators are inlined unless recursive; a recursive one's functions are named `op`.
  bool identifier = isIdentifier(d.name.base);
  if ((!identifier && !d.recursive) || !plainResult || (!firstOrder && !d.recursive)) {
    if (d.recursive)
      unsupported(span, "a recursive function returning functions");
    return std::nullopt; // inlined
  }
  const std::string base = identifier ? d.name.base : "op";
  // Without `#[noinline]` (or recursion) only what an instance represents without fail is
  // kept; the rest is inlined (Note [Functions in the IR]).
  bool optional = !d.recursive && !hasAttribute(d, "noinline");
  if (optional && (!b_ || !plainType(ret) || !std::all_of(args.begin(), args.end(), [](const Arg& a) {
                     return plainValue(a.value);
                   })))
    return std::nullopt;
  // The instance's parameters: see Note [Functions in the IR].
  std::vector<SubExp> callArgs; ///< the operand passed for each parameter
  std::vector<ir::Param> params;
  std::string key = d.name.base + "@" + std::to_string(reinterpret_cast<uintptr_t>(&d));
  // A declared result size is checked with the call's location in the message (Note
  // [Declared result sizes]): one instance per call site then. Such a function returns an
  // array, so the policy inlines it anyway unless `#[noinline]`.
  if (optional && d.retTypeExp && holdsArray(ret))
    key += " at " + location(span);
  auto paramFor = [&](const SubExp& operand, const ir::Type& t, const std::string& name,
                      bool shareable) -> SubExp {
    if (shareable) {
      // A constant too: `f [1, 2] [3, 4]` gives both arrays one size, as inlining would.
      for (size_t k = 0; k < callArgs.size(); ++k)
        if (callArgs[k] == operand && params[k].type.kind == ir::Type::Kind::Prim) {
          key += "=" + std::to_string(k);
          return params[k].name;
        }
    }
    key += " " + std::string(primName(t.elem)) + "/" + std::to_string(t.rank());
    callArgs.push_back(operand);
    params.push_back(ir::Param{names_.fresh(name), t, nullptr});
    tenv_[params.back().name] = t;
    return params.back().name;
  };
  std::vector<Value> paramValues;
  for (size_t i = 0; i < args.size(); ++i) {
    std::string name = i < d.params.size() ? nameFor(*d.params[i]) : "";
    if (name.empty())
      name = "arg";
    // Function values: their code goes into the key, what they capture into parameters
    // (Note [Function arguments of recursive functions]).
    std::vector<SubExp> ls, ps;
    if (firstOrder)
      ls = leaves(args[i].value, span);
    else
      captured(args[i].value, ls, key, 0, span);
    for (const SubExp& leaf : ls) {
      ir::Type t = typeOf(leaf);
      if (t.isArray()) {
        for (size_t k = 0; k < t.shape.size(); ++k)
          t.shape[k] = paramFor(t.shape[k], ir::Type::prim(PrimType::I64),
                                name + "_len" + (k ? std::to_string(k + 1) : ""), true);
      }
      ps.push_back(paramFor(leaf, t, name, false));
    }
    size_t pos = 0;
    paramValues.push_back(firstOrder ? rebuild(args[i].value, ps)
                                     : recapture(args[i].value, ps, pos));
  }
  std::vector<ir::Type> leafTypes;
  Value shapeOfResult = resultTemplate(ret, {}, leafTypes, span);
  size_t numSizes = 0;
  for (const ir::Type& t : leafTypes)
    numSizes += t.shape.size();

  auto [it, added] = instances_->names.try_emplace(key, std::string());
  if (added) {
    std::string name = base;
    for (int k = 2; instances_->taken.count(name); ++k)
      name = base + "_" + std::to_string(k);
    instances_->taken.insert(name);
    it->second = name;
    try {
      defineInstance(name, f, args, params, paramValues, leafTypes, span);
    } catch (const Unsupported&) {
      if (!optional)
        throw;
      // Inlined instead, where the construct may still be reported.
      instances_->taken.erase(name);
      instances_->names.erase(it);
      return std::nullopt;
    }
  }
  // The call: sizes first, then the result leaves typed by them. A finished instance
  // (not a recursive call inside its own definition) tells which sizes the caller knows
  // and what the callee calls its results.
  auto known = instances_->info.find(it->second);
  const InstanceInfo* info = known != instances_->info.end() ? &known->second : nullptr;
  std::string sizeHint = hint_.empty() ? base + "_res" : hint_;
  ir::Apply call{it->second, callArgs, {}};
  ir::Stm stm;
  std::vector<SubExp> sizes, results;
  for (size_t k = 0; k < numSizes; ++k) {
    VName n = names_.fresh(sizeHint + "_n");
    stm.pat.push_back(ir::Param{n, ir::Type::prim(PrimType::I64), nullptr});
    call.retTypes.push_back(ir::Type::prim(PrimType::I64));
    sizes.push_back(n);
    if (info && info->sizes[k].param)
      sizes.back() = callArgs[*info->sizes[k].param];
    else if (info && info->sizes[k].constant)
      sizes.back() = *info->sizes[k].constant;
    else if (info && info->sizes[k].same)
      sizes.back() = sizes[*info->sizes[k].same];
  }
  size_t next = 0;
  for (size_t j = 0; j < leafTypes.size(); ++j) {
    ir::Type t = leafTypes[j];
    for (SubExp& dim : t.shape)
      dim = sizes[next++];
    // `f_res`; a `let` whose value this is renames it after its pattern (nameResult), and
    // opt/Inline keeps the callee's names for a call's result named so (Note [Names of
    // inlined results]).
    VName n = names_.fresh(it->second + "_res");
    stm.pat.push_back(ir::Param{n, t, nullptr});
    call.retTypes.push_back(t);
    results.push_back(n);
  }
  stm.exp = std::move(call);
  stm.prov = ir::Provenance{site(span), base};
  b_->add(std::move(stm));
  return rebuild(shapeOfResult, results);
}

void Internaliser::defineInstance(const std::string& name, const FunValue& f,
                                  const std::vector<Arg>& args,
                                  const std::vector<ir::Param>& params,
                                  const std::vector<Value>& paramValues,
                                  const std::vector<ir::Type>& leafTypes, const SourceSpan& span) {
  const ast::Decl& d = *f.decl;
  ir::FunDef fun;
  fun.name = name;
  fun.span = d.span;
  fun.params = params;
  fun.inlineHint = hasAttribute(d, "noinline") ? ir::InlineHint::Never
                   : hasAttribute(d, "inline") ? ir::InlineHint::Always
                                               : ir::InlineHint::Default;
  fun.recursive = d.recursive;
  // The body is internalised in a scope of its own.
  ir::Builder builder(names_, tenv_);
  ir::Builder* outerBuilder = std::exchange(b_, &builder);
  std::string outerHint = std::exchange(hint_, std::string());
  SourceSpan outerSite = userSpan_;
  try {
    Env env = *f.env;
    for (size_t i = 0; i < f.params->size(); ++i)
      bindTypeVars((*f.params)[i]->type, args[i].type, env);
    for (size_t i = 0; i < f.params->size(); ++i)
      bindPattern(*(*f.params)[i], paramValues[i], env);
    Value result = expr(*f.body, env);
    if (d.retTypeExp) // Note [Declared result sizes]
      result = coerceToReturnType(*d.retTypeExp, result, env, span);
    std::vector<SubExp> ls = leaves(result, d.span), res;
    bool matches = ls.size() == leafTypes.size();
    for (size_t i = 0; matches && i < ls.size(); ++i) {
      ir::Type t = typeOf(ls[i]);
      matches = t.elem == leafTypes[i].elem && t.rank() == leafTypes[i].rank();
      for (const SubExp& dim : t.shape)
        res.push_back(dim);
    }
    if (!matches)
      unsupported(d.span, "a function kept as a call whose result does not match its type");
    for (size_t i = 0; i < res.size(); ++i)
      fun.retTypes.push_back(ir::Type::prim(PrimType::I64));
    for (const SubExp& leaf : ls) {
      ir::Type t = typeOf(leaf);
      t.unique = false;
      fun.retTypes.push_back(t);
      res.push_back(leaf);
    }
    InstanceInfo info;
    for (size_t i = 0; i + ls.size() < res.size(); ++i) {
      InstanceInfo::Size& known = info.sizes.emplace_back();
      if (!res[i].isVar())
        known.constant = res[i].constant();
      for (size_t k = 0; k < params.size() && res[i].isVar(); ++k)
        if (params[k].name == res[i].var())
          known.param = k;
      for (size_t k = 0; k < i && !known.param && !known.same; ++k)
        if (res[k] == res[i])
          known.same = k;
    }
    instances_->info[name] = std::move(info);
    fun.body = builder.finish(std::move(res));
  } catch (...) {
    b_ = outerBuilder;
    hint_ = std::move(outerHint);
    userSpan_ = outerSite;
    throw;
  }
  b_ = outerBuilder;
  hint_ = std::move(outerHint);
  userSpan_ = outerSite;
  instances_->funs.push_back(std::move(fun));
}

} // namespace fjord::internalise
