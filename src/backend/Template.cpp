// Instantiating templates/*.in (see Template.h): one scan over the text that copies plain
// text, fills placeholders and keeps or drops dialect sections.
#include "backend/Template.h"

#include "support/Diagnostics.h"

#include <algorithm>
#include <optional>

namespace fjord::backend {
namespace {

std::string_view sectionName(Dialect::Kind kind) {
  switch (kind) {
  case Dialect::Kind::Cuda: return "cuda";
  case Dialect::Kind::OpenCL: return "opencl";
  case Dialect::Kind::Host: return "host";
  }
  return "?";
}

bool isSection(std::string_view name) {
  return name == "cuda" || name == "opencl" || name == "host";
}

/// The Dialect fields a template may name, so that kernel-shaped text reads the same for
/// every dialect (`{{shared_space}}float tile[256];`, `{{barrier}};`).
std::optional<std::string_view> dialectField(const Dialect& d, std::string_view name) {
  const std::pair<std::string_view, std::string_view> fields[] = {
      {"kernel_qualifier", d.kernelQualifier}, {"global_space", d.globalSpace},
      {"shared_space", d.sharedSpace},         {"barrier", d.barrier},
      {"thread_id", d.threadId},               {"block_id", d.blockId},
      {"block_size", d.blockSize},             {"num_blocks", d.numBlocks},
      {"helper_qualifier", d.helperQualifier},
  };
  for (const auto& [field, value] : fields)
    if (field == name)
      return value;
  return std::nullopt;
}

bool isNameChar(char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_'; }

/// A tag `{{name}}`, `{{#name}}` or `{{/name}}` starting at `at`.
struct Tag {
  char sigil = 0; ///< '#', '/' or 0 for a placeholder
  std::string_view name;
  size_t end = 0; ///< just past the closing `}}`
};

/// The tag at `at` (which starts with `{{`), or nothing where the braces are plain text.
std::optional<Tag> tagAt(std::string_view text, size_t at) {
  Tag tag;
  size_t i = at + 2;
  if (i < text.size() && (text[i] == '#' || text[i] == '/'))
    tag.sigil = text[i++];
  size_t nameStart = i;
  bool startsName = i < text.size() && ((text[i] >= 'a' && text[i] <= 'z') || text[i] == '_');
  if (!startsName)
    return std::nullopt;
  while (i < text.size() && isNameChar(text[i]))
    ++i;
  if (text.substr(i, 2) != "}}")
    return std::nullopt;
  tag.name = text.substr(nameStart, i - nameStart);
  tag.end = i + 2;
  return tag;
}

bool isBlank(std::string_view s) {
  return std::all_of(s.begin(), s.end(), [](char c) { return c == ' ' || c == '\t'; });
}

} // namespace

std::string instantiateText(std::string_view text, std::string_view name, const Dialect& dialect,
                            const TemplateArgs& args) {
  auto fail = [&](const std::string& msg) {
    internalError("template " + std::string(name), msg);
  };
  std::string out;
  std::string_view open;                // the section we are in (empty: none)
  bool active = true;                   // whether text here is kept
  size_t copied = 0;                    // text before this is handled
  for (size_t at = text.find("{{"); at != std::string_view::npos; at = text.find("{{", at + 1)) {
    std::optional<Tag> tag = tagAt(text, at);
    if (!tag)
      continue;
    if (tag->sigil == 0) {
      if (active) {
        out += text.substr(copied, at - copied);
        auto arg = args.find(tag->name);
        std::optional<std::string_view> field = dialectField(dialect, tag->name);
        if (arg != args.end() && field)
          fail("argument `" + std::string(tag->name) + "` hides the dialect field of that name");
        if (arg == args.end() && !field)
          fail("no value for placeholder {{" + std::string(tag->name) + "}}");
        out += arg != args.end() ? std::string_view(arg->second) : *field;
      }
      copied = tag->end;
      at = tag->end - 1;
      continue;
    }
    std::string tagText(text.substr(at, tag->end - at));
    auto flag = args.find(tag->name);
    if (!isSection(tag->name) && flag == args.end())
      fail("unknown section " + tagText + " (sections: cuda, opencl, host, or a flag argument)");
    if (tag->sigil == '#' && !open.empty())
      fail(tagText + " inside section " + std::string(open) + " (sections do not nest)");
    if (tag->sigil == '/' && open != tag->name)
      fail(tagText + " closes no open section");
    // A tag alone on its line takes the line with it, so sections can wrap whole lines.
    size_t newlineBefore = text.rfind('\n', at);
    size_t lineStart = newlineBefore == std::string_view::npos ? 0 : newlineBefore + 1;
    size_t lineEnd = std::min(text.find('\n', tag->end), text.size());
    bool alone = lineStart >= copied && isBlank(text.substr(lineStart, at - lineStart)) &&
                 isBlank(text.substr(tag->end, lineEnd - tag->end));
    if (active)
      out += text.substr(copied, (alone ? lineStart : at) - copied);
    copied = alone ? std::min(lineEnd + 1, text.size()) : tag->end;
    at = copied - 1;
    if (tag->sigil == '#') {
      open = tag->name;
      active = isSection(tag->name) ? tag->name == sectionName(dialect.kind) : flag->second == "1";
    } else {
      open = {};
      active = true;
    }
  }
  if (!open.empty())
    fail("section " + std::string(open) + " is not closed");
  out += text.substr(copied);
  return out;
}

std::string instantiate(std::string_view name, const Dialect& dialect, const TemplateArgs& args) {
  const auto& files = embeddedTemplates();
  auto it =
      std::find_if(files.begin(), files.end(), [&](const auto& f) { return f.first == name; });
  if (it == files.end())
    internalError("backend", "no template " + std::string(name));
  return instantiateText(it->second, name, dialect, args);
}

} // namespace fjord::backend
