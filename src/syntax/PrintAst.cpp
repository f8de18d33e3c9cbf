// S-expression printing of the AST (see PrintAst.h).
#include "syntax/PrintAst.h"

namespace fjord::ast {

namespace {

std::string orNull(const ExprPtr& e) { return e ? printExpr(*e) : "_"; }

std::string printIndices(const std::vector<DimIndex>& indices) {
  std::string s = "[";
  for (size_t i = 0; i < indices.size(); ++i) {
    const DimIndex& d = indices[i];
    s += i ? ", " : "";
    if (!d.isSlice) {
      s += printExpr(*d.index);
      continue;
    }
    s += (d.start ? printExpr(*d.start) : "") + ":" + (d.end ? printExpr(*d.end) : "");
    if (d.stride)
      s += ":" + printExpr(*d.stride);
  }
  return s + "]";
}

/// `o + {(n1 : s1), ...}` of a FlatIndex / FlatUpdate.
std::string printLmadSlice(const Expr& e) {
  size_t k = flatLmadStart(e);
  std::string s = orNull(e.elems[k]) + " + {";
  for (size_t d = 0; d < flatLmadRank(e); ++d)
    s += (d ? ", (" : "(") + orNull(e.elems[k + 1 + 2 * d]) + " : " +
         orNull(e.elems[k + 2 + 2 * d]) + ")";
  return s + "}";
}

/// " a b c" for the given expressions (null ones print as `_`).
std::string printArgs(const std::vector<ExprPtr>& elems, size_t from = 0) {
  std::string s;
  for (size_t i = from; i < elems.size(); ++i)
    s += " " + orNull(elems[i]);
  return s;
}

std::string printParams(const std::vector<PatternPtr>& params) {
  std::string s = "(";
  for (size_t i = 0; i < params.size(); ++i)
    s += (i ? " " : "") + printPattern(*params[i]);
  return s + ")";
}

std::string joinPath(const std::vector<std::string>& path) {
  std::string s;
  for (size_t i = 0; i < path.size(); ++i)
    s += (i ? "." : "") + path[i];
  return s;
}

std::string printLoopForm(const LoopForm& f) {
  switch (f.kind) {
  case LoopForm::Kind::For:
    return "(for " + f.iterator.str() + " < " + printExpr(*f.bound) + ")";
  case LoopForm::Kind::ForIn:
    return "(for " + printPattern(*f.element) + " in " + printExpr(*f.bound) + ")";
  case LoopForm::Kind::While:
    return "(while " + printExpr(*f.bound) + ")";
  }
  return "?";
}

/// An argument of a type application or constructor: parenthesised unless atomic.
std::string typeArg(const TypeExp& t) {
  bool atomic = (t.kind == TypeExp::Kind::Named && t.args.empty()) ||
                t.kind == TypeExp::Kind::Tuple || t.kind == TypeExp::Kind::Record ||
                (t.kind == TypeExp::Kind::Array && t.args.empty());
  return atomic ? printTypeExp(t) : "(" + printTypeExp(t) + ")";
}

std::string printTypeParam(const TypeParam& tp) {
  switch (tp.kind) {
  case TypeParam::Kind::Size: return "[" + tp.name + "]";
  case TypeParam::Kind::Type: return "'" + tp.name;
  case TypeParam::Kind::SizeLifted: return "'~" + tp.name;
  case TypeParam::Kind::Lifted: return "'^" + tp.name;
  }
  return "?";
}

} // namespace

std::string printExpr(const Expr& e) {
  using K = Expr::Kind;
  switch (e.kind) {
  case K::IntLit:
  case K::FloatLit:
  case K::CharLit:
  case K::BoolLit:
    return e.text;
  case K::StringLit: {
    std::string s = "\"";
    for (char c : e.text)
      s += c == '"' || c == '\\' ? std::string("\\") + c : c == '\n' ? "\\n" : std::string(1, c);
    return s + "\"";
  }
  case K::Hole:
    return "???";
  case K::Var:
    return e.name.str();
  case K::Tuple:
    return "(tuple" + printArgs(e.elems) + ")";
  case K::Record: {
    std::string s = "(record";
    for (const auto& [name, value] : e.fields)
      s += value ? " (" + name + " " + printExpr(*value) + ")" : " " + name;
    return s + ")";
  }
  case K::ArrayLit:
    return "(array" + printArgs(e.elems) + ")";
  case K::Range: {
    const char* op = e.rangeKind == Expr::RangeKind::UpToExclusive     ? "..<"
                     : e.rangeKind == Expr::RangeKind::DownToExclusive ? "..>"
                                                                       : "..";
    if (e.rangeHasStep)
      return "(range " + orNull(e.elems[0]) + " " + orNull(e.elems[1]) + " " + op + " " +
             orNull(e.elems[2]) + ")";
    return "(range " + orNull(e.elems[0]) + " " + op + " " + orNull(e.elems[1]) + ")";
  }
  case K::Project:
    return "(. " + orNull(e.elems[0]) + " " + e.field + ")";
  case K::Index:
    return "(index " + orNull(e.elems[0]) + " " + printIndices(e.indices) + ")";
  case K::Apply:
    return "(apply" + printArgs(e.elems) + ")";
  case K::BinOp:
    return "(" + e.name.str() + printArgs(e.elems) + ")";
  case K::Negate:
    return "(neg " + orNull(e.elems[0]) + ")";
  case K::Not:
    return "(not " + orNull(e.elems[0]) + ")";
  case K::Lambda:
    return "(lambda " + printParams(e.params) +
           (e.retTypeExp ? " : " + printTypeExp(*e.retTypeExp) : "") + printArgs(e.elems) + ")";
  case K::OpSection:
    return "(section " + e.name.str() + printArgs(e.elems) + ")";
  case K::FieldSection:
    return "(field-section " + joinPath(e.fieldPath) + ")";
  case K::IndexSection:
    return "(index-section " + printIndices(e.indices) + ")";
  case K::LetIn:
    return "(let " + printPattern(*e.pattern) + printArgs(e.elems) + ")";
  case K::LetFun:
    return "(letfun " + e.name.str() + " " + printParams(e.params) +
           (e.retTypeExp ? " : " + printTypeExp(*e.retTypeExp) : "") + printArgs(e.elems) + ")";
  case K::LetWith:
    return "(letwith " + e.name.str() + " " + printIndices(e.indices) + printArgs(e.elems) + ")";
  case K::Update:
    return "(update " + orNull(e.elems[0]) + " " + printIndices(e.indices) + " " +
           orNull(e.elems[1]) + ")";
  case K::FlatIndex:
    return "(flat-index " + orNull(e.elems[0]) + " " + printLmadSlice(e) + ")";
  case K::FlatUpdate:
    return "(flat-update " + orNull(e.elems[0]) + " " + printLmadSlice(e) + " " +
           orNull(e.elems[1]) + ")";
  case K::RecordUpdate:
    return "(update " + orNull(e.elems[0]) + " " + joinPath(e.fieldPath) + " " +
           orNull(e.elems[1]) + ")";
  case K::If:
    return "(if" + printArgs(e.elems) + ")";
  case K::Match: {
    std::string s = "(match " + orNull(e.elems[0]);
    for (const MatchCase& c : e.cases)
      s += " (case " + printPattern(*c.pattern) + " " + orNull(c.body) + ")";
    return s + ")";
  }
  case K::Loop:
    return "(loop " + printPattern(*e.pattern) + " " + orNull(e.elems[0]) + " " +
           printLoopForm(e.loopForm) + " " + orNull(e.elems[1]) + ")";
  case K::Ascribe:
    return "(: " + orNull(e.elems[0]) + " " + printTypeExp(*e.typeExp) + ")";
  case K::Coerce:
    return "(:> " + orNull(e.elems[0]) + " " + printTypeExp(*e.typeExp) + ")";
  case K::Assert:
    return "(assert" + printArgs(e.elems) + ")";
  case K::Constructor:
    return e.elems.empty() ? "#" + e.name.base : "(#" + e.name.base + printArgs(e.elems) + ")";
  case K::Attributed: {
    std::string s = "(attr";
    for (const Attribute& a : e.attrs)
      s += " #[" + a.text + "]";
    return s + printArgs(e.elems) + ")";
  }
  }
  return "?";
}

std::string printPattern(const Pattern& p) {
  using K = Pattern::Kind;
  switch (p.kind) {
  case K::Id:
    return p.name.base;
  case K::Wildcard:
    return "_";
  case K::Tuple: {
    std::string s = "(";
    for (size_t i = 0; i < p.elems.size(); ++i)
      s += (i ? ", " : "") + printPattern(*p.elems[i]);
    return s + ")";
  }
  case K::Record: {
    std::string s = "{";
    for (size_t i = 0; i < p.fields.size(); ++i)
      s += (i ? ", " : "") + p.fields[i].first + " = " + printPattern(*p.fields[i].second);
    return s + "}";
  }
  case K::Ascribed:
    return "(" + printPattern(*p.elems[0]) + " : " + printTypeExp(*p.typeExp) + ")";
  case K::Literal:
    return p.literal ? p.literal->text : "?";
  case K::Constructor: {
    std::string s = "#" + p.name.base;
    for (const PatternPtr& e : p.elems)
      s += " " + printPattern(*e);
    return p.elems.empty() ? s : "(" + s + ")";
  }
  }
  return "?";
}

std::string printTypeExp(const TypeExp& t) {
  using K = TypeExp::Kind;
  switch (t.kind) {
  case K::Named: {
    std::string s = t.name.str();
    for (const TypeExpPtr& a : t.args)
      s += " " + typeArg(*a);
    return s;
  }
  case K::Array: {
    std::string dim = t.dimName ? *t.dimName : t.dimConst ? std::to_string(*t.dimConst) : "";
    if (t.args.empty())
      return "[" + dim + "]"; // a size argument
    const TypeExp& elem = *t.args[0];
    return "[" + dim + "]" + (elem.kind == K::Array ? printTypeExp(elem) : typeArg(elem));
  }
  case K::Tuple: {
    std::string s = "(";
    for (size_t i = 0; i < t.args.size(); ++i)
      s += (i ? ", " : "") + printTypeExp(*t.args[i]);
    return s + ")";
  }
  case K::Record: {
    std::string s = "{";
    for (size_t i = 0; i < t.fields.size(); ++i)
      s += (i ? ", " : "") + t.fields[i].first + ": " + printTypeExp(*t.fields[i].second);
    return s + "}";
  }
  case K::Sum: {
    std::string s;
    for (size_t i = 0; i < t.constructors.size(); ++i) {
      s += (i ? " | #" : "#") + t.constructors[i].first;
      for (const TypeExpPtr& a : t.constructors[i].second)
        s += " " + typeArg(*a);
    }
    return s;
  }
  case K::Function: {
    std::string param = t.paramName.empty()
                            ? typeArg(*t.args[0])
                            : "(" + t.paramName + ": " + printTypeExp(*t.args[0]) + ")";
    return param + " -> " + printTypeExp(*t.args[1]);
  }
  case K::Unique:
    return "*" + (t.args[0]->kind == K::Array ? printTypeExp(*t.args[0]) : typeArg(*t.args[0]));
  case K::Existential: {
    std::string s = "?";
    for (const std::string& n : t.existentials)
      s += "[" + n + "]";
    return s + "." + printTypeExp(*t.args[0]);
  }
  }
  return "?";
}

std::string printDecl(const Decl& d) {
  std::string attrs;
  for (const Attribute& a : d.attrs)
    attrs += "#[" + a.text + "] ";
  switch (d.kind) {
  case Decl::Kind::Value: {
    std::string s = attrs + (d.isEntry ? "entry " : "def ") + d.name.str();
    for (const TypeParam& tp : d.typeParams)
      s += " " + printTypeParam(tp);
    for (const PatternPtr& p : d.params)
      s += " " + printPattern(*p);
    if (d.retTypeExp)
      s += " : " + printTypeExp(*d.retTypeExp);
    return s + " = " + (d.body ? printExpr(*d.body) : "?");
  }
  case Decl::Kind::Type: {
    std::string s = attrs + "type" + d.liftedness + " " + d.name.str();
    for (const TypeParam& tp : d.typeParams)
      s += " " + printTypeParam(tp);
    return s + " = " + printTypeExp(*d.retTypeExp);
  }
  case Decl::Kind::Import:
    return attrs + "import \"" + d.path + "\"";
  case Decl::Kind::Open:
    return attrs + "open " + (d.path.empty() ? d.name.str() : "import \"" + d.path + "\"");
  case Decl::Kind::Local:
    return attrs + "local " + (d.inner ? printDecl(*d.inner) : "?");
  case Decl::Kind::Module:
    return attrs + "module ...";
  }
  return "?";
}

std::string printProgram(const Program& p) {
  std::string s;
  for (const DeclPtr& d : p.decls)
    s += printDecl(*d) + "\n";
  return s;
}

} // namespace fjord::ast
