// Private to the module pass (Modules.h): module types, and matching a module against one.
#pragma once
#include "sema/ModuleEnv.h"

#include <algorithm>
#include <functional>

namespace fjord::sema::modules {

/// The module type `e` denotes in `scope`; null after reporting an unknown name.
SigRef evalSig(const ast::SigExp& e, const Env& scope, DiagnosticEngine& diags);

/// What the pass records of each flattened type's declaration.
struct TypeFacts {
  /// How lifted it is declared (`~`, `^`, or absent: not lifted).
  std::map<std::string, std::string> liftedness;
  /// Its size parameters that its definition uses in no array dimension of their own
  /// (`[n+m]` uses neither): an abstract type's must be used so (constructively).
  std::map<std::string, std::vector<std::string>> nonConstructive;
  /// Values with explicit type parameters: the most lifted of them (0 `'a`, 1 `'~a`,
  /// 2 `'^a`); a `val` spec may not quantify over more lifted types than that.
  std::map<std::string, int> typeParamLift;
};

/// The most lifted of `params` (TypeFacts::typeParamLift).
inline int typeParamLift(const std::vector<ast::TypeParam>& params) {
  int most = 0;
  for (const ast::TypeParam& tp : params)
    most = std::max(most, tp.kind == ast::TypeParam::Kind::Lifted       ? 2
                          : tp.kind == ast::TypeParam::Kind::SizeLifted ? 1
                                                                        : 0);
  return most;
}

/// `mod : sig` (at `span`): returns `mod` restricted to what `sig` names, or null after
/// reporting an item `mod` lacks (naming it and where the module type specifies it).
/// `outerTypes`: the types of the modules whose module types enclose `sig` (sealed);
/// `outerHaveTypes`: the same as those modules define them (for `type t = u` specs).
/// Declarations that let the checker compare the values' types with the `val`
/// specifications are appended to `checks` (named by `fresh`). A non-empty `sealPath` (the
/// module's path as written, `M`) seals the module: its abstract types become types of
/// their own, declared in `checks`, and its values are seen through those declarations
/// (Note [Abstract types] in Modules.h). A type may be at most as lifted as its spec
/// (`facts`: the module's types' declarations).
ModuleRef matchSig(const ModuleRef& mod, const Sig& sig, const SourceSpan& span,
                   DiagnosticEngine& diags, std::vector<ast::DeclPtr>& checks,
                   const std::function<std::string(const std::string&)>& fresh,
                   const TypeFacts& facts, const std::string& sealPath,
                   const Env& outerTypes = {},
                   const Env& outerHaveTypes = {});

} // namespace fjord::sema::modules
