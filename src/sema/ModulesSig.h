// Private to the module pass (Modules.h): module types, and matching a module against one.
#pragma once
#include "sema/ModuleEnv.h"

#include <functional>

namespace fjord::sema::modules {

/// The module type `e` denotes in `scope`; null after reporting an unknown name.
SigRef evalSig(const ast::SigExp& e, const Env& scope, DiagnosticEngine& diags);

/// `mod : sig` (at `span`): reports every item of `sig` that `mod` lacks, naming the item
/// and where the module type requires it, and returns `mod` restricted to what `sig` names.
/// Declarations that let the checker compare the values' types with the `val`
/// specifications are appended to `checks` (named by `fresh`).
ModuleRef matchSig(const ModuleRef& mod, const Sig& sig, const SourceSpan& span,
                   DiagnosticEngine& diags, std::vector<ast::DeclPtr>& checks,
                   const std::function<std::string(const std::string&)>& fresh);

} // namespace fjord::sema::modules
