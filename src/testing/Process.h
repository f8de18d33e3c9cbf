// Running a child process through the shell with files for stdin/stdout/stderr and a time
// limit (used by `fjord test` to build and run generated code).
#pragma once
#include <string>

namespace fjord::testing {

/// Quotes `s` for a POSIX shell.
std::string shellQuote(const std::string& s);

/// Runs `command` (a shell command line) with a time limit in seconds; returns its exit
/// status, 124 on timeout, or -1 if it could not be started.
int runShell(const std::string& command, int timeoutSeconds = 600);

std::string readWholeFile(const std::string& path);
bool writeWholeFile(const std::string& path, const std::string& contents);

} // namespace fjord::testing
