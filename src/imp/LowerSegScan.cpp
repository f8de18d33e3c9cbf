// SegScan on the GPU: not supported yet (reported with the statement's location).
#include "imp/Lowering.h"

namespace fjord::imp::detail {

void lowerSegScan(HostLowerer& host, const ir::Stm& stm, const ir::SegOp&, Block&) {
  host.unsupported(stm, "scan on the GPU");
}

} // namespace fjord::imp::detail
