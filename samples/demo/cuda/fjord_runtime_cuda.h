// Fjord runtime for CUDA (runtime API): device buffers and the per-context device state that
// generated `prog.cu` files use. Kernels are compiled ahead of time by nvcc; this file only
// allocates, copies, synchronises and turns CUDA errors into C API status codes.
//
// Header-only, included by generated .cu files (compiled by nvcc).
#pragma once

#include "fjord_runtime_common.h"

#include <cuda_runtime.h>

#include <cstdint>
#include <string>
#include <utility>

namespace fjord_rt::cuda {

/// Reads `words` 16-byte words (flushL2); the store never happens (the words are zero) but
/// keeps the loads.
static __global__ void readToEvict(const int4* words, int64_t count, int* never) {
    int acc = 0;
    for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < count;
         i += gridDim.x * (int64_t)blockDim.x) {
        int4 w = words[i];
        acc ^= w.x ^ w.y ^ w.z ^ w.w;
    }
    if (acc == 0x5eed)
        never[0] = acc;
}

class Device;

/// Owns one device allocation of the context's Device; the destructor gives it back to the
/// Device's free list (so arrays must be freed before their context).
class Buffer {
public:
    Buffer() = default;
    Buffer(const Buffer&) = delete;
    Buffer& operator=(const Buffer&) = delete;
    Buffer(Buffer&& other) noexcept
        : ptr_(std::exchange(other.ptr_, nullptr)), size_(other.size_), owner_(other.owner_) {}
    Buffer& operator=(Buffer&& other) noexcept {
        std::swap(ptr_, other.ptr_);
        std::swap(size_, other.size_);
        std::swap(owner_, other.owner_);
        return *this;
    }
    ~Buffer() { reset(); }

    /// Gives the memory back to the free list (defined after Device).
    inline void reset();
    void* get() const { return ptr_; }
    /// The buffer as an array of T (for kernel arguments).
    template <class T> T* as() const { return static_cast<T*>(ptr_); }

private:
    friend class Device;
    void* ptr_ = nullptr;
    int64_t size_ = 0;        ///< its size class (FreeList::sizeClass)
    Device* owner_ = nullptr; ///< whose free list takes it back
};

/// The CUDA state of one context: its stream and its last error.
class Device {
public:
    /// The C API's types (fjord_rt::Context): a queue, and raw device memory of T.
    using Queue = cudaStream_t;
    using Buffer = cuda::Buffer;
    template <class T> using Raw = T*;
    template <class T> using RawConst = const T*;
    /// A buffer's memory as the C API's raw memory of T (`<prefix>_values_raw_<type>`).
    template <class T> static Raw<T> raw(const Buffer& buffer) { return buffer.as<T>(); }

    Device() = default;
    Device(const Device&) = delete;
    Device& operator=(const Device&) = delete;
    ~Device() {
        l2Scratch_.reset();
        releaseCache();
        if (ownsStream_ && stream_)
            cudaStreamDestroy(stream_);
    }

    /// A context's initialisation: CUDA kernels state their largest block themselves
    /// (__launch_bounds__), so the tuning values need no fitting as OpenCL's do.
    template <class Tuning> int init(cudaStream_t stream, const Tuning&) { return init(stream); }

