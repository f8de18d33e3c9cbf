// Loading the user's files: the file given on the command line and, transitively, the files
// it imports (`import "path"`, `open import "path"`, also under `local`).
//
// An import's path is relative to the importing file's folder and names a file without its
// `.fut` suffix (`import "lib/vec"` in `a/main.fut` loads `a/lib/vec.fut`). Each file is
// loaded once however often it is imported (files are identified by their canonical path),
// and an import cycle is an error at the import that closes it. Which names an import makes
// visible is the type checker's business (sema/Check.h, Note [Files as modules]).
#pragma once
#include "support/Diagnostics.h"
#include "syntax/Ast.h"

#include <string>
#include <vector>

namespace fjord::driver {

/// Parses the user's file (`path`, with contents `text`) and the files it imports, and
/// appends them to `files` in dependency order: every file after the files it imports, the
/// user's file last. Sets Decl::resolvedPath of every import to the imported file's path.
/// Reports unreadable files, import cycles and syntax errors at the import that caused them;
/// returns false when any was reported. Each file's SourceFile::cited is its path relative to
/// `citeRoot` (Note [Cited paths]).
bool loadUserFiles(const std::string& path, const std::string& text,
                   std::vector<ast::Program>& files, DiagnosticEngine& diags,
                   const std::string& citeRoot);

/// The directory cited paths are relative to: `sourceRoot`, or else the directory of the
/// program `path`.
std::string citeRootFor(const std::string& path, const std::string& sourceRoot);

} // namespace fjord::driver
