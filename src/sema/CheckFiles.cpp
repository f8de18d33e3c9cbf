// Files as modules: which names of one user file another one sees (Note [Files as modules]
// in Check.h). The driver loads imported files first (driver/LoadFiles.h), so every import
// names a file that has already been checked.
#include "sema/Checker.h"

namespace fjord::sema {

void Checker::beginFile(bool isMain) {
  if (!preludeMarks_)
    preludeMarks_ = {valueMark(), typeMark()};
  inMainFile_ = isMain;
  inLocal_ = false;
  current_ = FileExports{};
}

void Checker::endFile(const ast::Program& file) {
  exports_[file.file->path] = std::move(current_);
  current_ = FileExports{};
  popValues(preludeMarks_->first);
  popTypes(preludeMarks_->second);
}

void Checker::exportSince(size_t valueMark, size_t typeMark) {
  if (inLocal_ || inPrelude_)
    return;
  current_.values.insert(current_.values.end(), values_.begin() + valueMark, values_.end());
  current_.types.insert(current_.types.end(), types_.begin() + typeMark, types_.end());
}

void Checker::checkImport(ast::Decl& d, bool reexport) {
  auto it = exports_.find(d.resolvedPath);
  FJORD_CHECK(it != exports_.end(), "import of `" + d.path + "` was not loaded before its importer");
  const FileExports& imported = it->second;
  size_t vmark = valueMark(), tmark = typeMark();
  values_.insert(values_.end(), imported.values.begin(), imported.values.end());
  types_.insert(types_.end(), imported.types.begin(), imported.types.end());
  if (reexport)
    exportSince(vmark, tmark);
}

} // namespace fjord::sema
