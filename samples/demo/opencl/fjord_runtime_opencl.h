// Fjord runtime for OpenCL 1.2: device buffers and the per-context device state that
// generated `prog_host.cpp` files use: picking a device, building the embedded kernel source
// and creating its kernels, allocating, copying, launching (by kernel name), and turning
// OpenCL errors into C API status codes.
//
// Header-only C++17, included by generated host files (link with -lOpenCL).
#pragma once

#include "fjord_runtime_common.h"

#ifndef CL_TARGET_OPENCL_VERSION
#define CL_TARGET_OPENCL_VERSION 120
#endif
#include <CL/cl.h>

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace fjord_rt::opencl {

/// OpenCL C that the kernels of every generated `prog.cl` use, built before its text (Device::
/// build), so that each use in the .cl is one line.
///
/// FJORD_GROUP_REDUCE(T, acc, sh, tid, G, neutral, above, combined) combines `acc` (a T)
/// over each group of G consecutive work-items of the work-group, in order, so that the
/// group's first work-item ends with the group's value (Note [Group reduction] in Fjord's
/// imp/GroupReduce.cpp): a tree in the local array `sh` (one element per work-item) where
/// sh[t] becomes `combined`, an expression of `acc` = sh[t] and `above` = sh[t + offset], for
/// t a multiple of 2 * offset within its group, offset = 1, 2, 4, ... below G. Every
/// work-item of the work-group must reach it. (`neutral` is for targets with warp shuffles.)
///
/// FJORD_GROUP_REDUCE2(tid, G, T0, acc0, sh0, neutral0, above0, T1, acc1, sh1, neutral1,
/// above1, combine) is the same for a pair of accumulators (acc0 of T0 in sh0, acc1 of T1
/// in sh1) whose operator is the statements `combine`: they read acc0, acc1 (sh0[t], sh1[t])
/// and above0, above1 (sh0[t + offset], sh1[t + offset]) and set acc0 and acc1.
///
/// fjord_add_i32(x, y) and its kin wrap as those of fjord_runtime_common.h do.
///
/// FJORD_LOAD_LANES(lanes, first, mem, g, n) sets lanes[first + q] = mem[4g + q] for q < 4
/// where 4g + q < n, by one vector load when all four are; FJORD_STORE_LANES(mem, g, lanes, n)
/// is the matching store of lanes[0..3]; FJORD_LOAD_VECTOR(lanes, first, mem, g) is
/// FJORD_LOAD_LANES where all four lie inside the input (Note [Vectorised inputs] in
/// imp/GroupReduce.cpp).
inline constexpr const char* kKernelPrelude = R"FJORD(
#define fjord_add_i32(x, y) ((int)((uint)(x) + (uint)(y)))
#define fjord_sub_i32(x, y) ((int)((uint)(x) - (uint)(y)))
#define fjord_mul_i32(x, y) ((int)((uint)(x) * (uint)(y)))
#define fjord_neg_i32(x) ((int)(0u - (uint)(x)))
#define fjord_add_i64(x, y) ((long)((ulong)(x) + (ulong)(y)))
#define fjord_sub_i64(x, y) ((long)((ulong)(x) - (ulong)(y)))
#define fjord_mul_i64(x, y) ((long)((ulong)(x) * (ulong)(y)))
#define fjord_neg_i64(x) ((long)(0ul - (ulong)(x)))
#define FJORD_LOAD_LANES(lanes, first, mem, g, n) \
    do { \
        long fjord_g = (g), fjord_n = (n); \
        if (fjord_g * 4 + 4 <= fjord_n) \
            vstore4(vload4(fjord_g, mem), 0, &(lanes)[first]); \
        else \
            for (int fjord_q = 0; fjord_q < 4; ++fjord_q) \
                if (fjord_g * 4 + fjord_q < fjord_n) \
                    (lanes)[(first) + fjord_q] = (mem)[fjord_g * 4 + fjord_q]; \
    } while (0)
#define FJORD_LOAD_VECTOR(lanes, first, mem, g) vstore4(vload4((g), mem), 0, &(lanes)[first])
#define FJORD_STORE_LANES(mem, g, lanes, n) \
    do { \
        long fjord_g = (g), fjord_n = (n); \
        if (fjord_g * 4 + 4 <= fjord_n) \
            vstore4(vload4(0, lanes), fjord_g, mem); \
        else \
            for (int fjord_q = 0; fjord_q < 4; ++fjord_q) \
                if (fjord_g * 4 + fjord_q < fjord_n) \
                    (mem)[fjord_g * 4 + fjord_q] = (lanes)[fjord_q]; \
    } while (0)
#define FJORD_GROUP_REDUCE(T, acc, sh, tid, G, neutral, above, ...) \
    do { \
        long fjord_group = (G), fjord_tid = (tid); \
        sh[fjord_tid] = acc; \
        barrier(CLK_LOCAL_MEM_FENCE); \
        for (long fjord_offset = 1; fjord_offset < fjord_group; fjord_offset *= 2) { \
            if (fjord_tid % (2 * fjord_offset) == 0 && \
                fjord_tid % fjord_group + fjord_offset < fjord_group) { \
                T above = sh[fjord_tid + fjord_offset]; \
                acc = sh[fjord_tid]; \
                sh[fjord_tid] = (__VA_ARGS__); \
            } \
            barrier(CLK_LOCAL_MEM_FENCE); \
        } \
        acc = sh[fjord_tid]; \
    } while (0)
#define FJORD_GROUP_REDUCE2(tid, G, T0, acc0, sh0, neutral0, above0, T1, acc1, sh1, neutral1, \
                            above1, ...) \
    do { \
        long fjord_group = (G), fjord_tid = (tid); \
        sh0[fjord_tid] = acc0; \
        sh1[fjord_tid] = acc1; \
        barrier(CLK_LOCAL_MEM_FENCE); \
        for (long fjord_offset = 1; fjord_offset < fjord_group; fjord_offset *= 2) { \
            if (fjord_tid % (2 * fjord_offset) == 0 && \
                fjord_tid % fjord_group + fjord_offset < fjord_group) { \
                T0 above0 = sh0[fjord_tid + fjord_offset]; \
                T1 above1 = sh1[fjord_tid + fjord_offset]; \
                acc0 = sh0[fjord_tid]; \
                acc1 = sh1[fjord_tid]; \
                __VA_ARGS__; \
                sh0[fjord_tid] = acc0; \
                sh1[fjord_tid] = acc1; \
            } \
            barrier(CLK_LOCAL_MEM_FENCE); \
        } \
        acc0 = sh0[fjord_tid]; \
        acc1 = sh1[fjord_tid]; \
    } while (0)
)FJORD";

