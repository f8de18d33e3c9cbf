// Function values passed to a recursive function (Note [Function arguments of recursive
// functions]): what they capture becomes parameters of the function's instance.
//
// Note [Function arguments of recursive functions]
// A call of a recursive function stays a call (Note [Functions in the IR]), and the IR has
// no closures. A function value among its arguments is therefore part of the instance:
// the instance is specialised to the functions' code (the lambda or definition, and for a
// partial application or an operator section the arguments already given), and the
// operands they capture -- the leaves of the values in a closure's scope, of a partial
// application's arguments and of a section's operand -- are passed as parameters, like
// the leaves of the other arguments. Inside the instance the function value is rebuilt
// over those parameters, so a recursive call that passes it on (`rec f (n - 1) (f x)`)
// has the same code and leaf types: the same instance, a real recursive call. A recursive
// call that passes a different function (a new lambda each level) would need an instance
// per level and is still reported as not supported (the instance would not be finite).
#include "internalise/Internaliser.h"

#include <cstdint>

namespace fjord::internalise {

using ir::SubExp;

namespace {

std::string pointerKey(const void* p) { return std::to_string(reinterpret_cast<uintptr_t>(p)); }

} // namespace

void Internaliser::captured(const Value& v, std::vector<SubExp>& out, std::string& key,
                            size_t depth, const SourceSpan& span) const {
  if (depth > 64)
    throw Unsupported{span, "a recursive function passing itself a new function at each level"};
  switch (v.kind) {
  case Value::Kind::Leaf:
  case Value::Kind::Units:
    key += v.kind == Value::Kind::Units ? "u" : "l";
    out.push_back(v.leaf);
    return;
  case Value::Kind::Sum:
    if (v.direct) { // its constructor is part of the code (Note [Sum types])
      key += "#" + std::to_string(directTag(v)) + "(";
      for (size_t i = 1; i < v.elems.size(); ++i)
        captured(v.elems[i], out, key, depth + 1, span);
      key += ")";
      return;
    }
    [[fallthrough]];
  case Value::Kind::Tuple:
  case Value::Kind::Record:
    key += "(" + std::to_string(static_cast<int>(v.kind));
    for (const std::string& f : v.fields)
      key += "." + f;
    for (const Value& e : v.elems)
      captured(e, out, key, depth + 1, span);
    key += ")";
    return;
  case Value::Kind::Acc:
    throw Unsupported{span, "an accumulator passed to a recursive function"};
  case Value::Kind::Fun:
    break;
  }
  const FunValue& f = *v.fun;
  key += "<" + std::to_string(static_cast<int>(f.kind)) + " " + f.name + " " +
         pointerKey(f.params) + " " + pointerKey(f.body) + " " + pointerKey(f.decl) + " " +
         pointerKey(f.indexSection) + " " + std::to_string(f.arity) + " " +
         (f.type ? f.type->str() : "?");
  for (const std::string& p : f.fieldPath)
    key += "." + p;
  for (const std::vector<Arg>* as : {&f.args, &f.section})
    for (const Arg& a : *as) {
      key += " a" + (a.type ? a.type->str() : "?");
      captured(a.value, out, key, depth + 1, span);
    }
  if (f.sectionFn)
    captured(Value{Value::Kind::Fun, {}, {}, {}, f.sectionFn, nullptr}, out, key, depth + 1,
             span);
  if (f.env) {
    key += f.env->unsafe ? " unsafe" : "";
    for (const auto& [name, t] : f.env->typeVars)
      key += " " + name + "=" + (t ? t->str() : "?");
    for (const auto& [id, val] : f.env->vars) {
      key += " v" + std::to_string(id);
      captured(val, out, key, depth + 1, span);
    }
  }
  key += ">";
}

Value Internaliser::recapture(const Value& v, const std::vector<SubExp>& ses, size_t& pos) const {
  switch (v.kind) {
  case Value::Kind::Leaf:
    return Value::of(ses.at(pos++));
  case Value::Kind::Units:
    return unitsOf(ses.at(pos++));
  case Value::Kind::Fun:
    break;
  default: {
    Value out = v;
    for (size_t i = v.direct ? 1 : 0; i < out.elems.size(); ++i)
      out.elems[i] = recapture(out.elems[i], ses, pos);
    return out;
  }
  }
  auto f = std::make_shared<FunValue>(*v.fun);
  for (std::vector<Arg>* as : {&f->args, &f->section})
    for (Arg& a : *as)
      a.value = recapture(a.value, ses, pos);
  if (f->sectionFn)
    f->sectionFn =
        recapture(Value{Value::Kind::Fun, {}, {}, {}, f->sectionFn, nullptr}, ses, pos).fun;
  if (f->env) {
    auto env = std::make_shared<Env>(*f->env);
    for (auto& [id, val] : env->vars)
      val = recapture(val, ses, pos);
    f->env = std::move(env);
  }
  Value out;
  out.kind = Value::Kind::Fun;
  out.fun = std::move(f);
  return out;
}

} // namespace fjord::internalise
