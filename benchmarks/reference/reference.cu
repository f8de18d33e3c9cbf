// Reference implementations of the library-shaped workloads of benchmarks/, for the ratios
// that Fjord's performance issues report: CUB (sum, scan, row sums, histograms, filter),
// cuBLAS (SGEMM, packed triangular mat-vec), cudaMemcpyAsync (the device-to-device copy,
// the bandwidth ceiling) and hand-written CUDA (map, transpose, Jacobi, N-body, and the
// Rodinia and Parboil programs in suites.cuh). Each is
// timed like `fjord bench` times Fjord (one warm-up call, then RUNS calls, each from the
// call to the stream's synchronisation, inputs on the device) and checked on samples against
// a host computation; the results are written in futhark bench's JSON layout under the same
// "benchmarks/<prog>.fut:<entry>" keys and dataset names as `fjord bench`'s, so the two
// files pair up by key.
//
//   nvcc -O3 -std=c++17 -arch=sm_90 reference.cu -lcublas -o reference
//   ./reference RESULTS.json [RUNS]           (RUNS default 30)
#include <cublas_v2.h>
#include <cub/cub.cuh>
#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "common.cuh"
#include "suites.cuh"

namespace {

// ----------------------------------------------------------------------------------------
// Hand-written kernels

__global__ void mapKernel(const float* x, float* y, size_t n) {
    for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n;
         i += size_t(gridDim.x) * blockDim.x)
        y[i] = 2 * x[i] + 1;
}

__global__ void transposeKernel(const float* in, float* out, int rows, int cols) {
    __shared__ float tile[32][33];
    int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 32 + threadIdx.y;
    for (int k = 0; k < 32; k += 8)
        if (x < cols && y + k < rows)
            tile[threadIdx.y + k][threadIdx.x] = in[size_t(y + k) * cols + x];
    __syncthreads();
    x = blockIdx.y * 32 + threadIdx.x;
    y = blockIdx.x * 32 + threadIdx.y;
    for (int k = 0; k < 32; k += 8)
        if (x < rows && y + k < cols)
            out[size_t(y + k) * rows + x] = tile[threadIdx.x][threadIdx.y + k];
}

__global__ void jacobiKernel(const float* u, float* out, int n, int m) {
    int j = blockIdx.x * blockDim.x + threadIdx.x, i = blockIdx.y * blockDim.y + threadIdx.y;
    if (i >= n || j >= m)
        return;
    int up = max(i - 1, 0), down = min(i + 1, n - 1), left = max(j - 1, 0),
        right = min(j + 1, m - 1);
    out[size_t(i) * m + j] = 0.2f * (u[size_t(i) * m + j] + u[size_t(up) * m + j] +
                                     u[size_t(down) * m + j] + u[size_t(i) * m + left] +
                                     u[size_t(i) * m + right]);
}

__global__ void nbodyKernel(const float* x, const float* y, const float* z, const float* mass,
                            float* ax, float* ay, float* az, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float xi = x[i], yi = y[i], zi = z[i], sx = 0, sy = 0, sz = 0;
    for (int j = 0; j < n; ++j) {
        float dx = x[j] - xi, dy = y[j] - yi, dz = z[j] - zi;
        float r2 = dx * dx + dy * dy + dz * dz + 0.01f;
        float s = mass[j] / (r2 * sqrtf(r2));
        sx += s * dx;
        sy += s * dy;
        sz += s * dz;
    }
    ax[i] = sx;
    ay[i] = sy;
    az[i] = sz;
}

struct IsEven {
    __device__ bool operator()(int x) const { return x % 2 == 0; }
};

/// CUB's two-phase calls: asks for the temporary size, allocates it once, and returns a
/// call that runs the algorithm with it.
template <class F> std::function<void()> withTemp(F f) {
    size_t bytes = 0;
    f(nullptr, bytes);
    auto temp = std::make_shared<DeviceArray<char>>(bytes);
    return [f, temp] {
        size_t b = temp->n;
        f(temp->ptr, b);
    };
}

// ----------------------------------------------------------------------------------------
// The workloads, named as fjord bench names benchmarks/*.fut's datasets

const size_t kBig = size_t(1) << 28;

