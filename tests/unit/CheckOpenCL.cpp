// LibTooling glue (see CheckOpenCL.h): a syntax-only Clang run over an in-memory file, with
// diagnostics captured as text. The only test code that includes Clang (the unit tests link
// libclang-cpp for it; the compiler itself links only libFormat).
#include "CheckOpenCL.h"

#include "backend/RuntimeFiles.h"

#include <clang/Basic/DiagnosticOptions.h>
#include <clang/Basic/FileManager.h>
#include <clang/Frontend/FrontendActions.h>
#include <clang/Frontend/TextDiagnosticPrinter.h>
#include <clang/Tooling/Tooling.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/VirtualFileSystem.h>
#include <llvm/Support/raw_ostream.h>

#include <memory>
#include <vector>

namespace fjord::testutil {

std::string checkOpenCL(const std::string& source, const std::string& fileName) {
  auto overlay = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(
      llvm::vfs::getRealFileSystem());
  auto memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  overlay->pushOverlay(memory);
  // As the runtime builds it: after the kernel prelude, lines counted from the .cl's start.
  std::string program = backend::openclKernelPrelude() + "#line 1 \"" + fileName + "\"\n" + source;
  memory->addFile(fileName, 0, llvm::MemoryBuffer::getMemBufferCopy(program));
  auto files = llvm::makeIntrusiveRefCnt<clang::FileManager>(clang::FileSystemOptions(), overlay);

  // The resource directory holds opencl-c.h; without it Clang looks next to the executable.
  // argv[0] must not contain "cl": the driver would switch to clang-cl mode.
  std::vector<std::string> args{"clang",
                                "-fsyntax-only",
                                "-x",
                                "cl",
                                "-cl-std=CL1.2",
                                "-Xclang",
                                "-finclude-default-header",
                                "-Wall",
                                "-resource-dir=" FJORD_CLANG_RESOURCE_DIR,
                                fileName};
  clang::tooling::ToolInvocation invocation(args, std::make_unique<clang::SyntaxOnlyAction>(),
                                            files.get());
  std::string text;
  llvm::raw_string_ostream os(text);
  auto options = llvm::makeIntrusiveRefCnt<clang::DiagnosticOptions>();
  clang::TextDiagnosticPrinter printer(os, options.get());
  invocation.setDiagnosticConsumer(&printer);
  bool ok = invocation.run();
  os.flush();
  if (!ok && text.empty())
    text = "clang could not run on " + fileName + "\n";
  return text;
}

} // namespace fjord::testutil
