// The module language's part of the AST (Ast.h): module expressions, module types and
// their specifications. Kept apart from Ast.h because only the parser and the
// defunctorising pass (sema/Modules.h) see it: that pass flattens every module into
// ordinary top-level declarations before type checking, so no later stage meets these.
#pragma once
#include "syntax/Ast.h"

#include <memory>
#include <string>
#include <vector>

namespace fjord::ast {

struct ModExp;
struct SigExp;
using ModExpPtr = std::shared_ptr<ModExp>;
using SigExpPtr = std::shared_ptr<SigExp>;

/// One specification of a module type.
struct Spec {
  enum class Kind {
    Val,     ///< `val f 'a [n] : t`: name, typeParams, type
    Type,    ///< `type t 'a` (abstract) or `type t 'a = u` (type set): name, typeParams, type
    Module,  ///< `module N : S`: name, sig
    Include, ///< `include S`: sig
  };
  Kind kind = Kind::Val;
  SourceSpan span;
  Name name;
  std::vector<TypeParam> typeParams;
  TypeExpPtr type;        ///< Val: the type; Type: the definition, or null when abstract
  std::string liftedness; ///< Type: "", "^", "~"
  SigExpPtr sig;          ///< Module, Include
};

/// A module type expression.
struct SigExp {
  enum class Kind {
    Name,    ///< `S`, `M.S`: name
    Specs,   ///< `{ specs }`
    With,    ///< `S with t 'a = u`: inner, withName, withParams, withType
    Functor, ///< `(P: S) -> R` or `S -> R`: paramName (maybe empty), param, inner (result)
  };
  Kind kind = Kind::Name;
  SourceSpan span;
  Name name;
  std::vector<Spec> specs;
  SigExpPtr inner;
  Name withName;
  std::vector<TypeParam> withParams;
  TypeExpPtr withType;
  std::string paramName;
  SigExpPtr param;
};

/// A functor's parameter `(P: S)`.
struct ModParam {
  std::string name;
  SigExpPtr sig;
  SourceSpan span;
};

/// A module expression.
struct ModExp {
  enum class Kind {
    Name,    ///< `M`, `M.N`: name
    Struct,  ///< `{ decls }`
    Apply,   ///< `F A`: fn, arg
    Ascribe, ///< `M : S`: fn (the module), sig
    Import,  ///< `import "path"`: path, resolvedPath (set by the driver's loader)
    Lambda,  ///< `\(P: S) : R -> body`: params, sig (maybe null), fn (the body)
  };
  Kind kind = Kind::Name;
  SourceSpan span;
  Name name;
  std::vector<DeclPtr> decls;
  ModExpPtr fn, arg;
  SigExpPtr sig;
  std::string path, resolvedPath;
  std::vector<ModParam> params;
};

/// The payload of Decl::Kind::Module.
struct ModuleDecl {
  enum class Kind {
    Bind,    ///< `module M (P: S)... : R = body`: name, params, sig (maybe null), body
    Type,    ///< `module type S = sig`: name, sig
    Include, ///< `include M`: body
    Open,    ///< `open M` (not `open import`): body
  };
  Kind kind = Kind::Bind;
  Name name;
  std::vector<ModParam> params;
  SigExpPtr sig;
  ModExpPtr body;
};

} // namespace fjord::ast
