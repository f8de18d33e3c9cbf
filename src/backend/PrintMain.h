// prog_main.cpp: the command-line driver of generated executables (`--executable`).
#pragma once
#include "backend/Api.h"

#include <string>

namespace fjord::backend {

/// A `main` over the C API of module `prefix` (declared in `<stem>.h`) that reads arguments in Futhark's data format
/// and prints results (see runtime/fjord_runtime_data.h).
std::string printMain(const imp::Program& prog, const std::string& prefix,
                      const std::string& stem, const EntryInterfaces& interfaces);

} // namespace fjord::backend
