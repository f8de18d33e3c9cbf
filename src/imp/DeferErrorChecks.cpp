// Where the host reads the kernels' error flag back: once before it next depends on the
// device, not after every launch (Note [Deferred kernel error checks]).
#include "imp/Lowering.h"

namespace fjord::imp::detail {

// Note [Deferred kernel error checks]
// A kernel's failed check stores its code in the function's error flag (Note [Assertions
// in kernels] in LowerKernel.cpp). Reading the flag back right after each launch costs a
// device round trip per launch, which dominates a loop of small kernels (a time-stepping
// stencil, a dynamic-programming sweep). The failing thread skips the accesses its check
// protects, so the kernels after a failed one run safely on garbage; what must not see the
// garbage is the host. So the flag is read back only where the host next depends on the
// device: before a ReadScalar (its value may steer allocation sizes or loop counts), where
// a host check fails (so that the earlier kernel's failure is the one reported, as the
// interpreter would), and at the end of the function (before its results reach the caller).
// Each check's code is unique in the function (KernelLowerer::codeBase), so one read names
// the message. A failing check sets the flag by a compare-and-swap from 0 (setErrorCode in
// LowerKernel.cpp), so a later failing kernel (or a later check of the same thread) leaves
// an earlier code alone and the failure reported is the first, as the interpreter's;
// among the threads of one kernel that fail, the first to set it wins.
//
// Whether a kernel with checks may have run since the last read is tracked through the
// host code: branches join with "or", and a loop whose body launches one enters its body
// as if it had (the previous iteration's launch).

namespace {

bool launchesChecked(const Block& b, const std::string& flag);

bool launchesChecked(const Stm& s, const std::string& flag) {
  if (s.kind == Stm::Kind::Launch)
    for (const KernelArg& a : s.kernelArgs)
      if (a.kind == Param::Kind::Mem && a.mem == flag)
        return true;
  return launchesChecked(s.body, flag) || launchesChecked(s.elseBody, flag);
}

bool launchesChecked(const Block& b, const std::string& flag) {
  for (const Stm& s : b)
    if (launchesChecked(s, flag))
      return true;
  return false;
}

class Placer {
public:
  Placer(const std::string& flag, const std::vector<std::string>& messages, NameScope& names)
      : flag_(flag), messages_(messages), names_(names) {}

  /// Reads the flag and fails with the message of the code found.
  Block check() {
    Block out;
    std::string code = names_.fresh("error_code");
    out.push_back(declare(code, PrimType::I32));
    Stm r;
    r.kind = Stm::Kind::ReadScalar;
    r.name = code;
    r.src = flag_;
    r.type = PrimType::I32;
    r.args.push_back(i64(0));
    out.push_back(std::move(r));
    for (size_t i = 0; i < messages_.size(); ++i) {
      Stm e;
      e.kind = Stm::Kind::Error;
      e.text = messages_[i];
      e.args.push_back(eq(var(code, PrimType::I32),
                          constant(PrimValue::integer(PrimType::I32,
                                                      static_cast<int64_t>(i) + 1))));
      out.push_back(std::move(e));
    }
    return out;
  }

  /// Places checks in `b`, entered with `pending` (a kernel with checks may have run since
  /// the last read); returns whether one may have run at its end.
  bool place(Block& b, bool pending) {
    for (size_t i = 0; i < b.size(); ++i) {
      Stm& s = b[i];
      switch (s.kind) {
      case Stm::Kind::Launch:
        pending = pending || launchesChecked(s, flag_);
        break;
      case Stm::Kind::ReadScalar:
        if (pending && s.src != flag_) {
          Block c = check();
          b.insert(b.begin() + static_cast<std::ptrdiff_t>(i), c.begin(), c.end());
          i += c.size();
          pending = false;
        }
        break;
      case Stm::Kind::Error:
        if (pending) {
          // if (cond) { <read the flag> }  then the host's own check, unchanged
          Stm first = ifThen(s.args.at(0), check());
          b.insert(b.begin() + static_cast<std::ptrdiff_t>(i), std::move(first));
          ++i;
        }
        break;
      case Stm::Kind::If: {
        bool a = place(s.body, pending);
        bool c = place(s.elseBody, pending);
        pending = a || c;
        break;
      }
      case Stm::Kind::For:
      case Stm::Kind::While: {
        bool loops = launchesChecked(s.body, flag_);
        pending = place(s.body, pending || loops) || pending;
        break;
      }
      default: break;
      }
    }
    return pending;
  }

private:
  const std::string& flag_;
  const std::vector<std::string>& messages_;
  NameScope& names_;
};

} // namespace

void deferErrorChecks(Block& body, const std::string& errorFlag,
                      const std::vector<std::string>& messages, NameScope& names) {
  if (messages.empty())
    return;
  Placer p(errorFlag, messages, names);
  if (p.place(body, false)) {
    Block c = p.check();
    body.insert(body.end(), c.begin(), c.end());
  }
}

} // namespace fjord::imp::detail