class Device;

/// Owns one device allocation of the context's Device; the destructor gives it back to the
/// Device's free list (so arrays must be freed before their context).
class Buffer {
public:
    Buffer() = default;
    Buffer(const Buffer&) = delete;
    Buffer& operator=(const Buffer&) = delete;
    Buffer(Buffer&& other) noexcept
        : mem_(std::exchange(other.mem_, nullptr)), size_(other.size_), owner_(other.owner_) {}
    Buffer& operator=(Buffer&& other) noexcept {
        std::swap(mem_, other.mem_);
        std::swap(size_, other.size_);
        std::swap(owner_, other.owner_);
        return *this;
    }
    ~Buffer() { reset(); }

    /// Gives the memory back to the free list (defined after Device).
    inline void reset();
    cl_mem get() const { return mem_; }

private:
    friend class Device;
    cl_mem mem_ = nullptr;
    int64_t size_ = 0;        ///< its size class (FreeList::sizeClass)
    Device* owner_ = nullptr; ///< whose free list takes it back
};

/// The OpenCL state of one context: device, queue, program and kernels, and its last error.
class Device {
public:
    /// The C API's types (fjord_rt::Context): a queue, and raw device memory (of any T).
    using Queue = cl_command_queue;
    using Buffer = opencl::Buffer;
    template <class T> using Raw = cl_mem;
    template <class T> using RawConst = cl_mem;
    /// A buffer's memory as the C API's raw memory (`<prefix>_values_raw_<type>`).
    template <class T> static Raw<T> raw(const Buffer& buffer) { return buffer.get(); }