    /// Uses `stream` (not owned), or a fresh stream when it is null, and queries the current
    /// device's limits.
    int init(cudaStream_t stream) {
        int device = 0, threads = 0, shared = 0;
        FJORD_TRY(check(cudaGetDevice(&device), "cudaGetDevice"));
        FJORD_TRY(check(cudaDeviceGetAttribute(&threads, cudaDevAttrMaxThreadsPerBlock, device),
                        "cudaDeviceGetAttribute"));
        FJORD_TRY(check(cudaDeviceGetAttribute(&shared, cudaDevAttrMaxSharedMemoryPerBlock,
                                               device),
                        "cudaDeviceGetAttribute"));
        limits_ = {threads, shared};
        if (stream) {
            stream_ = stream;
            return kSuccess;
        }
        FJORD_TRY(check(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking),
                        "cudaStreamCreate"));
        ownsStream_ = true;
        return kSuccess;
    }

    cudaStream_t stream() const { return stream_; }
    const DeviceLimits& limits() const { return limits_; }
    ErrorState& error() { return error_; }

    /// Returns `code` after recording `message`.
    int fail(int code, const std::string& message) { return error_.fail(code, message); }

    /// Turns a CUDA status into a C API status, recording a message on failure.
    int check(cudaError_t status, const char* what) {
        if (status == cudaSuccess)
            return kSuccess;
        cudaGetLastError(); // clear a non-sticky error so that later calls can proceed
        int code = status == cudaErrorMemoryAllocation ? kOutOfMemory : kApiError;
        return fail(code, std::string(what) + ": " + cudaGetErrorString(status));
    }

    /// Points `buffer` at `bytes` (at least one) of device memory, releasing what it held:
    /// a cached allocation of the same size class when there is one, else a new one (after
    /// releasing the whole cache when the device is out of memory).
    int alloc(Buffer& buffer, int64_t bytes) {
        buffer.reset();
        int64_t size = FreeList<void*>::sizeClass(bytes);
        void* ptr = cache_.take(size);
        if (!ptr) {
            cudaError_t status = cudaMalloc(&ptr, static_cast<size_t>(size));
            if (status == cudaErrorMemoryAllocation && cache_.cachedBytes() > 0) {
                cudaGetLastError();
                releaseCache();
                status = cudaMalloc(&ptr, static_cast<size_t>(size));
            }
            if (status != cudaSuccess)
                return check(status, ("cudaMalloc of " + std::to_string(bytes) + " bytes").c_str());
            stats_.allocated(size);
        }
        buffer.ptr_ = ptr;
        buffer.size_ = size;
        buffer.owner_ = this;
        return kSuccess;
    }

    /// Takes back the memory of a buffer being reset, for reuse.
    void recycle(void* ptr, int64_t size) { cache_.give(ptr, size); }

    /// Releases every cached allocation (on out-of-memory, clear_caches and context free).
    void releaseCache() {
        cache_.releaseAll([this](void* ptr, int64_t size) {
            cudaFree(ptr);
            stats_.released(size);
        });
    }

    /// `<prefix>_context_report`'s JSON text (malloc'd).
    char* report() const { return stats_.report(cache_.cachedBytes()); }

    /// Copies `bytes` from `src` at byte offset `srcOffset` to `dst` at `dstOffset`.
    int copy(const Buffer& dst, int64_t dstOffset, const Buffer& src, int64_t srcOffset,
             int64_t bytes) {
        if (bytes <= 0)
            return kSuccess;
        return check(cudaMemcpyAsync(static_cast<char*>(dst.get()) + dstOffset,
                                     static_cast<const char*>(src.get()) + srcOffset,
                                     static_cast<size_t>(bytes), cudaMemcpyDeviceToDevice,
                                     stream_),
                     "cudaMemcpyAsync (device to device)");
    }

    /// Copies host memory into a buffer at byte offset `dstOffset` (synchronously).
    int write(const Buffer& dst, int64_t dstOffset, const void* src, int64_t bytes) {
        if (bytes <= 0)
            return kSuccess;
        FJORD_TRY(check(cudaMemcpyAsync(static_cast<char*>(dst.get()) + dstOffset, src,
                                        static_cast<size_t>(bytes),
                                        cudaMemcpyHostToDevice, stream_),
                        "cudaMemcpyAsync (host to device)"));
        return sync();
    }

    /// Copies a buffer into host memory (synchronously).
    int read(void* dst, const Buffer& src, int64_t srcOffset, int64_t bytes) {
        if (bytes <= 0)
            return kSuccess;
        FJORD_TRY(check(cudaMemcpyAsync(dst, static_cast<const char*>(src.get()) + srcOffset,
                                        static_cast<size_t>(bytes), cudaMemcpyDeviceToHost,
                                        stream_),
                        "cudaMemcpyAsync (device to host)"));
        return sync();
    }

    /// Writes `value` at element `index` of a buffer of T (synchronously).
    template <class T> int writeScalar(const Buffer& dst, int64_t index, T value) {
        return write(dst, index * static_cast<int64_t>(sizeof(T)), &value, sizeof(T));
    }

    /// Reads element `index` of a buffer of T into `out`.
    template <class T> int readScalar(T& out, const Buffer& src, int64_t index) {
        return read(&out, src, index * static_cast<int64_t>(sizeof(T)), sizeof(T));
    }

    /// Copies device memory that the caller owns into `dst` (for `new_raw`).
    int copyFromRaw(const Buffer& dst, const void* src, int64_t bytes) {
        if (bytes <= 0)
            return kSuccess;
        return check(cudaMemcpyAsync(dst.get(), src, static_cast<size_t>(bytes),
                                     cudaMemcpyDeviceToDevice, stream_),
                     "cudaMemcpyAsync (raw device memory)");
    }

    /// Checks the launch just made of `kernel`.
    int checkLaunch(const char* kernel) {
        return check(cudaPeekAtLastError(), (std::string("launch of ") + kernel).c_str());
    }

    /// Runs `kernel` (called `name` in messages) over `blocks` blocks of `threads` threads on
    /// the stream with `args`: buffers, passed as the pointer the kernel's parameter is, or
    /// scalars, converted to its parameter's type. Nothing runs when `blocks` is 0 (CUDA
    /// rejects an empty grid).
    template <class... Params, class... Args>
    int launch(void (*kernel)(Params...), const char* name, int64_t blocks, int64_t threads,
               const Args&... args) {
        return launchShared(kernel, name, blocks, threads, 0, args...);
    }

    /// Like launch, with `sharedBytes` of dynamic shared memory per block.
    template <class... Params, class... Args>
    int launchShared(void (*kernel)(Params...), const char* name, int64_t blocks,
                     int64_t threads, int64_t sharedBytes, const Args&... args) {
        static_assert(sizeof...(Params) == sizeof...(Args), "one argument per parameter");
        if (blocks <= 0)
            return kSuccess;
        kernel<<<extent(blocks), extent(threads), static_cast<size_t>(sharedBytes), stream_>>>(
            kernelArg<Params>(args)...);
        return checkLaunch(name);
    }

    int sync() { return check(cudaStreamSynchronize(stream_), "cudaStreamSynchronize"); }

    /// Evicts the L2 cache by reading a buffer of twice its size, then waits (for timing
    /// calls with a cold cache, `--flush-l2`). Reading, not writing: a fill left the cache
    /// full of dirty lines whose write-back the timed call then paid for (the peers' harness
    /// reads too).
    int flushL2() {
        if (!l2Scratch_.get()) {
            int device = 0, l2 = 0;
            FJORD_TRY(check(cudaGetDevice(&device), "cudaGetDevice"));
            FJORD_TRY(check(cudaDeviceGetAttribute(&l2, cudaDevAttrL2CacheSize, device),
                            "cudaDeviceGetAttribute"));
            FJORD_TRY(alloc(l2Scratch_, 2 * static_cast<int64_t>(l2 > 0 ? l2 : 1 << 20)));
            FJORD_TRY(check(cudaMemsetAsync(l2Scratch_.get(), 0,
                                            static_cast<size_t>(l2Scratch_.size_), stream_),
                            "cudaMemsetAsync"));
        }
        int64_t words = l2Scratch_.size_ / 16;
        readToEvict<<<1024, 256, 0, stream_>>>(static_cast<const int4*>(l2Scratch_.get()), words,
                                               static_cast<int*>(l2Scratch_.get()));
        FJORD_TRY(checkLaunch("readToEvict"));
        return sync();
    }

