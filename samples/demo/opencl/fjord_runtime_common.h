// Fjord runtime: what every generated module needs, whatever the GPU API. Error codes, the
// context's error message, run-time tuning tables, checked returns, the free list that
// keeps device memory for reuse across entry-point calls, and the part of the C API that
// reads the same for every module (contexts and arrays), which a generated file instantiates
// with FJORD_CONTEXT_API and FJORD_ARRAY_API.
//
// This file is copied next to generated code. It is header-only C++17; everything is
// `inline` in namespace fjord_rt, so several generated modules can include it and link
// into one program.
#pragma once

// The standard headers of the runtime and of generated code (which includes only this).
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <new>
#include <string>
#include <tuple>
#include <utility>

/// Evaluates `call` (an int status) and returns it from the enclosing function if nonzero.
#ifndef FJORD_TRY
#define FJORD_TRY(call)                                                                    \
    do {                                                                                   \
        if (int fjord_status_ = (call))                                                    \
            return fjord_status_;                                                          \
    } while (0)
#endif

// Futhark's signed integers wrap (two's complement); C's signed overflow is undefined, so
// generated code adds, subtracts, multiplies and negates i32/i64 values that may overflow
// in the unsigned type (Note [Wrapping arithmetic] in the compiler's backend/ValueRanges.h).
// The OpenCL kernel prelude (fjord_runtime_opencl.h) defines the same for kernels.
#define fjord_add_i32(x, y) ((int32_t)((uint32_t)(x) + (uint32_t)(y)))
#define fjord_sub_i32(x, y) ((int32_t)((uint32_t)(x) - (uint32_t)(y)))
#define fjord_mul_i32(x, y) ((int32_t)((uint32_t)(x) * (uint32_t)(y)))
#define fjord_neg_i32(x) ((int32_t)(0u - (uint32_t)(x)))
#define fjord_add_i64(x, y) ((int64_t)((uint64_t)(x) + (uint64_t)(y)))
#define fjord_sub_i64(x, y) ((int64_t)((uint64_t)(x) - (uint64_t)(y)))
#define fjord_mul_i64(x, y) ((int64_t)((uint64_t)(x) * (uint64_t)(y)))
#define fjord_neg_i64(x) ((int64_t)(0ull - (uint64_t)(x)))