    Device() = default;
    Device(const Device&) = delete;
    Device& operator=(const Device&) = delete;
    ~Device() {
        l2Scratch_.reset();
        releaseCache();
        for (const auto& [name, kernel] : kernels_)
            clReleaseKernel(kernel);
        if (program_)
            clReleaseProgram(program_);
        if (queue_)
            clReleaseCommandQueue(queue_);
        if (context_)
            clReleaseContext(context_);
    }

    ErrorState& error() { return error_; }
    cl_command_queue queue() const { return queue_; }

    int fail(int code, const std::string& message) { return error_.fail(code, message); }

    /// Turns an OpenCL status into a C API status, recording a message on failure.
    int check(cl_int status, const std::string& what) {
        if (status == CL_SUCCESS)
            return kSuccess;
        bool oom = status == CL_MEM_OBJECT_ALLOCATION_FAILURE || status == CL_OUT_OF_RESOURCES ||
                   status == CL_OUT_OF_HOST_MEMORY;
        return fail(oom ? kOutOfMemory : kApiError,
                    what + " failed with OpenCL error " + std::to_string(status));
    }

    /// Uses `queue` (retained) or the first device of the first platform that has one, then
    /// builds `source` with `options` and creates every kernel of it.
    int init(cl_command_queue queue, const char* source, const std::string& options) {
        if (queue) {
            FJORD_TRY(check(clRetainCommandQueue(queue), "clRetainCommandQueue"));
            queue_ = queue;
            FJORD_TRY(check(clGetCommandQueueInfo(queue, CL_QUEUE_CONTEXT, sizeof(context_),
                                                  &context_, nullptr),
                            "clGetCommandQueueInfo"));
            FJORD_TRY(check(clRetainContext(context_), "clRetainContext"));
            FJORD_TRY(check(clGetCommandQueueInfo(queue, CL_QUEUE_DEVICE, sizeof(device_),
                                                  &device_, nullptr),
                            "clGetCommandQueueInfo"));
        } else {
            FJORD_TRY(pickDevice());
            cl_int status = CL_SUCCESS;
            context_ = clCreateContext(nullptr, 1, &device_, nullptr, nullptr, &status);
            FJORD_TRY(check(status, "clCreateContext"));
            queue_ = clCreateCommandQueue(context_, device_, 0, &status);
            FJORD_TRY(check(status, "clCreateCommandQueue"));
        }
        FJORD_TRY(queryLimits());
        FJORD_TRY(build(source, options));
        return createKernels();
    }

    const DeviceLimits& limits() const { return limits_; }

    /// Points `buffer` at `bytes` (at least one) of device memory, releasing what it held:
    /// a cached allocation of the same size class when there is one, else a new one (after
    /// releasing the whole cache when the device is out of memory).
    int alloc(Buffer& buffer, int64_t bytes) {
        buffer.reset();
        int64_t size = FreeList<cl_mem>::sizeClass(bytes);
        cl_mem mem = cache_.take(size);
        if (!mem) {
            cl_int status = CL_SUCCESS;
            mem = clCreateBuffer(context_, CL_MEM_READ_WRITE, static_cast<size_t>(size), nullptr,
                                 &status);
            if (status != CL_SUCCESS && status != CL_INVALID_BUFFER_SIZE &&
                cache_.cachedBytes() > 0) {
                releaseCache();
                mem = clCreateBuffer(context_, CL_MEM_READ_WRITE, static_cast<size_t>(size),
                                     nullptr, &status);
            }
            FJORD_TRY(check(status, "clCreateBuffer of " + std::to_string(bytes) + " bytes"));
            stats_.allocated(size);
        }
        buffer.mem_ = mem;
        buffer.size_ = size;
        buffer.owner_ = this;
        return kSuccess;
    }

    /// Takes back the memory of a buffer being reset, for reuse.
    void recycle(cl_mem mem, int64_t size) { cache_.give(mem, size); }

    /// Releases every cached allocation (on out-of-memory, clear_caches and context free).
    void releaseCache() {
        cache_.releaseAll([this](cl_mem mem, int64_t size) {
            clReleaseMemObject(mem);
            stats_.released(size);
        });
    }

