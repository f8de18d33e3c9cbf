// The fixed text of generated files: templates/*.in, embedded into the compiler at build time
// (cmake/EmbedFiles.cmake) and instantiated here for one Dialect with named placeholders.
// The syntax, kept deliberately small (templates/README.md has the full description):
//
//   {{name}}              the value of `name` from the arguments, or a Dialect field
//                         (`kernel_qualifier`, `barrier`, ...: see dialectField in Template.cpp)
//   {{#cuda}}..{{/cuda}}  text kept only for that dialect (`cuda`, `opencl`, `host`); a tag
//                         alone on its line takes the whole line with it; no nesting
//   {{#flag}}..{{/flag}}  text kept only when the argument `flag` is "1" (same rules)
//
// Any other `{{` is plain text. A placeholder with no value, an unknown section and a
// malformed section are internal errors (the template and the code that fills it disagree).
#pragma once
#include "backend/Dialect.h"

#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace fjord::backend {

/// Placeholder values by name. Arguments a template does not use are allowed, so one map can
/// serve the several templates of a file.
using TemplateArgs = std::map<std::string, std::string, std::less<>>;

/// Template file `name` (e.g. "main.cpp.in") instantiated for `dialect` with `args`.
std::string instantiate(std::string_view name, const Dialect& dialect, const TemplateArgs& args);

/// Template text `text` instantiated likewise; `name` says which template in errors.
std::string instantiateText(std::string_view text, std::string_view name, const Dialect& dialect,
                            const TemplateArgs& args);

/// Every template as (file name, contents), sorted by name (generated from templates/*.in).
const std::vector<std::pair<std::string, std::string>>& embeddedTemplates();

} // namespace fjord::backend
