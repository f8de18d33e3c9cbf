// Fjord runtime: what every generated module needs, whatever the GPU API. Error codes, the
// context's error message, run-time tuning tables, checked returns and the free list that
// keeps device memory for reuse across entry-point calls.
//
// This file is copied next to generated code. It is header-only C++17; everything is
// `inline` in namespace fjord_rt, so several generated modules can include it and link
// into one program.
#pragma once

#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
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
    /// The unreported message ("" when there is none), left in place.
    const std::string& message() const { return message_; }
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

/// Checks the shape given to the array constructor `function`: no negative dimension, and
/// a size in bytes (`elemBytes` per element) that int64 can hold. Returns 0, or records the
/// error and returns kApiError.
inline int checkShape(ErrorState& error, const char* function, const int64_t* shape, int rank,
                      int64_t elemBytes) {
    std::string text;
    for (int i = 0; i < rank; ++i)
        text += "[" + std::to_string(shape[i]) + "]";
    int64_t bytes = elemBytes;
    for (int i = 0; i < rank; ++i) {
        if (shape[i] < 0)
            return error.fail(kApiError, std::string(function) + ": dimension " +
                                             std::to_string(i) + " of the shape " + text +
                                             " is negative");
        if (__builtin_mul_overflow(bytes, shape[i], &bytes))
            return error.fail(kApiError, std::string(function) + ": the shape " + text +
                                             " is too large for int64");
    }
    return kSuccess;
}

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

/// Whether tuning threshold `name` (of value `threshold`) is at most `value`: the run-time
/// choice between the versions of a nest (Note [Thresholds] in the compiler's ir/IR.h).
/// With `log`, says so on stderr as Futhark does, for tuners that read the log.
inline bool compareSize(bool log, const char* name, int64_t threshold, int64_t value) {
    bool result = threshold <= value;
    if (log)
        std::fprintf(stderr, "Compared %s <= %lld: %s.\n", name, static_cast<long long>(value),
                     result ? "true" : "false");
    return result;
}

/// Device memory that a context keeps for reuse, so that an entry point called again with
/// the same sizes allocates nothing. Requests are rounded up to a size class (a multiple of
/// an eighth of their leading power of two, at least 256 bytes: at most 12.5% is wasted),
/// and a freed buffer waits in the list of its class until a request of that class takes
/// it. Reuse is safe without waiting for the device because every command of a context
/// goes to one in-order queue (stream): work that used a buffer is ordered before work of
/// its next owner. `Handle` is the API's allocation (a device pointer, a cl_mem).
template <class Handle> class FreeList {
public:
    /// The size actually allocated for a request of `bytes`.
    static int64_t sizeClass(int64_t bytes) {
        constexpr int64_t kMinimum = 256;
        if (bytes <= kMinimum)
            return kMinimum;
        int64_t leading = kMinimum;
        while (leading * 2 <= bytes)
            leading *= 2;
        int64_t step = leading / 8 > kMinimum ? leading / 8 : kMinimum;
        return (bytes + step - 1) / step * step;
    }

    /// A cached allocation of class `size` (removed from the list), or a null handle.
    Handle take(int64_t size) {
        auto it = cached_.find(size);
        if (it == cached_.end())
            return Handle{};
        Handle handle = it->second;
        cached_.erase(it);
        cachedBytes_ -= size;
        return handle;
    }

    /// Keeps `handle`, of class `size`, for a later `take`.
    void give(Handle handle, int64_t size) {
        cached_.emplace(size, handle);
        cachedBytes_ += size;
    }

    /// Hands every cached allocation to `release` (e.g. cudaFree) and empties the list.
    template <class Release> void releaseAll(Release release) {
        for (const auto& [size, handle] : cached_)
            release(handle, size);
        cached_.clear();
        cachedBytes_ = 0;
    }

    int64_t cachedBytes() const { return cachedBytes_; }

private:
    std::multimap<int64_t, Handle> cached_;
    int64_t cachedBytes_ = 0;
};

/// What a context's runtime allocated from the device API, for `<prefix>_context_report`.
struct AllocationStats {
    int64_t allocations = 0; ///< cudaMalloc / clCreateBuffer calls that succeeded
    int64_t bytes = 0;       ///< held now: in use plus cached
    int64_t peakBytes = 0;   ///< the most ever held at once

    void allocated(int64_t size) {
        ++allocations;
        bytes += size;
        if (bytes > peakBytes)
            peakBytes = bytes;
    }
    void released(int64_t size) { bytes -= size; }

    /// The report as a JSON object (malloc'd; the caller frees it), `cached` bytes included.
    char* report(int64_t cached) const {
        std::string text = "{\"device_allocations\": " + std::to_string(allocations) +
                           ", \"device_bytes\": " + std::to_string(bytes) +
                           ", \"device_peak_bytes\": " + std::to_string(peakBytes) +
                           ", \"device_cached_bytes\": " + std::to_string(cached) + "}";
        char* copy = static_cast<char*>(std::malloc(text.size() + 1));
        if (copy)
            std::memcpy(copy, text.c_str(), text.size() + 1);
        return copy;
    }
};

} // namespace fjord_rt