namespace fjord_rt {

/// Status codes of the C API (Futhark's values).
constexpr int kSuccess = 0;
constexpr int kApiError = 1;     ///< the GPU API failed (no device, launch failure, ...)
constexpr int kProgramError = 2; ///< the program failed (e.g. a bounds check)
constexpr int kOutOfMemory = 3;

/// Limits of the device a context runs on, queried when it is created; host code compares
/// version B's block and shared memory with them (Note [Device limits] in the compiler's
/// ir/IR.h). Named as the compiler's `device_limit(...)` names them.
struct DeviceLimits {
    int64_t max_block_size = 0;    ///< threads of one block (OpenCL: work-group)
    int64_t max_shared_memory = 0; ///< bytes of shared (OpenCL: local) memory of one block
};

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

/// The state behind a module's `<prefix>_context`: the backend's Device (which defines Queue,
/// Buffer and Raw<T>, the C API's types of a queue and of raw device memory), the tuning
/// values and how initialisation went. A generated module's context derives from it, adding
/// what its API needs (e.g. OpenCL kernel handles and an `init` that creates them).
template <class DeviceT, class Tuning> struct Context {
    using Device = DeviceT;
    Device device;
    Tuning tuning;
    bool logging = false;  ///< threshold comparisons are logged to stderr
    int status = kSuccess; ///< of initialisation
    std::string initError; ///< its message, when it failed

    int init(typename Device::Queue queue) { return device.init(queue, tuning); }

    /// The status of initialisation. When it failed, its message is recorded again (unless
    /// an error is still unreported), so every later call fails with a message.
    int usable() {
        if (status != kSuccess && !device.error().failed())
            device.error().fail(status, "the context could not be initialised: " + initError);
        return status;
    }
};

/// The state behind `<prefix>_context_config`.
template <class Tuning> struct ContextConfig {
    Tuning tuning;
    bool logging = false;
};

/// `<prefix>_context_new_with_queue`: null when out of memory; a context whose initialisation
/// failed keeps the message for its later calls.
template <class Ctx, class Config>
inline Ctx* newContext(const Config* cfg, typename Ctx::Device::Queue queue) {
    auto* ctx = new (std::nothrow) Ctx();
    if (!ctx)
        return nullptr;
    ctx->tuning = cfg->tuning;
    ctx->logging = cfg->logging;
    ctx->status = ctx->init(queue);
    if (ctx->status != kSuccess)
        ctx->initError = ctx->device.error().message();
    return ctx;
}

/// `<prefix>_context_clear_caches`.
template <class Ctx> inline int clearCaches(Ctx* ctx) {
    FJORD_TRY(ctx->usable());
    FJORD_TRY(ctx->device.sync());
    ctx->device.releaseCache();
    return kSuccess;
}

/// The state behind an array type of the C API: its device memory and its shape.
template <class Buffer, int Rank> struct Array {
    static constexpr int rank = Rank;
    Buffer mem;
    int64_t shape[Rank];
};

/// The size in bytes of an array of `shape` with `elemBytes` per element (checked by
/// checkShape when the array was made).
template <int Rank> inline int64_t arrayBytes(const int64_t (&shape)[Rank], int64_t elemBytes) {
    int64_t bytes = elemBytes;
    for (int64_t dim : shape)
        bytes *= dim;
    return bytes;
}

/// `<prefix>_new_<type>` (`Raw`: `<prefix>_new_raw_<type>`, from device memory): a new
/// array of `shape` holding a copy of `data`, or null with the error recorded.
template <bool Raw, class Arr, class Ctx, class Data>
inline Arr* newArray(Ctx* ctx, const char* function, Data data,
                     const int64_t (&shape)[Arr::rank], int64_t elemBytes) {
    Arr* arr = new (std::nothrow) Arr();
    if (!arr)
        return nullptr;
    for (int i = 0; i < Arr::rank; ++i)
        arr->shape[i] = shape[i];
    int64_t bytes = 0;
    int status = checkShape(ctx->device.error(), function, arr->shape, Arr::rank, elemBytes);
    if (!status) {
        bytes = arrayBytes(arr->shape, elemBytes);
        status = ctx->usable();
    }
    if (!status)
        status = ctx->device.alloc(arr->mem, bytes);
    if (!status) {
        if constexpr (Raw)
            status = ctx->device.copyFromRaw(arr->mem, data, bytes);
        else
            status = ctx->device.write(arr->mem, 0, data, bytes);
    }
    if (!status)
        return arr;
    delete arr;
    return nullptr;
}

/// One argument of an entry point's C API function as its entry function takes it
/// (callEntry): a scalar argument as it is ...
template <class T> struct EntryArg {
    T value;
    std::tuple<T> unpack() { return std::tuple<T>(value); }
    void publish() {}
};
/// ... a scalar result (an out-parameter) by reference ...
template <class T> struct EntryArg<T*> {
    T* out;
    std::tuple<T&> unpack() { return std::tuple<T&>(*out); }
    void publish() {}
};
/// ... an array argument as its dimensions and memory ...
template <class A> struct EntryArg<const A*> {
    const A* in;
    auto unpack() { return tieArray(*in, std::make_index_sequence<A::rank>()); }
    void publish() {}
    template <class B, size_t... D> static auto tieArray(B& a, std::index_sequence<D...>) {
        return std::tie(a.shape[D]..., a.mem);
    }
};
/// ... and an array result as those of a new array, handed out when the call succeeds.
template <class A> struct EntryArg<A**> {
    A** out;
    std::unique_ptr<A> made = std::make_unique<A>();
    auto unpack() {
        return EntryArg<const A*>::tieArray(*made, std::make_index_sequence<A::rank>());
    }
    void publish() { *out = made.release(); }
};

/// The C API function of an entry point (FJORD_ENTRY_API): calls `entry` with the context
/// and `args` unpacked (EntryArg).
template <class Ctx, class Entry, class... Args>
inline int callEntry(Ctx* ctx, Entry entry, Args... args) {
    FJORD_TRY(ctx->usable());
    std::tuple<EntryArg<Args>...> unpacked{EntryArg<Args>{args}...};
    int status = std::apply(
        [&](auto&... a) { return std::apply(entry, std::tuple_cat(std::tie(ctx), a.unpack()...)); },
        unpacked);
    if (status == kSuccess)
        std::apply([](auto&... a) { (a.publish(), ...); }, unpacked);
    return status;
}

} // namespace fjord_rt

/// Used by the macros below: a parenthesised list without its parentheses.
#define FJORD_UNPAREN(...) __VA_ARGS__