    /// `<prefix>_context_report`'s JSON text (malloc'd).
    char* report() const { return stats_.report(cache_.cachedBytes()); }

    /// Copies `bytes` from `src` at byte offset `srcOffset` to `dst` at `dstOffset`.
    int copy(const Buffer& dst, int64_t dstOffset, const Buffer& src, int64_t srcOffset,
             int64_t bytes) {
        return copyMem(dst.get(), dstOffset, src.get(), srcOffset, bytes);
    }

    /// Copies a cl_mem that the caller owns into `dst` (for `new_raw`).
    int copyFromRaw(const Buffer& dst, cl_mem src, int64_t bytes) {
        return copyMem(dst.get(), 0, src, 0, bytes);
    }

    /// Copies host memory into a buffer at byte offset `dstOffset` (blocking).
    int write(const Buffer& dst, int64_t dstOffset, const void* src, int64_t bytes) {
        if (bytes <= 0)
            return kSuccess;
        return check(clEnqueueWriteBuffer(queue_, dst.get(), CL_TRUE,
                                          static_cast<size_t>(dstOffset),
                                          static_cast<size_t>(bytes), src, 0, nullptr, nullptr),
                     "clEnqueueWriteBuffer");
    }

    /// Copies a buffer into host memory (blocking).
    int read(void* dst, const Buffer& src, int64_t srcOffset, int64_t bytes) {
        if (bytes <= 0)
            return kSuccess;
        return check(clEnqueueReadBuffer(queue_, src.get(), CL_TRUE,
                                         static_cast<size_t>(srcOffset),
                                         static_cast<size_t>(bytes), dst, 0, nullptr, nullptr),
                     "clEnqueueReadBuffer");
    }

    /// Writes `value` at element `index` of a buffer of T (synchronously).
    template <class T> int writeScalar(const Buffer& dst, int64_t index, T value) {
        return write(dst, index * static_cast<int64_t>(sizeof(T)), &value, sizeof(T));
    }

    /// Reads element `index` of a buffer of T into `out`.
    template <class T> int readScalar(T& out, const Buffer& src, int64_t index) {
        return read(&out, src, index * static_cast<int64_t>(sizeof(T)), sizeof(T));
    }

    /// Runs kernel `name` over `blocks` work-groups of `threads` work-items with `args`
    /// (buffers or scalars of the kernel's parameter types). Nothing runs when `blocks` is 0.
    template <class... Args>
    int launch(const char* name, int64_t blocks, int64_t threads, const Args&... args) {
        return launchShared(name, blocks, threads, 0, args...);
    }

    /// Like launch, with `sharedBytes` of local memory per work-group for the kernel's last
    /// parameter (a `__local` pointer) when it is positive.
    template <class... Args>
    int launchShared(const char* name, int64_t blocks, int64_t threads, int64_t sharedBytes,
                     const Args&... args) {
        if (blocks <= 0)
            return kSuccess;
        auto found = kernels_.find(std::string_view(name));
        if (found == kernels_.end())
            return fail(kApiError, std::string("launch of ") + name + ": no such kernel");
        cl_kernel kernel = found->second;
        cl_uint index = 0;
        int status = kSuccess;
        ((status = status ? status : setArg(kernel, name, index++, args)), ...);
        FJORD_TRY(status);
        if (sharedBytes > 0)
            FJORD_TRY(setRaw(kernel, name, index, static_cast<size_t>(sharedBytes), nullptr));
        size_t local = static_cast<size_t>(threads);
        size_t global = static_cast<size_t>(blocks) * local;
        return check(clEnqueueNDRangeKernel(queue_, kernel, 1, nullptr, &global, &local, 0,
                                            nullptr, nullptr),
                     std::string("launch of ") + name);
    }

    int sync() { return check(clFinish(queue_), "clFinish"); }

