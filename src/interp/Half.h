// IEEE binary16 (f16) bit patterns <-> the interpreter's float values (support/Half.h). The
// interpreter keeps an f16 in a double holding an exact binary16 value: every result is
// rounded to f16 by PrimValue::floating.
#pragma once
#include "support/Half.h"

namespace fjord::interp {

using fjord::doubleToHalf;
using fjord::halfToDouble;

} // namespace fjord::interp