/// Defines `struct P##_context_config` and the C API's context functions of module P, whose
/// `struct P##_context` (derived from fjord_rt::Context) and P##_tuning_params are defined
/// before. Written `FJORD_CONTEXT_API(P);`.
#define FJORD_CONTEXT_API(P)                                                                   \
    struct P##_context_config : fjord_rt::ContextConfig<P##_tuning> {};                        \
    struct P##_context_config* P##_context_config_new(void) {                                  \
        return new (std::nothrow) P##_context_config();                                        \
    }                                                                                          \
    void P##_context_config_free(struct P##_context_config* cfg) { delete cfg; }               \
    int P##_context_config_set_tuning_param(struct P##_context_config* cfg,                    \
                                            const char* name, int64_t value) {                 \
        return fjord_rt::setTuningParam(P##_tuning_params, cfg->tuning, name, value);          \
    }                                                                                          \
    void P##_context_config_set_logging(struct P##_context_config* cfg, int flag) {            \
        cfg->logging = flag != 0;                                                              \
    }                                                                                          \
    int P##_get_tuning_param_count(void) {                                                     \
        return static_cast<int>(P##_tuning_params.size());                                     \
    }                                                                                          \
    const char* P##_get_tuning_param_name(int i) {                                             \
        if (i < 0 || i >= P##_get_tuning_param_count())                                        \
            return nullptr;                                                                    \
        return P##_tuning_params.data()[i].name;                                               \
    }                                                                                          \
    struct P##_context* P##_context_new_with_queue(const struct P##_context_config* cfg,       \
                                                   P##_context::Device::Queue queue) {         \
        return fjord_rt::newContext<P##_context>(cfg, queue);                                  \
    }                                                                                          \
    struct P##_context* P##_context_new(const struct P##_context_config* cfg) {                \
        return P##_context_new_with_queue(cfg, nullptr);                                       \
    }                                                                                          \
    void P##_context_free(struct P##_context* ctx) { delete ctx; }                             \
    int P##_context_sync(struct P##_context* ctx) {                                            \
        FJORD_TRY(ctx->usable());                                                              \
        return ctx->device.sync();                                                             \
    }                                                                                          \
    char* P##_context_get_error(struct P##_context* ctx) {                                     \
        return ctx->device.error().take();                                                     \
    }                                                                                          \
    char* P##_context_report(struct P##_context* ctx) { return ctx->device.report(); }         \
    int P##_context_clear_caches(struct P##_context* ctx) {                                    \
        return fjord_rt::clearCaches(ctx);                                                     \
    }                                                                                          \
    int P##_context_flush_l2(struct P##_context* ctx) {                                        \
        FJORD_TRY(ctx->usable());                                                              \
        return ctx->device.flushL2();                                                          \
    }                                                                                          \
    static_assert(sizeof(struct P##_context) > 0, "the context is defined")

/// Defines `struct P##_##S`, an array of RANK dimensions of ELEM (the C API's element type),
/// and its C API functions: `DIMS` is the parenthesised parameter list of its dimensions
/// (`(int64_t dim0, int64_t dim1)`), `SHAPE` their names (`(dim0, dim1)`). Written
/// `FJORD_ARRAY_API(P, S, ELEM, RANK, DIMS, SHAPE);` after FJORD_CONTEXT_API(P).
#define FJORD_ARRAY_API(P, S, ELEM, RANK, DIMS, SHAPE)                                         \
    struct P##_##S : fjord_rt::Array<P##_context::Device::Buffer, RANK> {};                    \
    struct P##_##S* P##_new_##S(struct P##_context* ctx, const ELEM* data,                     \
                                FJORD_UNPAREN DIMS) {                                          \
        return fjord_rt::newArray<false, P##_##S>(ctx, #P "_new_" #S, data,                    \
                                                  {FJORD_UNPAREN SHAPE}, sizeof(ELEM));        \
    }                                                                                          \
    struct P##_##S* P##_new_raw_##S(struct P##_context* ctx,                                   \
                                    P##_context::Device::RawConst<ELEM> data,                  \
                                    FJORD_UNPAREN DIMS) {                                      \
        return fjord_rt::newArray<true, P##_##S>(ctx, #P "_new_raw_" #S, data,                 \
                                                 {FJORD_UNPAREN SHAPE}, sizeof(ELEM));         \
    }                                                                                          \
    int P##_free_##S(struct P##_context* /*ctx*/, struct P##_##S* arr) {                       \
        delete arr;                                                                            \
        return fjord_rt::kSuccess;                                                             \
    }                                                                                          \
    int P##_values_##S(struct P##_context* ctx, const struct P##_##S* arr, ELEM* data) {       \
        return ctx->device.read(data, arr->mem, 0,                                             \
                                fjord_rt::arrayBytes(arr->shape, sizeof(ELEM)));               \
    }                                                                                          \
    P##_context::Device::Raw<ELEM> P##_values_raw_##S(struct P##_context* /*ctx*/,             \
                                                      const struct P##_##S* arr) {             \
        return P##_context::Device::raw<ELEM>(arr->mem);                                       \
    }                                                                                          \
    const int64_t* P##_shape_##S(struct P##_context* /*ctx*/, const struct P##_##S* arr) {     \
        return arr->shape;                                                                     \
    }                                                                                          \
    static_assert(RANK > 0, "an array has at least one dimension")

/// Defines `P##_entry_##NAME`, the C API function of an entry point whose arrays and scalars
/// the C API passes as the entry function `entry_##NAME` takes them (fjord_rt::callEntry):
/// `PARAMS` is the parenthesised parameter list after the context, `ARGS` their names.
/// Written `FJORD_ENTRY_API(P, NAME, PARAMS, ARGS);` after the entry function.
#define FJORD_ENTRY_API(P, NAME, PARAMS, ARGS)                                                 \
    int P##_entry_##NAME(struct P##_context* ctx, FJORD_UNPAREN PARAMS) {                      \
        return fjord_rt::callEntry(ctx, entry_##NAME, FJORD_UNPAREN ARGS);                     \
    }                                                                                          \
    static_assert(sizeof(struct P##_context) > 0, "the context is defined")
