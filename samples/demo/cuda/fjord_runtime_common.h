// Fjord runtime: what every generated module needs, whatever the GPU API. Error codes, the
// context's error message, run-time tuning tables and checked returns.
//
// This file is copied next to generated code. It is header-only C++17; everything is
// `inline` in namespace fjord_rt, so several generated modules can include it and link
// into one program.
#pragma once

#include <array>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>

/// Evaluates `call` (an int status) and returns it from the enclosing function if nonzero.
#ifndef FJORD_TRY
#define FJORD_TRY(call)                                                                    \
    do {                                                                                   \
        if (int fjord_status_ = (call))                                                    \
            return fjord_status_;                                                          \
    } while (0)
#endif

namespace fjord_rt {

/// Status codes of the C API (Futhark's values).
constexpr int kSuccess = 0;
constexpr int kApiError = 1;     ///< the GPU API failed (no device, launch failure, ...)
constexpr int kProgramError = 2; ///< the program failed (e.g. a bounds check)
constexpr int kOutOfMemory = 3;

/// The last error of a context; reported (and cleared) by `<prefix>_context_get_error`.
class ErrorState {
public:
    /// Records `message` (appended when an earlier error is still unreported); returns `code`.
    int fail(int code, const std::string& message) {
        if (!message_.empty())
            message_ += '\n';
        message_ += message;
        return code;
    }
    bool failed() const { return !message_.empty(); }
    /// A malloc'd copy of the message (the caller frees it), or null when there is none.
    char* take() {
        if (message_.empty())
            return nullptr;
        char* copy = static_cast<char*>(std::malloc(message_.size() + 1));
        if (copy)
            std::memcpy(copy, message_.c_str(), message_.size() + 1);
        message_.clear();
        return copy;
    }

private:
    std::string message_;
};

/// One tuning parameter as listed in a generated `prog_tuning.h`: its name and where its
/// value lives in the module's tuning struct `Values`.
template <class Values> struct TuningParam {
    using Member = int64_t Values::*;
    const char* name; ///< e.g. "sum_reduce.block_size"
    Member value;
};

/// Sets the parameter called `name` in `values`; returns 0, or 1 if there is no such parameter.
template <class Values, std::size_t N>
inline int setTuningParam(const std::array<TuningParam<Values>, N>& params, Values& values,
                          const char* name, int64_t value) {
    for (const TuningParam<Values>& param : params) {
        if (std::strcmp(param.name, name) == 0) {
            values.*param.value = value;
            return kSuccess;
        }
    }
    return kApiError;
}

} // namespace fjord_rt
