// Simplification rules for SOAC statements (see SimplifySoac.h).
#include "opt/SimplifySoac.h"
#include "ir/TypeOf.h"

namespace fjord::opt::detail {

using namespace ir;

namespace {

Stm bind(const PatElem& pe, BasicOp op, const Provenance& prov) {
  return Stm{{pe}, Exp{std::move(op)}, prov};
}

} // namespace

std::optional<std::vector<Stm>> emptyScrema(const Stm& s) {
  auto* op = std::get_if<Op>(&s.exp);
  auto* soac = op ? std::get_if<Soac>(op) : nullptr;
  auto* sc = soac ? std::get_if<Screma>(soac) : nullptr;
  if (!sc || sc->width.isVar() || sc->width.constant().i != 0)
    return std::nullopt;
  size_t nScan = 0;
  for (const RedOp& r : sc->scans)
    nScan += r.neutral.size();
  std::vector<SubExp> neutrals;
  for (const RedOp& r : sc->reds)
    neutrals.insert(neutrals.end(), r.neutral.begin(), r.neutral.end());
  std::vector<Stm> out;
  for (size_t k = 0; k < s.pat.size(); ++k) {
    const PatElem& pe = s.pat[k];
    BasicOp b;
    bool isRed = k >= nScan && k < nScan + neutrals.size();
    if (isRed && pe.type.isArray()) {
      if (!neutrals[k - nScan].isVar())
        return std::nullopt;
      b.kind = BasicOp::Kind::Copy;
      b.arr = neutrals[k - nScan].var();
    } else if (isRed) {
      b.kind = BasicOp::Kind::SubExp;
      b.args = {neutrals[k - nScan]};
    } else {
      b.kind = BasicOp::Kind::Replicate;
      b.shape = pe.type.shape;
      b.args = {zeroOf(pe.type.elem)};
    }
    out.push_back(bind(pe, std::move(b), s.prov));
  }
  return out;
}

} // namespace fjord::opt::detail