    /// Lowers each block size the host picks (a tuning parameter `<base>.block_size`) to the
    /// CL_KERNEL_WORK_GROUP_SIZE of the kernels it launches (named `<base>` or `<base>_N`):
    /// a kernel's registers or local memory may allow fewer work-items than the device
    /// does, and a launch beyond them fails. (CUDA kernels state their largest block with
    /// __launch_bounds__ instead.)
    template <class Values, std::size_t N>
    void clampBlockSizes(const std::array<fjord_rt::TuningParam<Values>, N>& params,
                         Values& values) const {
        constexpr std::string_view suffix = ".block_size";
        for (const fjord_rt::TuningParam<Values>& param : params) {
            std::string_view name(param.name);
            if (name.size() <= suffix.size() || name.substr(name.size() - suffix.size()) != suffix)
                continue;
            std::string_view base = name.substr(0, name.size() - suffix.size());
            for (const auto& [kernel, most] : blockLimits_) {
                std::string_view k(kernel);
                bool launched = k == base ||
                                (k.size() > base.size() + 1 && k.substr(0, base.size()) == base &&
                                 k[base.size()] == '_' &&
                                 k.find_first_not_of("0123456789", base.size() + 1) ==
                                     std::string_view::npos);
                if (launched && most > 0 && values.*param.value > most)
                    values.*param.value = most;
            }
        }
    }

    /// Evicts the device's global memory cache by filling a buffer of twice its size, then
    /// waits (for timing calls with a cold cache, `--flush-l2`).
    int flushL2() {
        if (!l2Scratch_.get()) {
            cl_ulong cache = 0;
            FJORD_TRY(check(clGetDeviceInfo(device_, CL_DEVICE_GLOBAL_MEM_CACHE_SIZE,
                                            sizeof(cache), &cache, nullptr),
                            "clGetDeviceInfo"));
            FJORD_TRY(alloc(l2Scratch_, 2 * static_cast<int64_t>(cache > 0 ? cache : 1 << 20)));
        }
        cl_uchar pattern = static_cast<cl_uchar>(++l2Flushes_);
        FJORD_TRY(check(clEnqueueFillBuffer(queue_, l2Scratch_.get(), &pattern, 1, 0,
                                            static_cast<size_t>(l2Scratch_.size_), 0, nullptr,
                                            nullptr),
                        "clEnqueueFillBuffer"));
        return sync();
    }

private:
    int queryLimits() {
        size_t threads = 0;
        cl_ulong shared = 0;
        FJORD_TRY(check(clGetDeviceInfo(device_, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof(threads),
                                        &threads, nullptr),
                        "clGetDeviceInfo"));
        FJORD_TRY(check(clGetDeviceInfo(device_, CL_DEVICE_LOCAL_MEM_SIZE, sizeof(shared),
                                        &shared, nullptr),
                        "clGetDeviceInfo"));
        limits_ = {static_cast<int64_t>(threads), static_cast<int64_t>(shared)};
        return kSuccess;
    }

