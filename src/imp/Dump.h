// A plain-text dump of the imperative IR, for debugging and structural tests (the CUDA and
// OpenCL printers live in backend/). Deterministic; C-like but not meant to compile.
#pragma once
#include "imp/Imp.h"

#include <string>

namespace fjord::imp {

std::string dump(const Exp& e);
std::string dump(const Kernel& k);
std::string dump(const Function& f);
/// Tuning parameters, kernels, then functions.
std::string dump(const Program& p);

} // namespace fjord::imp
