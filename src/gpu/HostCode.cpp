// The host-code walk of kernel extraction: rebuilds a body bottom-up through `if`s, loops and
// host-level streams (see HostCode.h).
#include "gpu/HostCode.h"

namespace fjord::gpu {

using namespace ir;

Body rewriteHostCode(const Body& b, const std::function<void(Stm, std::vector<Stm>&)>& rewrite) {
  Body out;
  out.result = b.result;
  for (Stm s : b.stms) {
    if (auto* e = std::get_if<If>(&s.exp)) {
      e->thenBody = rewriteHostCode(e->thenBody, rewrite);
      e->elseBody = rewriteHostCode(e->elseBody, rewrite);
    } else if (auto* e = std::get_if<Loop>(&s.exp)) {
      e->body = rewriteHostCode(e->body, rewrite);
    } else if (auto* op = std::get_if<Op>(&s.exp)) {
      auto* soac = std::get_if<Soac>(op);
      if (auto* stream = soac ? std::get_if<Stream>(soac) : nullptr)
        stream->fn.body = rewriteHostCode(stream->fn.body, rewrite);
    }
    rewrite(std::move(s), out.stms);
  }
  return out;
}

} // namespace fjord::gpu