void copyAndMap() {
    DeviceArray<float> x(randomFloats(kBig, 1)), y(kBig);
    bench("reference/d2d-copy", "#0 (\"[268435456]f32\")",
          [&] { CHECK_CUDA(cudaMemcpyAsync(y.ptr, x.ptr, kBig * 4, cudaMemcpyDeviceToDevice, gStream)); },
          [] { return true; });
    bench("benchmarks/map.fut:main", "#1 (\"[268435456]f32\")",
          [&] { mapKernel<<<132 * 16, 256, 0, gStream>>>(x.ptr, y.ptr, kBig); },
          [&] {
              float in, out;
              CHECK_CUDA(cudaMemcpy(&in, x.ptr + 12345, 4, cudaMemcpyDeviceToHost));
              CHECK_CUDA(cudaMemcpy(&out, y.ptr + 12345, 4, cudaMemcpyDeviceToHost));
              return out == 2 * in + 1;
          });
}

void sumAndScan() {
    std::vector<float> xs = randomFloats(kBig, 2);
    DeviceArray<float> x(xs), sum(1);
    double want = 0;
    for (float v : xs)
        want += v;
    auto reduce = withTemp([&](void* t, size_t& b) {
        CHECK_CUDA(cub::DeviceReduce::Sum(t, b, x.ptr, sum.ptr, int64_t(kBig), gStream));
    });
    bench("benchmarks/sum.fut:main", "#1 (\"[268435456]f32\")", reduce,
          [&] { return close(want, sum.host()[0], 1e-4); });

    std::vector<int> is = randomInts(kBig, 3, -1000, 1000);
    DeviceArray<int> in(is), out(kBig);
    auto scan = withTemp([&](void* t, size_t& b) {
        CHECK_CUDA(cub::DeviceScan::InclusiveSum(t, b, in.ptr, out.ptr, int64_t(kBig), gStream));
    });
    bench("benchmarks/scan.fut:main", "#1 (\"[268435456]i32\")", scan, [&] {
        int last;
        CHECK_CUDA(cudaMemcpy(&last, out.ptr + kBig - 1, 4, cudaMemcpyDeviceToHost));
        int64_t want = 0;
        for (int v : is)
            want += v; // far from i32's limits for these inputs
        return int64_t(last) == want;
    });
}

void rowSums(const char* entry, const char* dataset, int rows, int cols) {
    std::vector<float> xs = randomFloats(size_t(rows) * cols, 4);
    DeviceArray<float> x(xs), out(rows);
    std::vector<int> offsets(rows + 1);
    for (int r = 0; r <= rows; ++r)
        offsets[r] = r * cols;
    DeviceArray<int> off(offsets);
    auto call = withTemp([&](void* t, size_t& b) {
        CHECK_CUDA(cub::DeviceSegmentedReduce::Sum(t, b, x.ptr, out.ptr, rows, off.ptr,
                                                   off.ptr + 1, gStream));
    });
    bench(std::string("benchmarks/rowsums.fut:") + entry, dataset, call, [&] {
        std::vector<float> got = out.host();
        for (int r : {0, rows / 2, rows - 1}) {
            double want = 0;
            for (int c = 0; c < cols; ++c)
                want += xs[size_t(r) * cols + c];
            if (!close(want, got[r], 1e-4))
                return false;
        }
        return true;
    });
}

void sgemm(cublasHandle_t handle) {
    const int n = 4096;
    std::vector<float> as = randomFloats(size_t(n) * n, 5), bs = randomFloats(size_t(n) * n, 6);
    DeviceArray<float> a(as), b(bs), c(size_t(n) * n);
    const float one = 1, zero = 0;
    // Row-major C = A B is column-major C^T = B^T A^T: pass B first.
    bench("benchmarks/sgemm.fut:main", "#1 (\"[4096][4096]f32 [4096][4096]f32\")",
          [&] {
              cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, b.ptr, n, a.ptr, n,
                          &zero, c.ptr, n);
          },
          [&] {
              std::vector<float> got = c.host();
              for (int i : {0, 1234, n - 1}) {
                  double want = 0;
                  for (int k = 0; k < n; ++k)
                      want += double(as[size_t(i) * n + k]) * bs[size_t(k) * n + 7];
                  if (!close(want, got[size_t(i) * n + 7], 1e-4))
                      return false;
              }
              return true;
          });
}

