// Private to the module pass (Modules.h): what names denote while modules are flattened,
// and the renaming copy of declarations (ModulesRename.cpp).
#pragma once
#include "support/Diagnostics.h"
#include "syntax/ModuleAst.h"

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace fjord::sema::modules {

struct Module;
struct Sig;
using ModuleRef = std::shared_ptr<const Module>;
using SigRef = std::shared_ptr<const Sig>;

/// The names in scope (or the members of a module): each source name maps to what it
/// denotes after flattening.
struct Env {
  std::map<std::string, ast::Name> values; ///< `x` -> the unique top-level name (or `i32.abs`)
  std::map<std::string, ast::Name> types;  ///< `t` -> the unique type name (or `i32`)
  std::map<std::string, ModuleRef> modules;
  std::map<std::string, SigRef> sigs;
  std::vector<PrimType> openedPrims; ///< built-in modules opened, innermost last

  /// Adds every name of `other`, shadowing.
  void merge(const Env& other);
};

/// A functor: its parameters not yet applied, its result type, its body and its scope.
struct Functor {
  std::vector<ast::ModParam> params;
  ast::SigExpPtr resultSig;
  ast::ModExpPtr body;
  Env closure;
  /// Its body failed the check against its parameters' module types (Note [Sealed functor
  /// parameters] in Modules.h): applications would only repeat the errors.
  bool rejected = false;
};

/// What a module name denotes.
struct Module {
  enum class Kind { Struct, Prim, Functor };
  Kind kind = Kind::Struct;
  Env members;                      ///< Struct
  PrimType prim{};                  ///< Prim: a built-in numeric module
  std::shared_ptr<Functor> functor; ///< Functor
  SourceSpan span;                  ///< where it is defined
};

/// A module type, as far as the pass needs it: the names it requires.
struct Sig {
  struct Item {
    std::string name;
    SourceSpan span;
    const ast::Spec* spec = nullptr; ///< Val and Type items
    bool abstract = false;           ///< a type without definition
    SigRef sig;                      ///< module items
    Env scope; ///< Val and Type items: the names where the spec (or `with`) was written
    /// Type items: the definition (`type t 'a = u`, or `with t 'a = u`) and its parameters.
    const ast::TypeExp* definition = nullptr;
    std::vector<ast::TypeParam> params;
  };
  std::vector<Item> vals, types, modules;
  bool functor = false; ///< a functor's type: not checked member by member
};

/// Reports each name defined twice in `decls` (one file or module body) or `specs` (one
/// module type), as Futhark does (ModulesDuplicates.cpp).
void reportDuplicateDecls(const std::vector<ast::DeclPtr>& decls, DiagnosticEngine& diags);
void reportDuplicateSpecs(const std::vector<ast::Spec>& specs, DiagnosticEngine& diags);

/// `M.N`: a module path as written.
std::string dotted(const std::vector<std::string>& path);

/// Member lookup of built-in numeric modules (`i32.abs`, `f64.+`).
bool primHasValue(PrimType prim, const std::string& name);

/// Copies AST with every free name resolved through an Env (ModulesRename.cpp). Names bound
/// inside the copied code (parameters, `let`s, type parameters) are left alone.
class Renamer {
public:
  Renamer(const Env& env, DiagnosticEngine& diags) : env_(&env), diags_(diags) {}

  ast::ExprPtr expr(const ast::Expr& e);
  ast::PatternPtr pattern(const ast::Pattern& p); ///< binds the pattern's names afterwards
  ast::TypeExpPtr type(const ast::TypeExp& t);
  ast::TypeExpPtr typeOrNull(const ast::TypeExp* t) { return t ? type(*t) : nullptr; }
  /// Binds type parameters (sizes as values, types as types).
  void bindTypeParams(const std::vector<ast::TypeParam>& params);
  void bindValue(const std::string& name) { localValues_.push_back(name); }
  void bindType(const std::string& name) { localTypes_.push_back(name); }

  /// The module a qualified path names (`M.N`), or null after reporting it.
  ModuleRef modulePath(const std::vector<std::string>& path, const SourceSpan& span);
  ast::Name valueName(const ast::Name& n);
  ast::Name typeName(const ast::Name& n);

private:
  bool isLocalValue(const std::string& n) const;
  bool isLocalType(const std::string& n) const;
  ast::ExprPtr exprChild(const ast::ExprPtr& e) { return e ? expr(*e) : nullptr; }
  ast::DimIndex dimIndex(const ast::DimIndex& d);
  /// `M.N.x` written as field accesses: the resolved variable, or null if `e` is not one.
  ast::ExprPtr qualifiedAccess(const ast::Expr& e);
  ast::ExprPtr openIn(const ast::Expr& e);

  const Env* env_;
  DiagnosticEngine& diags_;
  std::vector<std::string> localValues_, localTypes_;
};

} // namespace fjord::sema::modules