private:
    /// A dim3 extent from a 64-bit count.
    static dim3 extent(int64_t n) { return dim3(static_cast<unsigned>(n)); }
    /// A buffer as the pointer type P of a kernel's parameter, or a scalar converted to P.
    template <class P> static P kernelArg(const Buffer& buffer) {
        return static_cast<P>(buffer.get());
    }
    template <class P, class T> static P kernelArg(const T& value) {
        return static_cast<P>(value);
    }

    cudaStream_t stream_ = nullptr;
    bool ownsStream_ = false;
    DeviceLimits limits_;
    ErrorState error_;
    FreeList<void*> cache_;
    AllocationStats stats_;
    Buffer l2Scratch_; ///< zeroed once, read by flushL2
};

inline void Buffer::reset() {
    if (ptr_)
        owner_->recycle(ptr_, size_);
    ptr_ = nullptr;
}

} // namespace fjord_rt::cuda

// FJORD_GROUP_REDUCE(T, acc, sh, tid, G, neutral, above, combined): combines `acc` (a 4- or
// 8-byte T) over each group of G consecutive threads of the block, in thread order, so that
// the group's first thread ends with the group's value (Note [Group reduction] in Fjord's
// imp/GroupReduce.cpp). Each lane combines its value with the one `offset` lanes above
// (`combined`, an expression of `acc` and `above`), offset = 1, 2, 4, ... below
// min(G, 32); with more than one warp per group, lane 0 of each warp puts its value in the
// shared array `sh` (one element per warp) and the shuffles run again over the warps'
// values, `neutral` past them. Every thread of the block must reach it; G is a power of two
// up to 32 or a multiple of 32.
#define FJORD_GROUP_REDUCE(T, acc, sh, tid, G, neutral, above, ...)                              \
    do {                                                                                         \
        int64_t fjord_group = (G), fjord_tid = (tid);                                             \
        int fjord_width = fjord_group < 32 ? (int)fjord_group : 32;                              \
        for (int fjord_round = 0; fjord_round < (fjord_group > 32 ? 2 : 1); ++fjord_round) {     \
            for (int fjord_offset = 1; fjord_offset < fjord_width; fjord_offset *= 2) {          \
                T above = __shfl_down_sync(0xffffffffu, acc, fjord_offset);                      \
                acc = (__VA_ARGS__);                                                             \
            }                                                                                    \
            if (fjord_round == 0 && fjord_group > 32) {                                          \
                if (fjord_tid % 32 == 0)                                                         \
                    sh[fjord_tid / 32] = acc;                                                    \
                __syncthreads();                                                                 \
                int64_t fjord_warps = fjord_group / 32, fjord_lane = fjord_tid % 32;             \
                acc = fjord_lane < fjord_warps                                                   \
                          ? sh[fjord_tid / fjord_group * fjord_warps + fjord_lane]               \
                          : (neutral);                                                           \
            }                                                                                    \
        }                                                                                        \
    } while (0)