void histograms() {
    std::vector<int> xs = randomInts(kBig, 7, -1000, 1000);
    // Fjord's bins256 counts x mod 256; CUB bins the values themselves, so give it those.
    std::vector<int> bins(kBig);
    for (size_t i = 0; i < kBig; ++i)
        bins[i] = ((xs[i] % 256) + 256) % 256;
    DeviceArray<int> samples(bins), counts(65536);
    auto h256 = withTemp([&](void* t, size_t& b) {
        CHECK_CUDA(cub::DeviceHistogram::HistogramEven(t, b, samples.ptr, counts.ptr, 257, 0, 256,
                                                       int64_t(kBig), gStream));
    });
    std::vector<int> want(256);
    for (int v : bins)
        want[v]++;
    bench("benchmarks/hist.fut:bins256", "bins256 #1 (\"[268435456]i32\")", h256, [&] {
        std::vector<int> got = counts.host();
        return std::equal(want.begin(), want.end(), got.begin());
    });
    for (size_t i = 0; i < kBig; ++i)
        bins[i] = int(((int64_t(xs[i]) + 7919 * int64_t(i)) % 65536 + 65536) % 65536);
    CHECK_CUDA(cudaMemcpy(samples.ptr, bins.data(), kBig * 4, cudaMemcpyHostToDevice));
    auto h65536 = withTemp([&](void* t, size_t& b) {
        CHECK_CUDA(cub::DeviceHistogram::HistogramEven(t, b, samples.ptr, counts.ptr, 65537, 0,
                                                       65536, int64_t(kBig), gStream));
    });
    bench("benchmarks/hist.fut:bins65536", "bins65536 #1 (\"[268435456]i32\")", h65536, [&] {
        std::vector<int> got = counts.host();
        int64_t total = 0;
        for (int v : got)
            total += v;
        return total == int64_t(kBig);
    });
}

void filter() {
    std::vector<int> xs = randomInts(kBig, 8, -1000, 1000);
    DeviceArray<int> in(xs), out(kBig), count(1);
    auto call = withTemp([&](void* t, size_t& b) {
        CHECK_CUDA(cub::DeviceSelect::If(t, b, in.ptr, out.ptr, count.ptr, int64_t(kBig), IsEven(),
                                         gStream));
    });
    bench("benchmarks/filter.fut:main", "#1 (\"[268435456]i32\")", call, [&] {
        int64_t want = std::count_if(xs.begin(), xs.end(), [](int x) { return x % 2 == 0; });
        return count.host()[0] == want;
    });
}

void transpose() {
    const int n = 16384;
    std::vector<float> xs = randomFloats(size_t(n) * n, 9);
    DeviceArray<float> in(xs), out(size_t(n) * n);
    bench("benchmarks/transpose.fut:main", "#1 (\"[16384][16384]f32\")",
          [&] { transposeKernel<<<dim3(n / 32, n / 32), dim3(32, 8), 0, gStream>>>(in.ptr, out.ptr, n, n); },
          [&] {
              std::vector<float> got = out.host();
              return got[size_t(5) * n + 77] == xs[size_t(77) * n + 5];
          });
}

void jacobi() {
    const int n = 8192;
    std::vector<float> grid = randomFloats(size_t(n) * n, 10);
    DeviceArray<float> a(grid), b(size_t(n) * n);
    bench("benchmarks/jacobi.fut:main", "#1 (\"[8192][8192]f32\")",
          [&] {
              float *src = a.ptr, *dst = b.ptr;
              for (int step = 0; step < 100; ++step) {
                  jacobiKernel<<<dim3(n / 32, n / 8), dim3(32, 8), 0, gStream>>>(src, dst, n, n);
                  std::swap(src, dst);
              }
          },
          [&] {
              // 100 steps on the host over the 300 x 300 corner: cells more than 100 away
              // from its inner edges see no difference from the whole grid.
              const int r = 300;
              std::vector<float> u(size_t(r) * r), v(size_t(r) * r);
              for (int i = 0; i < r; ++i)
                  for (int j = 0; j < r; ++j)
                      u[size_t(i) * r + j] = grid[size_t(i) * n + j];
              for (int step = 0; step < 100; ++step) {
                  for (int i = 0; i < r; ++i)
                      for (int j = 0; j < r; ++j) {
                          int up = std::max(i - 1, 0), down = std::min(i + 1, r - 1);
                          int left = std::max(j - 1, 0), right = std::min(j + 1, r - 1);
                          v[size_t(i) * r + j] =
                              0.2f * (u[size_t(i) * r + j] + u[size_t(up) * r + j] +
                                      u[size_t(down) * r + j] + u[size_t(i) * r + left] +
                                      u[size_t(i) * r + right]);
                      }
                  std::swap(u, v);
              }
              std::vector<float> got = a.host(); // 100 steps (even): the result is back in a
              return close(u[size_t(50) * r + 60], got[size_t(50) * n + 60], 1e-5);
          });
}

