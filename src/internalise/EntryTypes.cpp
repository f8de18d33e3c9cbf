// The C API's grouping of an entry point's EntryValues into source-level parameters and
// results (ir::EntryInterface): which are opaque types, their names, fields and constructors.
#include "internalise/EntryTypes.h"

#include "internalise/Internaliser.h"

#include <cctype>
#include <cstdio>
#include <functional>

namespace fjord::internalise {

// Note [Opaque entry values]
// As in Futhark, an entry parameter or result whose type is a record, a tuple or a sum type
// is an *opaque* value in the C API: a struct named after the type, built and taken apart by
// functions of its own (backend/PrintOpaque.cpp). A tuple *result* is several results, one
// per component (each of which may be opaque). Arrays of scalars are arrays; arrays of tuples
// and records stay one array per component (Futhark makes them opaque arrays; Fjord does not
// yet), and arrays of sum values are not supported in entry points. The leaves of an opaque
// value are the EntryValues that the internaliser gives it, in the same order: a record's
// fields in name order, a sum's u8 tag and then its slots (Note [Sum types]).
//
// The name: a type written as a plain name (`p: point`, a type abbreviation) gives
// `opaque_point`; any other type a name spelled from its structure (`(f32, i32)` gives
// `opaque_tup2_f32_i32`, `{x: f32}` gives `opaque_rec1_x_f32`), or, when that would be long,
// `opaque_` and a hash of the type, as Futhark names anonymous types.

namespace {

std::string identifier(const std::string& s) {
  std::string out;
  for (char c : s)
    out += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  return out;
}

/// The type without sizes, as written: `[]f32`, `{x: f32, y: f32}`, `#circle f32 | #dot`.
std::string sourceText(const Type& t) {
  switch (t.kind) {
  case Type::Kind::Array: {
    std::string s;
    for (size_t i = 0; i < t.shape.size(); ++i)
      s += "[]";
    bool atom = t.elem->kind != Type::Kind::Sum;
    return s + (atom ? sourceText(*t.elem) : "(" + sourceText(*t.elem) + ")");
  }
  case Type::Kind::Tuple: {
    std::string s = "(";
    for (size_t i = 0; i < t.elems.size(); ++i)
      s += (i ? ", " : "") + sourceText(*t.elems[i]);
    return s + ")";
  }
  case Type::Kind::Record: {
    std::string s = "{";
    for (size_t i = 0; i < t.fields.size(); ++i)
      s += (i ? ", " : "") + t.fields[i].first + ": " + sourceText(*t.fields[i].second);
    return s + "}";
  }
  case Type::Kind::Sum: {
    std::string s;
    for (size_t i = 0; i < t.constructors.size(); ++i) {
      s += (i ? " | #" : "#") + t.constructors[i].first;
      for (const TypeRef& p : t.constructors[i].second) {
        bool atom = p->kind == Type::Kind::Prim || p->kind == Type::Kind::Tuple ||
                    p->kind == Type::Kind::Record;
        s += " " + (atom ? sourceText(*p) : "(" + sourceText(*p) + ")");
      }
    }
    return s;
  }
  default:
    return t.str();
  }
}

/// The structural part of an anonymous type's name: `tup2_f32_i32`, `f32_1d`.
std::string mangle(const Type& t) {
  switch (t.kind) {
  case Type::Kind::Prim:
    return primName(t.prim);
  case Type::Kind::Array:
    return mangle(*t.elem) + "_" + std::to_string(t.shape.size()) + "d";
  case Type::Kind::Tuple: {
    std::string s = "tup" + std::to_string(t.elems.size());
    for (const TypeRef& e : t.elems)
      s += "_" + mangle(*e);
    return s;
  }
  case Type::Kind::Record: {
    std::string s = "rec" + std::to_string(t.fields.size());
    for (const auto& [name, f] : t.fields)
      s += "_" + name + "_" + mangle(*f);
    return s;
  }
  case Type::Kind::Sum: {
    std::string s = "sum" + std::to_string(t.constructors.size());
    for (const auto& [name, payload] : t.constructors) {
      s += "_" + name + std::to_string(payload.size());
      for (const TypeRef& p : payload)
        s += "_" + mangle(*p);
    }
    return s;
  }
  default:
    return "t";
  }
}

const ast::TypeExp* stripUnique(const ast::TypeExp* te) {
  while (te && te->kind == ast::TypeExp::Kind::Unique)
    te = te->args.empty() ? nullptr : te->args[0].get();
  return te;
}

/// The type name that `te` was written as (`point`, `m.point`, `cloud [n]`: sizes dropped),
/// or "" for a type written out. The checker replaces a use of an abbreviation by a copy of
/// its definition (Note [Expanding abbreviations] in sema/CheckTypeDecl.cpp), keeping the
/// use's span: the name is read back from the source text there.
std::string writtenName(const ast::TypeExp* te) {
  if (!te || !te->span.known() || te->span.line != te->span.endLine)
    return "";
  std::string line = te->span.file->lineText(te->span.line);
  size_t from = static_cast<size_t>(te->span.col - 1), to = static_cast<size_t>(te->span.endCol - 1);
  if (from >= to || to > line.size())
    return "";
  std::string text = line.substr(from, to - from);
  size_t i = 0;
  while (i < text.size() && (text[i] == '*' || text[i] == ' '))
    ++i;
  size_t start = i;
  while (i < text.size() && (std::isalnum(static_cast<unsigned char>(text[i])) ||
                             text[i] == '_' || text[i] == '\'' || text[i] == '.'))
    ++i;
  std::string name = text.substr(start, i - start);
  if (name.empty() || !std::isalpha(static_cast<unsigned char>(name[0])))
    return "";
  // Only size arguments may follow: `[n]`, `[]`, `[3]`.
  for (int depth = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '[')
      ++depth;
    else if (c == ']')
      --depth;
    else if (depth == 0 && c != ' ')
      return "";
  }
  return name;
}

std::string opaqueName(const Type& t, const ast::TypeExp* te) {
  std::string written = writtenName(te);
  if (!written.empty())
    return "opaque_" + identifier(written);
  std::string structural = identifier(mangle(t));
  if (structural.size() <= 40)
    return "opaque_" + structural;
  uint32_t hash = 2166136261u; // FNV-1a of the type's text
  for (char c : sourceText(t)) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 16777619u;
  }
  char hex[9];
  std::snprintf(hex, sizeof hex, "%08x", hash);
  return "opaque_" + std::string(hex);
}

