// Specialising an Imp program for one target: folds forward_progress() (Note
// [Cross-block communication in Imp]) and drops what only the branch not taken used.
#pragma once
#include "imp/Imp.h"

namespace fjord::imp {

/// `prog` with every `if (forward_progress())` replaced by the branch the target takes
/// (`then` when `forwardProgress`, else the `else` branch), the kernels no longer launched
/// removed, and the tuning parameters only the dropped branches read removed.
Program selectTarget(const Program& prog, bool forwardProgress);

} // namespace fjord::imp