// FJORD_GROUP_REDUCE2(tid, G, T0, acc0, sh0, neutral0, above0, T1, acc1, sh1, neutral1,
// above1, combine): FJORD_GROUP_REDUCE for a pair of accumulators (acc0 of T0 through the
// shared array sh0, acc1 of T1 through sh1), whose operator is the statements `combine`:
// they read the earlier thread's values acc0, acc1 and the later thread's above0, above1,
// and set acc0 and acc1 to the combined pair.
#define FJORD_GROUP_REDUCE2(tid, G, T0, acc0, sh0, neutral0, above0, T1, acc1, sh1, neutral1,  \
                            above1, ...)                                                         \
    do {                                                                                         \
        int64_t fjord_group = (G), fjord_tid = (tid);                                             \
        int fjord_width = fjord_group < 32 ? (int)fjord_group : 32;                              \
        for (int fjord_round = 0; fjord_round < (fjord_group > 32 ? 2 : 1); ++fjord_round) {     \
            for (int fjord_offset = 1; fjord_offset < fjord_width; fjord_offset *= 2) {          \
                T0 above0 = __shfl_down_sync(0xffffffffu, acc0, fjord_offset);                   \
                T1 above1 = __shfl_down_sync(0xffffffffu, acc1, fjord_offset);                   \
                __VA_ARGS__;                                                                     \
            }                                                                                    \
            if (fjord_round == 0 && fjord_group > 32) {                                          \
                if (fjord_tid % 32 == 0) {                                                       \
                    sh0[fjord_tid / 32] = acc0;                                                  \
                    sh1[fjord_tid / 32] = acc1;                                                  \
                }                                                                                \
                __syncthreads();                                                                 \
                int64_t fjord_warps = fjord_group / 32, fjord_lane = fjord_tid % 32;             \
                int64_t fjord_first = fjord_tid / fjord_group * fjord_warps;                     \
                acc0 = fjord_lane < fjord_warps ? sh0[fjord_first + fjord_lane] : (neutral0);    \
                acc1 = fjord_lane < fjord_warps ? sh1[fjord_first + fjord_lane] : (neutral1);    \
            }                                                                                    \
        }                                                                                        \
    } while (0)