size_t leafCount(const Type& t, const SourceSpan& span) {
  switch (t.kind) {
  case Type::Kind::Array:
    return leafCount(*t.elem, span);
  case Type::Kind::Tuple: {
    size_t n = 0;
    for (const TypeRef& e : t.elems)
      n += leafCount(*e, span);
    return n;
  }
  case Type::Kind::Record: {
    size_t n = 0;
    for (const auto& f : t.fields)
      n += leafCount(*f.second, span);
    return n;
  }
  case Type::Kind::Sum:
    return 1 + layoutOf(t, span).slots.size();
  default:
    return 1;
  }
}

/// The C API's view of a value of type `t`, written `te` (or nullptr) in the source.
ir::EntryType entryType(const Type& t, const ast::TypeExp* te, const SourceSpan& span) {
  te = stripUnique(te);
  ir::EntryType out;
  out.leaves = leafCount(t, span);
  if (t.kind != Type::Kind::Tuple && t.kind != Type::Kind::Record && t.kind != Type::Kind::Sum)
    return out; // a scalar, or an array (of tuples: one array per component)
  if (out.leaves == 0)
    return out; // `()`, `{}`: nothing to pass
  out.name = opaqueName(t, te);
  out.source = writtenName(te).empty() ? sourceText(t) : writtenName(te);
  if (t.kind == Type::Kind::Tuple) {
    out.kind = ir::EntryType::Kind::Record;
    bool written = te && te->kind == ast::TypeExp::Kind::Tuple && te->args.size() == t.elems.size();
    for (size_t i = 0; i < t.elems.size(); ++i)
      out.fields.emplace_back(std::to_string(i),
                              entryType(*t.elems[i], written ? te->args[i].get() : nullptr, span));
    return out;
  }
  if (t.kind == Type::Kind::Record) {
    out.kind = ir::EntryType::Kind::Record;
    for (const auto& [name, ft] : t.fields) {
      const ast::TypeExp* fte = nullptr;
      if (te && te->kind == ast::TypeExp::Kind::Record)
        for (const auto& [n, e] : te->fields)
          if (n == name)
            fte = e.get();
      out.fields.emplace_back(name, entryType(*ft, fte, span));
    }
    return out;
  }
  out.kind = ir::EntryType::Kind::Sum;
  SumLayout layout = layoutOf(t, span);
  for (size_t rank : layout.ranks)
    if (rank != 0)
      throw Unsupported{span, "an entry point taking or returning a sum type with an array "
                              "in a payload"};
  for (size_t c = 0; c < t.constructors.size(); ++c) {
    const auto& [name, payload] = t.constructors[c];
    const std::vector<ast::TypeExpPtr>* written = nullptr; // the payload as written
    if (te && te->kind == ast::TypeExp::Kind::Sum)
      for (const auto& [n, ps] : te->constructors)
        if (n == name && ps.size() == payload.size())
          written = &ps;
    std::vector<ir::EntryType> parts;
    for (size_t k = 0; k < payload.size(); ++k)
      parts.push_back(entryType(*payload[k], written ? (*written)[k].get() : nullptr, span));
    out.ctors.emplace_back(name, std::move(parts));
    std::vector<size_t> leaves;
    for (size_t slot : layout.ctorSlots[c])
      leaves.push_back(1 + slot);
    out.ctorLeaves.push_back(std::move(leaves));
  }
  return out;
}