void nbody() {
    const int n = 65536;
    std::vector<float> xs = randomFloats(n, 11), ys = randomFloats(n, 12),
                       zs = randomFloats(n, 13), ms = randomFloats(n, 14);
    DeviceArray<float> x(xs), y(ys), z(zs), m(ms), ax(n), ay(n), az(n);
    bench("benchmarks/nbody.fut:main",
          "#1 (\"[65536]f32 [65536]f32 [65536]f32 [655...\")",
          [&] { nbodyKernel<<<n / 256, 256, 0, gStream>>>(x.ptr, y.ptr, z.ptr, m.ptr, ax.ptr, ay.ptr, az.ptr, n); },
          [&] {
              const int i = 4321;
              double sx = 0;
              for (int j = 0; j < n; ++j) {
                  double dx = xs[j] - xs[i], dy = ys[j] - ys[i], dz = zs[j] - zs[i];
                  double r2 = dx * dx + dy * dy + dz * dz + 0.01;
                  sx += ms[j] / (r2 * std::sqrt(r2)) * dx;
              }
              return close(sx, ax.host()[i], 1e-3);
          });
}

void trmv(cublasHandle_t handle) {
    const int n = 16384;
    size_t packed = size_t(n) * (n + 1) / 2;
    std::vector<float> ls = randomFloats(packed, 15), xs = randomFloats(n, 16);
    DeviceArray<float> l(ls), x(xs), y(n);
    // Row-packed lower L is column-packed upper L^T: y = (L^T)^T x.
    bench("benchmarks/trmv.fut:main", "#1 (\"[16384]f32 [134225920]f32\")",
          [&] {
              CHECK_CUDA(cudaMemcpyAsync(y.ptr, x.ptr, n * 4, cudaMemcpyDeviceToDevice, gStream));
              cublasStpmv(handle, CUBLAS_FILL_MODE_UPPER, CUBLAS_OP_T, CUBLAS_DIAG_NON_UNIT, n,
                          l.ptr, y.ptr, 1);
          },
          [&] {
              std::vector<float> got = y.host();
              int i = n - 3;
              double want = 0;
              for (int j = 0; j <= i; ++j)
                  want += double(ls[size_t(i) * (i + 1) / 2 + j]) * xs[j];
              return close(want, got[i], 1e-4);
          });
}

} // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s RESULTS.json [RUNS]\n", argv[0]);
        return 2;
    }
    if (argc > 2)
        gRuns = std::max(1, std::atoi(argv[2]));
    CHECK_CUDA(cudaStreamCreateWithFlags(&gStream, cudaStreamNonBlocking));
    cublasHandle_t handle;
    if (cublasCreate(&handle) != CUBLAS_STATUS_SUCCESS || cublasSetStream(handle, gStream) != CUBLAS_STATUS_SUCCESS) {
        std::fprintf(stderr, "cannot create a cuBLAS handle\n");
        return 1;
    }
    cublasSetMathMode(handle, CUBLAS_DEFAULT_MATH); // FP32, no TF32
    copyAndMap();
    sumAndScan();
    rowSums("square", "#1 (\"[16384][16384]f32\")", 16384, 16384);
    rowSums("tall", "#2 (\"[4194304][64]f32\")", 4194304, 64);
    sgemm(handle);
    histograms();
    filter();
    transpose();
    jacobi();
    nbody();
    trmv(handle);
    rodiniaAndParboil();
    cublasDestroy(handle);
    FILE* out = std::fopen(argv[1], "w");
    if (!out)
        return 1;
    std::fprintf(out, "%s\n}\n", gJson.c_str());
    std::fclose(out);
    return 0;
}
