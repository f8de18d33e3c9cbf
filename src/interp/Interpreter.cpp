// Entry-point invocation: argument checks, running, splitting tuple results, and turning
// run-time errors into diagnostics.
#include "interp/Interpreter.h"

#include "interp/Eval.h"

namespace fjord::interp {

namespace {

/// Whether `v` fits type `t` (sizes aside).
bool fits(const Value& v, const Type& t) {
  switch (t.kind) {
  case Type::Kind::Prim:
    return v.kind() == Value::Kind::Prim && v.prim().type == t.prim;
  case Type::Kind::Array:
    if (v.kind() != Value::Kind::Array || v.shape().size() != t.shape.size())
      return false;
    return v.elems().empty() || fits(v.elems()[0], *t.elem);
  case Type::Kind::Tuple:
    if (v.kind() != Value::Kind::Tuple || v.components().size() != t.elems.size())
      return false;
    for (size_t i = 0; i < t.elems.size(); ++i)
      if (!fits(v.components()[i], *t.elems[i]))
        return false;
    return true;
  case Type::Kind::Record:
    return v.kind() == Value::Kind::Record && v.components().size() == t.fields.size();
  default:
    return false;
  }
}

} // namespace

std::vector<TypeRef> entryParamTypes(const ast::Decl& entry) {
  std::vector<TypeRef> out;
  for (const auto& p : entry.params)
    for (TypeRef& leaf : entryLeafTypes(p->type))
      out.push_back(std::move(leaf));
  return out;
}

std::vector<TypeRef> entryResultTypes(const ast::Decl& entry) {
  TypeRef t = entry.type;
  for (size_t i = 0; i < entry.params.size(); ++i)
    t = t->result;
  if (t->kind == Type::Kind::Tuple && t->elems.empty())
    return {t}; // `()` is one value
  return entryLeafTypes(t);
}

Interpreter::Interpreter(const sema::CheckedProgram& prog)
    : prog_(prog), eval_(std::make_unique<Evaluator>(prog)) {}

Interpreter::~Interpreter() = default;

std::optional<std::vector<Value>> Interpreter::callEntry(const std::string& name,
                                                         const std::vector<Value>& args,
                                                         DiagnosticEngine& diags) {
  const ast::Decl* entry = prog_.findEntry(name);
  if (!entry) {
    diags.error({}, "no entry point named `" + name + "`");
    return std::nullopt;
  }
  std::vector<TypeRef> params = entryParamTypes(*entry); // the leaves, one per argument
  if (args.size() != params.size()) {
    diags.error(entry->span, "entry point `" + name + "` takes " + std::to_string(params.size()) +
                                 " argument(s), but " + std::to_string(args.size()) +
                                 " were given");
    return std::nullopt;
  }
  std::vector<size_t> paramOf; // the parameter each argument is (a leaf of)
  for (size_t p = 0; p < entry->params.size(); ++p)
    paramOf.insert(paramOf.end(), entryLeafTypes(entry->params[p]->type).size(), p);
  for (size_t i = 0; i < args.size(); ++i)
    if (!fits(args[i], *params[i])) {
      diags.error(entry->params[paramOf[i]]->span, "argument " + std::to_string(i + 1) +
                                              " of entry point `" + name +
                                              "` does not have type `" + params[i]->str() + "`");
      return std::nullopt;
    }
  std::vector<Value> values;
  size_t pos = 0;
  for (const auto& p : entry->params) {
    std::string error;
    auto v = assembleEntryValue(p->type, args, pos, error);
    if (!v) {
      diags.error(p->span, "argument of entry point `" + name + "`: " + error);
      return std::nullopt;
    }
    values.push_back(std::move(*v));
  }
  try {
    Value result = eval_->callDecl(*entry, values, nullptr, entry->span);
    TypeRef t = entry->type;
    for (size_t i = 0; i < entry->params.size(); ++i)
      t = t->result;
    if (t->kind == Type::Kind::Tuple && t->elems.empty())
      return std::vector<Value>{result};
    return entryLeaves(result, t);
  } catch (const RuntimeError& err) {
    diags.error(err.span, err.message);
    return std::nullopt;
  }
}

} // namespace fjord::interp
