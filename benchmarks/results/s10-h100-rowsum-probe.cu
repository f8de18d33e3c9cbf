// Where the rowsums:square gap to CUB goes (benchmarks/results/s10-h100-tiling.md): times
// Fjord's generated segmented-reduction kernel (square_reduce, pasted from the rowsums.cu
// that `fjord cuda` writes) with CUDA events and a cold L2, as the peer harness times CUB,
// beside block sizes and a 16-byte-load variant, and the host-timed launch + stream sync of
// the same launch, which is what fjord bench measures of a call. Build beside an export's
// runtime headers: nvcc -std=c++17 -O3 -arch=sm_90 -I<export>/rowsums.fut s10-h100-rowsum-probe.cu
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include "fjord_runtime_cuda.h"

#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("%s: %s\n", #x, cudaGetErrorString(e)); exit(1); } } while (0)

static __global__ void square_reduce(int64_t threads_per_segment, int64_t segments,
                                     int64_t xss_len2, const float *xss_mem, float *result_0_mem) {
    __shared__ float mapped_shared[1024];
    int64_t tid = (int64_t)threadIdx.x;
    int64_t gtid = (int64_t)blockIdx.x * (int64_t)blockDim.x + tid;
    int64_t segment = gtid / threads_per_segment;
    int64_t lane = gtid % threads_per_segment;
    float mapped_acc = 0.0f;
    if (segment < segments) {
        int64_t gtid_2 = lane;
        while (gtid_2 < xss_len2) {
            float x = xss_mem[segment * xss_len2 + gtid_2];
            mapped_acc = mapped_acc + x;
            gtid_2 = gtid_2 + threads_per_segment;
        }
    }
    FJORD_GROUP_REDUCE(float, mapped_acc, mapped_shared, tid, threads_per_segment, 0.0f,
                       mapped_above, mapped_acc + mapped_above);
    if (lane == 0 && segment < segments) {
        result_0_mem[segment] = mapped_acc;
    }
}

// One block per row, 16-byte loads where the row is aligned, four in flight per thread.
static __global__ void square_reduce_vec(int64_t segments, int64_t len, const float *x,
                                         float *out) {
    __shared__ float sh[1024];
    int64_t tid = threadIdx.x, seg = blockIdx.x, G = blockDim.x;
    float acc = 0.0f;
    const float *row = x + seg * len;
    int64_t groups = len / 4;
    const float4 *row4 = reinterpret_cast<const float4 *>(row);
    int64_t g = tid;
    for (; g + 3 * G < groups; g += 4 * G) {
        float4 a = row4[g], b = row4[g + G], c = row4[g + 2 * G], d = row4[g + 3 * G];
        acc += (a.x + a.y + a.z + a.w) + (b.x + b.y + b.z + b.w) + (c.x + c.y + c.z + c.w) +
               (d.x + d.y + d.z + d.w);
    }
    for (; g < groups; g += G) { float4 a = row4[g]; acc += a.x + a.y + a.z + a.w; }
    for (int64_t i = groups * 4 + tid; i < len; i += G) acc += row[i];
    FJORD_GROUP_REDUCE(float, acc, sh, tid, G, 0.0f, above, acc + above);
    if (tid == 0) out[seg] = acc;
}

__global__ void evict(const int4 *p, int64_t n, int4 *sink) {
    int4 s = {0, 0, 0, 0};
    for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < n; i += (int64_t)gridDim.x * blockDim.x) { int4 v = p[i]; s.x ^= v.x; }
    if (s.x == 12345) *sink = s;
}

int main() {
    const int64_t rows = 16384, cols = 16384, n = rows * cols;
    std::vector<float> hx(n);
    uint32_t st = 1;
    for (int64_t i = 0; i < n; ++i) { st = st * 1664525u + 1013904223u; hx[i] = (st >> 8) * (1.0f / 16777216.0f); }
    std::vector<double> ref(rows, 0.0);
    for (int64_t r = 0; r < rows; ++r) for (int64_t c = 0; c < cols; ++c) ref[r] += hx[r * cols + c];
    float *x, *y; int4 *flush, *sink;
    const int64_t flushBytes = 100ll << 20;
    CK(cudaMalloc(&x, n * 4)); CK(cudaMalloc(&y, rows * 4)); CK(cudaMalloc(&flush, flushBytes)); CK(cudaMalloc(&sink, 16));
    CK(cudaMemset(flush, 1, flushBytes));
    CK(cudaMemcpy(x, hx.data(), n * 4, cudaMemcpyHostToDevice));
    cudaStream_t s; CK(cudaStreamCreate(&s));
    auto run = [&](const char *name, auto launch) {
        std::vector<float> ev, host;
        cudaEvent_t a, b; CK(cudaEventCreate(&a)); CK(cudaEventCreate(&b));
        for (int r = 0; r < 33; ++r) {
            CK(cudaMemsetAsync(y, 0xff, rows * 4, s));
            evict<<<1024, 256, 0, s>>>(flush, flushBytes / 16, sink);
            CK(cudaStreamSynchronize(s));
            auto t0 = std::chrono::steady_clock::now();
            CK(cudaEventRecord(a, s)); launch(); CK(cudaEventRecord(b, s));
            CK(cudaStreamSynchronize(s));
            auto t1 = std::chrono::steady_clock::now();
            CK(cudaGetLastError());
            float ms; CK(cudaEventElapsedTime(&ms, a, b));
            if (r >= 3) { ev.push_back(ms * 1000); host.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count()); }
        }
        std::vector<float> hy(rows); CK(cudaMemcpy(hy.data(), y, rows * 4, cudaMemcpyDeviceToHost));
        double err = 0, nrm = 0;
        for (int64_t r = 0; r < rows; ++r) { err += (hy[r] - ref[r]) * (hy[r] - ref[r]); nrm += ref[r] * ref[r]; }
        std::sort(ev.begin(), ev.end()); std::sort(host.begin(), host.end());
        printf("%-34s events %7.1f us (min %7.1f)  host launch+sync %7.1f us  %6.0f GB/s  relerr %.1e\n", name,
               ev[ev.size() / 2], ev[0], host[host.size() / 2], n * 4.0 / ev[ev.size() / 2] / 1e3, std::sqrt(err / nrm));
    };
    for (int64_t bs : {256, 512, 1024})
        run(("fjord square_reduce, block " + std::to_string(bs)).c_str(), [&] {
            square_reduce<<<rows, bs, 0, s>>>(bs, rows, cols, x, y); });
    for (int64_t bs : {256, 512, 1024})
        run(("float4 x4 per row, block " + std::to_string(bs)).c_str(), [&] {
            square_reduce_vec<<<rows, bs, 0, s>>>(rows, cols, x, y); });
    run("empty-ish: one block of 32", [&] { square_reduce<<<1, 32, 0, s>>>(32, 1, 32, x, y); });
    return 0;
}
