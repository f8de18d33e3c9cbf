// Duplicate definitions in one declaration list (a file, a module's `{ ... }`) or in one
// module type's specifications, which Futhark rejects before checking anything else: a
// later definition does not shadow an earlier one of the same name and namespace (values
// and modules share one namespace, types and module types have their own). `local`
// declarations, `open`, `include` and `import` are not counted, as in Futhark.
#include "sema/ModuleEnv.h"

#include <map>
#include <utility>

namespace fjord::sema::modules {
namespace {

/// The namespaces of Futhark's names, as its message words them.
enum class Space { Name, Type, ModuleType };

const char* spaceWord(Space s) {
  switch (s) {
  case Space::Name:
    return "";
  case Space::Type:
    return "type ";
  case Space::ModuleType:
    return "module type ";
  }
  return "";
}

/// Remembers the first definition of each name; reports a second one at its place.
class FirstDefinitions {
public:
  explicit FirstDefinitions(DiagnosticEngine& diags) : diags_(diags) {}

  void define(Space space, const ast::Name& name, const SourceSpan& where) {
    const SourceSpan& at = name.span.known() ? name.span : where;
    auto [it, fresh] = first_.emplace(std::make_pair(space, name.base), at);
    if (fresh)
      return;
    diags_.error(at, std::string("duplicate definition of ") + spaceWord(space) + "`" +
                         name.base + "`")
        .note(it->second, "`" + name.base + "` is first defined here");
  }

private:
  DiagnosticEngine& diags_;
  std::map<std::pair<Space, std::string>, SourceSpan> first_;
};

} // namespace

void reportDuplicateDecls(const std::vector<ast::DeclPtr>& decls, DiagnosticEngine& diags) {
  using DK = ast::Decl::Kind;
  using MK = ast::ModuleDecl::Kind;
  FirstDefinitions seen(diags);
  for (const ast::DeclPtr& d : decls) {
    if (d->kind == DK::Value)
      seen.define(Space::Name, d->name, d->span);
    else if (d->kind == DK::Type)
      seen.define(Space::Type, d->name, d->span);
    else if (d->kind == DK::Module && d->module->kind == MK::Bind)
      seen.define(Space::Name, d->module->name, d->span);
    else if (d->kind == DK::Module && d->module->kind == MK::Type)
      seen.define(Space::ModuleType, d->module->name, d->span);
  }
}

void reportDuplicateSpecs(const std::vector<ast::Spec>& specs, DiagnosticEngine& diags) {
  using SK = ast::Spec::Kind;
  FirstDefinitions seen(diags);
  for (const ast::Spec& s : specs) {
    if (s.kind == SK::Val || s.kind == SK::Module)
      seen.define(Space::Name, s.name, s.span);
    else if (s.kind == SK::Type)
      seen.define(Space::Type, s.name, s.span);
  }
}

} // namespace fjord::sema::modules