namespace fjord_rt::cuda {

/// The CUDA vector of four T (float4, int4, uint4) for the 4-byte element types.
template <typename T> struct Vector4;
template <> struct Vector4<float> { using type = float4; };
template <> struct Vector4<int32_t> { using type = int4; };
template <> struct Vector4<uint32_t> { using type = uint4; };

/// lanes[q] = mem[4g + q] for q < 4 where 4g + q < n: one aligned vector load when all four
/// are (device memory is aligned to far more than 16 bytes).
template <typename T>
__device__ __forceinline__ void loadLanes(T *lanes, const T *mem, int64_t g, int64_t n) {
    if (g * 4 + 4 <= n) {
        typename Vector4<T>::type v = reinterpret_cast<const typename Vector4<T>::type *>(mem)[g];
        lanes[0] = v.x;
        lanes[1] = v.y;
        lanes[2] = v.z;
        lanes[3] = v.w;
        return;
    }
    for (int q = 0; q < 4; ++q)
        if (g * 4 + q < n)
            lanes[q] = mem[g * 4 + q];
}

/// lanes[q] = mem[4g + q] for q < 4, by one vector load (all four lie inside the input).
template <typename T> __device__ __forceinline__ void loadVector(T *lanes, const T *mem, int64_t g) {
    typename Vector4<T>::type v = reinterpret_cast<const typename Vector4<T>::type *>(mem)[g];
    lanes[0] = v.x;
    lanes[1] = v.y;
    lanes[2] = v.z;
    lanes[3] = v.w;
}

/// mem[4g + q] = lanes[q] for q < 4 where 4g + q < n, by one vector store when all four are.
template <typename T>
__device__ __forceinline__ void storeLanes(T *mem, int64_t g, const T *lanes, int64_t n) {
    if (g * 4 + 4 <= n) {
        reinterpret_cast<typename Vector4<T>::type *>(mem)[g] = {lanes[0], lanes[1], lanes[2],
                                                                 lanes[3]};
        return;
    }
    for (int q = 0; q < 4; ++q)
        if (g * 4 + q < n)
            mem[g * 4 + q] = lanes[q];
}

} // namespace fjord_rt::cuda

// FJORD_LOAD_LANES(lanes, first, mem, g, n): lanes[first + q] = mem[4g + q] for q < 4 where
// 4g + q < n, by one vector load when all four are. FJORD_STORE_LANES(mem, g, lanes, n):
// the matching store of lanes[0..3]. FJORD_LOAD_VECTOR(lanes, first, mem, g): FJORD_LOAD_LANES
// where all four lie inside the input. (Note [Vectorised inputs] in Fjord's imp/GroupReduce.cpp.)
#define FJORD_LOAD_LANES(lanes, first, mem, g, n)                                                \
    fjord_rt::cuda::loadLanes(&(lanes)[first], mem, g, n)
#define FJORD_LOAD_VECTOR(lanes, first, mem, g) fjord_rt::cuda::loadVector(&(lanes)[first], mem, g)
#define FJORD_STORE_LANES(mem, g, lanes, n) fjord_rt::cuda::storeLanes(mem, g, lanes, n)