const ast::TypeExp* typeExpOfParam(const ast::Pattern& p) {
  return p.kind == ast::Pattern::Kind::Ascribed ? p.typeExp.get() : nullptr;
}

std::string paramName(const ast::Pattern& p) {
  if (p.kind == ast::Pattern::Kind::Id)
    return p.name.base;
  if (p.kind == ast::Pattern::Kind::Ascribed && !p.elems.empty())
    return paramName(*p.elems[0]);
  return "arg";
}

/// Renames opaque types of different structure but the same name (see entryInterfaces).
void uniqueOpaqueNames(std::map<std::string, ir::EntryInterface>& interfaces) {
  std::map<std::string, std::vector<ir::EntryType>> seen; // name -> the types that had it
  std::function<void(ir::EntryType&)> visit = [&](ir::EntryType& t) {
    for (auto& f : t.fields)
      visit(f.second);
    for (auto& c : t.ctors)
      for (ir::EntryType& p : c.second)
        visit(p);
    if (t.kind == ir::EntryType::Kind::Leaf)
      return;
    std::vector<ir::EntryType>& same = seen[t.name];
    size_t i = 0;
    while (i < same.size() && !(same[i] == t))
      ++i;
    if (i == same.size())
      same.push_back(t);
    if (i > 0)
      t.name += "_" + std::to_string(i + 1);
  };
  for (auto& [name, iface] : interfaces) {
    for (ir::EntryType& t : iface.params)
      visit(t);
    for (ir::EntryType& t : iface.results)
      visit(t);
  }
}

} // namespace

std::map<std::string, ir::EntryInterface> entryInterfaces(const sema::CheckedProgram& checked) {
  std::map<std::string, ir::EntryInterface> out;
  for (const ast::Decl* d : checked.entryPoints) {
    try {
      out[d->name.base] = entryInterface(*d);
    } catch (const Unsupported&) {
      // The internaliser reports it; the entry point is not compiled.
    }
  }
  uniqueOpaqueNames(out);
  return out;
}

ir::EntryInterface entryInterface(const ast::Decl& d) {
  ir::EntryInterface out;
  for (const ast::PatternPtr& p : d.params) {
    out.paramNames.push_back(paramName(*p));
    out.params.push_back(entryType(*p->type, typeExpOfParam(*p), p->span));
  }
  TypeRef result = d.type;
  for (size_t i = 0; i < d.params.size(); ++i)
    result = result->result;
  const ast::TypeExp* rte = stripUnique(d.retTypeExp.get());
  bool named = !writtenName(rte).empty();
  if (result->kind == Type::Kind::Tuple && !named) {
    bool written = rte && rte->kind == ast::TypeExp::Kind::Tuple &&
                   rte->args.size() == result->elems.size();
    for (size_t i = 0; i < result->elems.size(); ++i)
      out.results.push_back(
          entryType(*result->elems[i], written ? rte->args[i].get() : nullptr, d.span));
  } else {
    out.results.push_back(entryType(*result, rte, d.span));
  }
  return out;
}

} // namespace fjord::internalise
