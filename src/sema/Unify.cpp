// Unification with constraints, zonking, instantiation and generalisation.
//
// Note [Levels]: every inference variable records the let-nesting level at which it was
// created. Binding a variable to a type lowers the levels of the variables in that type to
// the variable's level. When a definition at level L+1 is generalised, the unbound,
// unconstrained variables of its type whose level is still > L are local to it and become
// quantified. Constrained variables (literals, overloaded operators) are never generalised:
// they are resolved by later uses or defaulted at the end of the top-level definition.
#include "sema/Unify.h"
#include "support/Suggest.h"

#include <algorithm>

namespace fjord::sema {

namespace {

constexpr PrimType kAllPrims[] = {PrimType::Bool, PrimType::I8,  PrimType::I16, PrimType::I32,
                                  PrimType::I64,  PrimType::U8,  PrimType::U16, PrimType::U32,
                                  PrimType::U64,  PrimType::F16, PrimType::F32, PrimType::F64};

int varIndex(const Type& var) { return std::stoi(var.name.substr(1)); }

} // namespace

uint32_t integerMask() {
  uint32_t m = 0;
  for (PrimType p : kAllPrims)
    if (isInteger(p))
      m |= primBit(p);
  return m;
}

uint32_t floatMask() {
  return primBit(PrimType::F16) | primBit(PrimType::F32) | primBit(PrimType::F64);
}

uint32_t numericMask() { return integerMask() | floatMask(); }

std::string describeMask(uint32_t mask) {
  if (mask == numericMask())
    return "a numeric type";
  if (mask == integerMask())
    return "an integer type";
  if (mask == floatMask())
    return "a floating-point type";
  if (mask == (numericMask() | primBit(PrimType::Bool)))
    return "a numeric type or bool";
  std::string s = "one of ";
  bool first = true;
  for (PrimType p : kAllPrims)
    if (mask & primBit(p)) {
      s += (first ? "" : ", ") + std::string(primName(p));
      first = false;
    }
  return s;
}

TypeVars::VarInfo& TypeVars::info(const Type& var) { return vars_[varIndex(var)]; }
const TypeVars::VarInfo& TypeVars::info(const Type& var) const { return vars_[varIndex(var)]; }

TypeRef TypeVars::fresh(SourceSpan where, Constraint c) {
  if (!c.span.known())
    c.span = std::move(where);
  vars_.push_back(VarInfo{nullptr, std::move(c), level_});
  return Type::typeVar("?" + std::to_string(vars_.size() - 1));
}

TypeRef TypeVars::head(TypeRef t) const {
  while (t && isFlexible(*t) && info(*t).binding)
    t = info(*t).binding;
  return t;
}

TypeRef TypeVars::definitionOf(const Type& t) const {
  auto it = t.kind == Type::Kind::Var ? abstractTypes.find(t.name) : abstractTypes.end();
  if (it == abstractTypes.end())
    return nullptr;
  const AbstractDefinition& def = it->second;
  if (def.sizeParams.size() != t.shape.size() || def.typeParams.size() != t.elems.size())
    return nullptr; // a wrong arity was reported where the type is written
  std::map<std::string, TypeRef> types;
  for (size_t i = 0; i < def.typeParams.size(); ++i)
    types[def.typeParams[i]] = t.elems[i];
  return mapType(
      def.type,
      [&](const TypeRef& v) {
        auto arg = types.find(v->name);
        return arg == types.end() ? v : arg->second;
      },
      [&](const Size& s) {
        if (s.kind == Size::Kind::Var && s.uid < 0)
          for (size_t i = 0; i < def.sizeParams.size(); ++i)
            if (def.sizeParams[i] == s.name)
              return t.shape[i];
        return s;
      });
}

TypeRef TypeVars::eraseAbstract(const TypeRef& t) const {
  if (abstractTypes.empty() || !t)
    return t;
  return mapType(
      t,
      [&](const TypeRef& v) {
        TypeRef def = definitionOf(*v);
        return def ? eraseAbstract(def) : v;
      },
      [](const Size& s) { return s; });
}

TypeRef TypeVars::zonk(const TypeRef& t0) const {
  TypeRef t = head(t0);
  if (!t)
    return t;
  switch (t->kind) {
  case Type::Kind::Prim:
    return t;
  case Type::Kind::Var: {
    if (t->elems.empty() && t->shape.empty())
      return t;
    std::vector<Size> sizes;
    for (const Size& s : t->shape)
      sizes.push_back(headSize(s));
    std::vector<TypeRef> args;
    for (const TypeRef& a : t->elems)
      args.push_back(zonk(a));
    return Type::abstractApp(t->name, std::move(sizes), std::move(args));
  }
  case Type::Kind::Array: {
    std::vector<Size> shape;
    for (const Size& s : t->shape)
      shape.push_back(headSize(s));
    return Type::array(zonk(t->elem), std::move(shape), t->unique);
  }
  case Type::Kind::Tuple: {
    std::vector<TypeRef> elems;
    for (const TypeRef& e : t->elems)
      elems.push_back(zonk(e));
    auto r = std::make_shared<Type>(*Type::tuple(std::move(elems)));
    r->unique = t->unique;
    return r;
  }
  case Type::Kind::Record: {
    auto fields = t->fields;
    for (auto& [name, ft] : fields)
      ft = zonk(ft);
    return Type::record(std::move(fields));
  }
  case Type::Kind::Sum: {
    auto r = std::make_shared<Type>(*t);
    for (auto& [name, payload] : r->constructors)
      for (TypeRef& p : payload)
        p = zonk(p);
    return r;
  }
  case Type::Kind::Function:
    return Type::function(zonk(t->param), zonk(t->result), t->paramName);
  case Type::Kind::Acc: {
    auto r = std::make_shared<Type>(*Type::accumulator(zonk(t->elem)));
    r->unique = t->unique;
    return r;
  }
  }
  return t;
}

bool TypeVars::occurs(const Type& var, const TypeRef& t0) const {
  TypeRef t = head(t0);
  switch (t->kind) {
  case Type::Kind::Prim:
    return false;
  case Type::Kind::Var:
    return t->name == var.name || std::any_of(t->elems.begin(), t->elems.end(),
                                              [&](const TypeRef& a) { return occurs(var, a); });
  case Type::Kind::Array:
    return occurs(var, t->elem);
  case Type::Kind::Tuple:
    return std::any_of(t->elems.begin(), t->elems.end(),
                       [&](const TypeRef& e) { return occurs(var, e); });
  case Type::Kind::Record:
    return std::any_of(t->fields.begin(), t->fields.end(),
                       [&](const auto& f) { return occurs(var, f.second); });
  case Type::Kind::Sum:
    for (const auto& [name, payload] : t->constructors)
      for (const TypeRef& p : payload)
        if (occurs(var, p))
          return true;
    return false;
  case Type::Kind::Function:
    return occurs(var, t->param) || occurs(var, t->result);
  case Type::Kind::Acc:
    return occurs(var, t->elem);
  }
  return false;
}

void TypeVars::adjustLevels(const TypeRef& t0, int level) {
  TypeRef t = head(t0);
  switch (t->kind) {
  case Type::Kind::Prim:
    return;
  case Type::Kind::Var:
    if (isFlexible(*t))
      info(*t).level = std::min(info(*t).level, level);
    for (const TypeRef& a : t->elems)
      adjustLevels(a, level);
    return;
  case Type::Kind::Array:
    return adjustLevels(t->elem, level);
  case Type::Kind::Tuple:
    for (const TypeRef& e : t->elems)
      adjustLevels(e, level);
    return;
  case Type::Kind::Record:
    for (const auto& f : t->fields)
      adjustLevels(f.second, level);
    return;
  case Type::Kind::Sum:
    for (const auto& [name, payload] : t->constructors)
      for (const TypeRef& p : payload)
        adjustLevels(p, level);
    return;
  case Type::Kind::Function:
    adjustLevels(t->param, level);
    adjustLevels(t->result, level);
    return;
  case Type::Kind::Acc:
    return adjustLevels(t->elem, level);
  }
}

// Checks `t` (bound to a constrained variable) against `c`, merging into `t` if it is itself
// a variable.
bool TypeVars::satisfies(const TypeRef& t0, const Constraint& c, const SourceSpan& span,
                         bool& reported) {
  TypeRef t = head(t0);
  if (isFlexible(*t)) {
    Constraint& mine = info(*t).constraint;
    if (c.prims) {
      uint32_t merged = mine.prims ? (mine.prims & c.prims) : c.prims;
      if (merged == 0) {
        diags_
            .error(span, "cannot unify " + describeMask(mine.prims) + " (" + mine.origin +
                             ") with " + describeMask(c.prims) + " (" + c.origin + ")")
            .note(mine.span, mine.origin + " here")
            .note(c.span, c.origin + " here");
        reported = true;
        return false;
      }
      if (!mine.prims) {
        mine.origin = c.origin;
        mine.span = c.span;
      }
      mine.prims = merged;
      // Keep this variable's default while it is still allowed, else take the other's.
      if (!mine.defaultPrim || !(merged & primBit(*mine.defaultPrim)))
        mine.defaultPrim = c.defaultPrim;
      if (mine.defaultPrim && !(merged & primBit(*mine.defaultPrim)))
        mine.defaultPrim.reset();
    }
    if (c.equality && !mine.equality) {
      mine.equality = true;
      if (!mine.prims && mine.fields.empty()) {
        mine.origin = c.origin;
        mine.span = c.span;
      }
    }
    if (mine.origin.empty() && !c.origin.empty()) {
      mine.origin = c.origin;
      mine.span = c.span;
    }
    for (const auto& [name, ft] : c.fields) {
      auto it = info(*t).constraint.fields.find(name);
      if (it == info(*t).constraint.fields.end()) {
        // The field's type belongs to the record's variable: a variable of it is no more
        // local than the record (Note [Levels]; `x.0` in a local function, x from outside).
        adjustLevels(ft, info(*t).level);
        info(*t).constraint.fields.emplace(name, ft);
        continue;
      }
      TypeRef existing = it->second;
      if (!unifyRec(existing, ft, span, reported))
        return false;
    }
    return satisfiesConstructors(t, c, span, reported);
  }
  if (t->kind == Type::Kind::Var && trustRigid)
    return true;
  if (c.equality && !satisfiesEquality(t, c, span, reported))
    return false;
  if (c.prims) {
    if (t->kind != Type::Kind::Prim || !(c.prims & primBit(t->prim))) {
      diags_.error(span, "cannot unify `" + zonk(t)->str() + "` with " + describeMask(c.prims) +
                             " (required by " + c.origin + ")")
          .note(c.span, c.origin + " here");
      reported = true;
      return false;
    }
  }
  for (const auto& [name, ft] : c.fields) {
    TypeRef fieldType;
    if (t->kind == Type::Kind::Record) {
      for (const auto& f : t->fields)
        if (f.first == name)
          fieldType = f.second;
    } else if (t->kind == Type::Kind::Tuple && !name.empty() &&
               std::all_of(name.begin(), name.end(), ::isdigit)) {
      size_t i = std::stoul(name);
      if (i < t->elems.size())
        fieldType = t->elems[i];
    }
    if (!fieldType) {
      std::vector<std::string> fields;
      if (t->kind == Type::Kind::Record)
        for (const auto& f : t->fields)
          fields.push_back(f.first);
      diags_.error(c.span, "type `" + zonk(t)->str() + "` has no field `" + name + "`" +
                               didYouMean(name, fields));
      reported = true;
      return false;
    }
    if (!unifyRec(fieldType, ft, span, reported))
      return false;
  }
  return satisfiesConstructors(t, c, span, reported);
}

// The equality part of `satisfies`: Futhark's `==` compares values of any type built from
// primitive types, arrays, tuples, records and sums; not functions, accumulators or the type
// parameters of a definition (which may stand for a function type). Variables inside `t`
// become equality variables. Abstract types of modules (`M.t`) are compared as their
// definitions.
bool TypeVars::satisfiesEquality(const TypeRef& t0, const Constraint& c, const SourceSpan& span,
                                 bool& reported) {
  TypeRef t = head(t0);
  auto fail = [&](const std::string& why) {
    diags_.error(span, "type `" + zonk(t0)->str() + "` does not support equality (required by " +
                           c.origin + "): " + why)
        .note(c.span, c.origin + " here");
    reported = true;
    return false;
  };
  switch (t->kind) {
  case Type::Kind::Prim:
    return true;
  case Type::Kind::Var: {
    if (isFlexible(*t)) {
      Constraint eq;
      eq.equality = true;
      eq.origin = c.origin;
      eq.span = c.span;
      return satisfies(t, eq, span, reported);
    }
    if (trustRigid || t->name.find('.') != std::string::npos || definitionOf(*t))
      return true;
    return fail("`" + t->name + "` is a type parameter, which may stand for a function type");
  }
  case Type::Kind::Array:
  case Type::Kind::Acc:
    if (t->kind == Type::Kind::Acc)
      return fail("accumulators cannot be compared");
    return satisfiesEquality(t->elem, c, span, reported);
  case Type::Kind::Tuple:
    for (const TypeRef& e : t->elems)
      if (!satisfiesEquality(e, c, span, reported))
        return false;
    return true;
  case Type::Kind::Record:
    for (const auto& f : t->fields)
      if (!satisfiesEquality(f.second, c, span, reported))
        return false;
    return true;
  case Type::Kind::Sum:
    for (const auto& con : t->constructors)
      for (const TypeRef& p : con.second)
        if (!satisfiesEquality(p, c, span, reported))
          return false;
    return true;
  case Type::Kind::Function:
    return fail("functions cannot be compared (a function type is not first-order)");
  }
  return true;
}

// The constructor part of `satisfies`: a variable accumulates the constructors it must have;
// a sum type must have each of them, with payloads of the same arity and types.
bool TypeVars::satisfiesConstructors(const TypeRef& t, const Constraint& c,
                                     const SourceSpan& span, bool& reported) {
  for (const auto& [name, payload] : c.constructors) {
    const std::vector<TypeRef>* existing = nullptr;
    if (isFlexible(*t)) {
      auto& mine = info(*t).constraint.constructors;
      auto it = mine.find(name);
      if (it == mine.end()) {
        mine.emplace(name, payload);
        continue;
      }
      existing = &it->second;
    } else if (t->kind == Type::Kind::Sum) {
      for (const auto& [cname, cpayload] : t->constructors)
        if (cname == name)
          existing = &cpayload;
    }
    if (!existing) {
      diags_.error(span, "type `" + zonk(t)->str() + "` has no constructor `#" + name + "`");
      reported = true;
      return false;
    }
    if (existing->size() != payload.size()) {
      diags_.error(span, "constructor `#" + name + "` is used with " +
                             std::to_string(payload.size()) + " payload value(s) here but " +
                             std::to_string(existing->size()) + " elsewhere");
      reported = true;
      return false;
    }
    std::vector<TypeRef> expected = *existing; // unifying may grow the map we point into
    for (size_t i = 0; i < payload.size(); ++i) {
      if (unifyRec(expected[i], payload[i], span, reported))
        continue;
      if (!reported)
        diags_.error(span, "cannot unify `" + zonk(expected[i])->str() + "` with `" +
                               zonk(payload[i])->str() + "` (the payloads of constructor `#" +
                               name + "`)");
      reported = true;
      return false;
    }
  }
  return true;
}

bool TypeVars::bindVar(const Type& var, const TypeRef& t, const SourceSpan& span,
                       bool& reported) {
  TypeRef th = head(t);
  if (th->kind == Type::Kind::Var && th->name == var.name)
    return true;
  if (occurs(var, th))
    return false;
  VarInfo& vi = info(var);
  Constraint c = vi.constraint;
  int level = vi.level;
  vi.binding = th;
  adjustLevels(th, level);
  return c.empty() || satisfies(th, c, span, reported);
}

bool TypeVars::unifyRec(const TypeRef& a0, const TypeRef& b0, const SourceSpan& span,
                        bool& reported) {
  TypeRef a = head(a0), b = head(b0);
  if (seeThroughAbstract && (isFlexible(*a) || isFlexible(*b))) {
    // A constrained variable (an operand of `+`) meets the abstract type's definition.
    TypeRef& other = isFlexible(*a) ? b : a;
    if (other->kind == Type::Kind::Var)
      if (TypeRef def = definitionOf(*other))
        other = def;
  }
  if (isFlexible(*a))
    return bindVar(*a, b, span, reported);
  if (isFlexible(*b))
    return bindVar(*b, a, span, reported);
  if (seeThroughAbstract && (a->kind == Type::Kind::Var || b->kind == Type::Kind::Var)) {
    auto definition = [&](const TypeRef& t) -> TypeRef {
      TypeRef def = definitionOf(*t);
      return def ? def : t;
    };
    TypeRef da = definition(a), db = definition(b);
    if (da != a || db != b)
      return unifyRec(da, db, span, reported);
  }
  // Arrays of different rank: `[]a` against `[][]i32` binds `a` to `[]i32`.
  if (a->kind == Type::Kind::Array && b->kind == Type::Kind::Array) {
    size_t ra = a->shape.size(), rb = b->shape.size();
    for (size_t i = 0; i < std::min(ra, rb); ++i)
      if (!unifySize(a->shape[i], b->shape[i]))
        return false;
    if (ra == rb)
      return unifyRec(a->elem, b->elem, span, reported);
    if (ra < rb)
      return unifyRec(a->elem,
                      Type::array(b->elem, std::vector<Size>(b->shape.begin() + ra, b->shape.end())),
                      span, reported);
    return unifyRec(Type::array(a->elem, std::vector<Size>(a->shape.begin() + rb, a->shape.end())),
                    b->elem, span, reported);
  }
  if (a->kind != b->kind)
    return false;
  switch (a->kind) {
  case Type::Kind::Prim:
    return a->prim == b->prim;
  case Type::Kind::Var:
    // An abstract type applied to arguments (`M.t i32`) equals itself applied to equal ones.
    if (a->name != b->name || a->shape.size() != b->shape.size() ||
        a->elems.size() != b->elems.size())
      return false;
    for (size_t i = 0; i < a->shape.size(); ++i)
      if (!unifySize(a->shape[i], b->shape[i]))
        return false;
    for (size_t i = 0; i < a->elems.size(); ++i)
      if (!unifyRec(a->elems[i], b->elems[i], span, reported))
        return false;
    return true;
  case Type::Kind::Array:
    return false; // handled above
  case Type::Kind::Tuple:
    if (a->elems.size() != b->elems.size())
      return false;
    for (size_t i = 0; i < a->elems.size(); ++i)
      if (!unifyRec(a->elems[i], b->elems[i], span, reported))
        return false;
    return true;
  case Type::Kind::Record:
    if (a->fields.size() != b->fields.size())
      return false;
    for (size_t i = 0; i < a->fields.size(); ++i)
      if (a->fields[i].first != b->fields[i].first ||
          !unifyRec(a->fields[i].second, b->fields[i].second, span, reported))
        return false;
    return true;
  case Type::Kind::Sum:
    if (a->constructors.size() != b->constructors.size())
      return false;
    for (size_t i = 0; i < a->constructors.size(); ++i) {
      const auto& ca = a->constructors[i];
      const auto& cb = b->constructors[i];
      if (ca.first != cb.first || ca.second.size() != cb.second.size())
        return false;
      for (size_t j = 0; j < ca.second.size(); ++j)
        if (!unifyRec(ca.second[j], cb.second[j], span, reported))
          return false;
    }
    return true;
  case Type::Kind::Function:
    return unifyRec(a->param, b->param, span, reported) &&
           unifyRec(a->result, b->result, span, reported);
  case Type::Kind::Acc:
    return unifyRec(a->elem, b->elem, span, reported);
  }
  return false;
}

bool TypeVars::unify(const TypeRef& expected, const TypeRef& actual, const SourceSpan& span) {
  bool reported = false;
  lastError_ = nullptr;
  sizeConflict_.reset();
  unifySpan_ = span;
  if (unifyRec(expected, actual, span, reported))
    return true;
  if (!reported && sizeConflict_)
    reportSizeMismatch(expected, actual, span);
  else if (!reported)
    lastError_ = &diags_.error(span, "cannot unify `" + zonk(expected)->str() + "` with `" +
                                         zonk(actual)->str() + "`");
  return false;
}

bool TypeVars::constrain(const TypeRef& t, Constraint c, const SourceSpan& span) {
  if (!c.span.known())
    c.span = span;
  bool reported = false;
  if (satisfies(t, c, span, reported))
    return true;
  if (!reported)
    diags_.error(span, "type `" + zonk(t)->str() + "` does not satisfy " + c.origin);
  return false;
}

void TypeVars::preferDefault(const TypeRef& t, PrimType p) {
  TypeRef h = head(t);
  if (!isFlexible(*h))
    return;
  Constraint& c = info(*h).constraint;
  if (!c.prims || (c.prims & primBit(p)))
    c.defaultPrim = p;
}

TypeRef mapType(const TypeRef& t, const std::function<TypeRef(const TypeRef&)>& onVar,
                const std::function<Size(const Size&)>& onSize) {
  auto go = [&](const TypeRef& u) { return mapType(u, onVar, onSize); };
  switch (t->kind) {
  case Type::Kind::Prim:
    return t;
  case Type::Kind::Var: {
    if (t->elems.empty() && t->shape.empty())
      return onVar(t);
    std::vector<Size> sizes;
    for (const Size& d : t->shape)
      sizes.push_back(d.mapVars(onSize));
    std::vector<TypeRef> args;
    for (const TypeRef& a : t->elems)
      args.push_back(go(a));
    return onVar(Type::abstractApp(t->name, std::move(sizes), std::move(args)));
  }
  case Type::Kind::Array: {
    std::vector<Size> shape;
    for (const Size& d : t->shape)
      shape.push_back(d.mapVars(onSize));
    return Type::array(go(t->elem), std::move(shape), t->unique);
  }
  case Type::Kind::Tuple: {
    std::vector<TypeRef> elems;
    for (const TypeRef& e : t->elems)
      elems.push_back(go(e));
    auto r = std::make_shared<Type>(*Type::tuple(std::move(elems)));
    r->unique = t->unique;
    return r;
  }
  case Type::Kind::Record: {
    auto fields = t->fields;
    for (auto& f : fields)
      f.second = go(f.second);
    return Type::record(std::move(fields));
  }
  case Type::Kind::Sum: {
    auto r = std::make_shared<Type>(*t);
    for (auto& [name, payload] : r->constructors)
      for (TypeRef& p : payload)
        p = go(p);
    return r;
  }
  case Type::Kind::Function:
    return Type::function(go(t->param), go(t->result), t->paramName);
  case Type::Kind::Acc: {
    auto r = std::make_shared<Type>(*Type::accumulator(go(t->elem)));
    r->unique = t->unique;
    return r;
  }
  }
  return t;
}

TypeRef substitute(const TypeRef& t, const std::map<std::string, TypeRef>& s) {
  return mapType(
      t,
      [&](const TypeRef& v) {
        auto it = s.find(v->name);
        return it == s.end() ? v : it->second;
      },
      [](const Size& d) { return d; });
}

TypeRef TypeVars::instantiate(const Scheme& s, const SourceSpan& where) {
  std::map<std::string, TypeRef> sub;
  return instantiate(s, where, sub);
}

TypeRef TypeVars::instantiate(const Scheme& s, const SourceSpan& where,
                              std::map<std::string, TypeRef>& sub) {
  if (s.quantified.empty())
    return s.type;
  for (const std::string& q : s.quantified)
    sub[q] = fresh(where);
  return substitute(zonk(s.type), sub);
}

void TypeVars::collectFree(const TypeRef& t0, std::vector<std::string>& out) const {
  TypeRef t = head(t0);
  switch (t->kind) {
  case Type::Kind::Prim:
    return;
  case Type::Kind::Var:
    if (isFlexible(*t) && std::find(out.begin(), out.end(), t->name) == out.end())
      out.push_back(t->name);
    for (const TypeRef& a : t->elems)
      collectFree(a, out);
    return;
  case Type::Kind::Array:
    return collectFree(t->elem, out);
  case Type::Kind::Tuple:
    for (const TypeRef& e : t->elems)
      collectFree(e, out);
    return;
  case Type::Kind::Record:
    for (const auto& f : t->fields)
      collectFree(f.second, out);
    return;
  case Type::Kind::Sum:
    for (const auto& [name, payload] : t->constructors)
      for (const TypeRef& p : payload)
        collectFree(p, out);
    return;
  case Type::Kind::Function:
    collectFree(t->param, out);
    collectFree(t->result, out);
    return;
  case Type::Kind::Acc:
    return collectFree(t->elem, out);
  }
}

Scheme TypeVars::generalise(const TypeRef& t, std::vector<std::string> rigid) {
  std::vector<std::string> free;
  collectFree(t, free);
  // A variable mentioned by the field constraint of a variable that stays monomorphic must
  // stay monomorphic too, or the constraint would point at a variable no use can reach.
  std::vector<std::string> blocked;
  for (const std::string& v : free) {
    const VarInfo& vi = vars_[std::stoi(v.substr(1))];
    if (vi.level <= level_ || !vi.constraint.empty())
      blocked.push_back(v);
  }
  for (size_t i = 0; i < blocked.size(); ++i) {
    const Constraint& c = vars_[std::stoi(blocked[i].substr(1))].constraint;
    for (const auto& [name, ft] : c.fields)
      collectFree(ft, blocked);
    for (const auto& [name, payload] : c.constructors)
      for (const TypeRef& p : payload)
        collectFree(p, blocked);
  }
  Scheme s{zonk(t), std::move(rigid)};
  for (const std::string& v : free)
    if (std::find(blocked.begin(), blocked.end(), v) == blocked.end())
      s.quantified.push_back(v);
  return s;
}

void TypeVars::defaultNumeric(const TypeRef& t0) {
  TypeRef t = head(t0);
  switch (t->kind) {
  case Type::Kind::Var:
    for (const TypeRef& a : t->elems)
      defaultNumeric(a);
    if (isFlexible(*t)) {
      VarInfo& vi = info(*t);
      if (vi.constraint.prims & primBit(PrimType::I32))
        vi.binding = Type::primitive(PrimType::I32);
      else if (vi.constraint.prims & primBit(PrimType::F64))
        vi.binding = Type::primitive(PrimType::F64);
    }
    return;
  case Type::Kind::Prim:
    return;
  case Type::Kind::Array:
    return defaultNumeric(t->elem);
  case Type::Kind::Tuple:
    for (const TypeRef& e : t->elems)
      defaultNumeric(e);
    return;
  case Type::Kind::Record:
    for (const auto& f : t->fields)
      defaultNumeric(f.second);
    return;
  case Type::Kind::Sum:
    for (const auto& c : t->constructors)
      for (const TypeRef& p : c.second)
        defaultNumeric(p);
    return;
  case Type::Kind::Function:
    defaultNumeric(t->param);
    return defaultNumeric(t->result);
  case Type::Kind::Acc:
    return defaultNumeric(t->elem);
  }
}

bool TypeVars::resolveAmbiguous(size_t from) {
  for (size_t i = from; i < vars_.size(); ++i) {
    VarInfo& vi = vars_[i];
    if (vi.binding)
      continue;
    const Constraint& c = vi.constraint;
    std::string must;
    if (!c.fields.empty()) {
      std::string names;
      for (const auto& f : c.fields)
        names += (names.empty() ? "`" : ", `") + f.first + "`";
      must = std::string(c.fields.size() == 1 ? "a record with the field " : "a record with the fields ") + names;
    } else if (c.prims) {
      if (c.prims & primBit(PrimType::I32)) {
        vi.binding = Type::primitive(PrimType::I32);
        continue;
      }
      if (c.prims & primBit(PrimType::F64)) {
        vi.binding = Type::primitive(PrimType::F64);
        continue;
      }
      must = describeMask(c.prims);
    } else if (c.equality) {
      must = "an equality type";
    } else {
      continue;
    }
    diags_.error(c.span, "type is ambiguous: it must be " + must + " (required by " + c.origin +
                             "), but nothing determines which; add a type annotation");
    return false;
  }
  return true;
}

void TypeVars::applyDefaults(size_t from) {
  for (size_t i = from; i < vars_.size(); ++i) {
    VarInfo& vi = vars_[i];
    if (!vi.binding && vi.constraint.defaultPrim)
      vi.binding = Type::primitive(*vi.constraint.defaultPrim);
    if (!vi.binding && !vi.constraint.constructors.empty()) {
      std::vector<std::pair<std::string, std::vector<TypeRef>>> constructors(
          vi.constraint.constructors.begin(), vi.constraint.constructors.end());
      vi.binding = Type::sum(std::move(constructors));
    }
  }
}

} // namespace fjord::sema