    int pickDevice() {
        cl_uint numPlatforms = 0;
        FJORD_TRY(check(clGetPlatformIDs(0, nullptr, &numPlatforms), "clGetPlatformIDs"));
        std::vector<cl_platform_id> platforms(numPlatforms);
        if (numPlatforms > 0)
            FJORD_TRY(check(clGetPlatformIDs(numPlatforms, platforms.data(), nullptr),
                            "clGetPlatformIDs"));
        for (cl_platform_id platform : platforms) {
            if (clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device_, nullptr) ==
                CL_SUCCESS)
                return kSuccess;
        }
        return fail(kApiError, "no OpenCL device found");
    }

    int copyMem(cl_mem dst, int64_t dstOffset, cl_mem src, int64_t srcOffset, int64_t bytes) {
        if (bytes <= 0)
            return kSuccess;
        return check(clEnqueueCopyBuffer(queue_, src, dst, static_cast<size_t>(srcOffset),
                                         static_cast<size_t>(dstOffset),
                                         static_cast<size_t>(bytes), 0, nullptr, nullptr),
                     "clEnqueueCopyBuffer");
    }

    int build(const char* source, const std::string& options) {
        cl_int status = CL_SUCCESS;
        const char* texts[] = {kKernelPrelude, source};
        program_ = clCreateProgramWithSource(context_, 2, texts, nullptr, &status);
        FJORD_TRY(check(status, "clCreateProgramWithSource"));
        status = clBuildProgram(program_, 1, &device_, options.c_str(), nullptr, nullptr);
        if (status == CL_SUCCESS)
            return kSuccess;
        size_t size = 0;
        clGetProgramBuildInfo(program_, device_, CL_PROGRAM_BUILD_LOG, 0, nullptr, &size);
        std::string log(size, '\0');
        clGetProgramBuildInfo(program_, device_, CL_PROGRAM_BUILD_LOG, size, log.data(), nullptr);
        return fail(kApiError, "clBuildProgram failed:\n" + log);
    }

    /// Creates every kernel of the built program, found by name when launched.
    int createKernels() {
        cl_uint count = 0;
        FJORD_TRY(check(clCreateKernelsInProgram(program_, 0, nullptr, &count),
                        "clCreateKernelsInProgram"));
        std::vector<cl_kernel> kernels(count);
        if (count > 0)
            FJORD_TRY(check(clCreateKernelsInProgram(program_, count, kernels.data(), nullptr),
                            "clCreateKernelsInProgram"));
        for (cl_kernel kernel : kernels) {
            size_t size = 0;
            std::string name;
            cl_int status = clGetKernelInfo(kernel, CL_KERNEL_FUNCTION_NAME, 0, nullptr, &size);
            if (status == CL_SUCCESS) {
                name.resize(size);
                status = clGetKernelInfo(kernel, CL_KERNEL_FUNCTION_NAME, size, name.data(),
                                         nullptr);
                name.resize(name.empty() ? 0 : size - 1); // without the terminating NUL
            }
            if (status != CL_SUCCESS || !kernels_.emplace(name, kernel).second)
                clReleaseKernel(kernel);
            FJORD_TRY(check(status, "clGetKernelInfo"));
            size_t most = 0; // the work-group size this kernel can be launched with here
            FJORD_TRY(check(clGetKernelWorkGroupInfo(kernel, device_, CL_KERNEL_WORK_GROUP_SIZE,
                                                     sizeof(most), &most, nullptr),
                            "clGetKernelWorkGroupInfo"));
            blockLimits_[name] = static_cast<int64_t>(most);
        }
        return kSuccess;
    }

    int setArg(cl_kernel kernel, const char* name, cl_uint index, const Buffer& buffer) {
        cl_mem mem = buffer.get();
        return setRaw(kernel, name, index, sizeof(mem), &mem);
    }
    template <class T> int setArg(cl_kernel kernel, const char* name, cl_uint index, const T& v) {
        static_assert(std::is_arithmetic_v<T>, "kernel arguments are buffers or scalars");
        return setRaw(kernel, name, index, sizeof(T), &v);
    }
    int setRaw(cl_kernel kernel, const char* name, cl_uint index, size_t size, const void* v) {
        return check(clSetKernelArg(kernel, index, size, v),
                     std::string("clSetKernelArg(") + name + ", " + std::to_string(index) + ")");
    }

    cl_device_id device_ = nullptr;
    cl_context context_ = nullptr;
    cl_command_queue queue_ = nullptr;
    cl_program program_ = nullptr;
    std::map<std::string, cl_kernel, std::less<>> kernels_; ///< by name
    /// CL_KERNEL_WORK_GROUP_SIZE of each kernel, by name (clampBlockSizes).
    std::map<std::string, int64_t, std::less<>> blockLimits_;
    DeviceLimits limits_;
    ErrorState error_;
    FreeList<cl_mem> cache_;
    AllocationStats stats_;
    Buffer l2Scratch_; ///< filled by flushL2
    int l2Flushes_ = 0;
};

/// The Device of a module whose OpenCL C text is `Source` and whose tuning parameters are
/// `Params`: a context builds the text when created and fits its block sizes to the kernels.
template <const char* Source, const auto& Params> struct Program : Device {
    template <class Tuning> int init(cl_command_queue queue, Tuning& tuning) {
        FJORD_TRY(Device::init(queue, Source, "-cl-std=CL1.2"));
        clampBlockSizes(Params, tuning);
        return kSuccess;
    }
};

inline void Buffer::reset() {
    if (mem_)
        owner_->recycle(mem_, size_);
    mem_ = nullptr;
}

} // namespace fjord_rt::opencl
