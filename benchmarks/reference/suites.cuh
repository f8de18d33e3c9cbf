// Hand-written CUDA for the Rodinia and Parboil programs of benchmarks/, written by us from
// the same algorithms as the .fut programs (not the suites' own code): straightforward
// kernels of the kind a CUDA programmer writes first, with shared memory where the
// algorithm obviously wants it (mri-q's samples, histo's sub-histograms). Each computes
// what its .fut program computes, at the size of its timed dataset, and is checked on
// samples against a host computation. Included once, by reference.cu.
#pragma once
#include "common.cuh"

namespace {

// ---- Rodinia pathfinder: one kernel per row of the dynamic programme.
__global__ void pathfinderRow(const int* wall, const int* cost, int* next, int cols) {
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (j >= cols)
        return;
    int left = cost[max(j - 1, 0)], right = cost[min(j + 1, cols - 1)];
    next[j] = wall[j] + min(cost[j], min(left, right));
}

void pathfinder() {
    const int rows = 100, cols = 100000;
    std::vector<int> wall = randomInts(size_t(rows) * cols, 21, 0, 9);
    DeviceArray<int> w(wall), a(cols), b(cols);
    int* result = nullptr;
    bench("benchmarks/rodinia/pathfinder.fut:main", "#1 (\"[100][100000]i32\")",
          [&] {
              CHECK_CUDA(cudaMemcpyAsync(a.ptr, w.ptr, cols * 4, cudaMemcpyDeviceToDevice, gStream));
              int *cost = a.ptr, *next = b.ptr;
              for (int i = 1; i < rows; ++i) {
                  pathfinderRow<<<(cols + 255) / 256, 256, 0, gStream>>>(w.ptr + size_t(i) * cols,
                                                                        cost, next, cols);
                  std::swap(cost, next);
              }
              result = cost;
          },
          [&] {
              std::vector<int> cost(wall.begin(), wall.begin() + cols), next(cols);
              for (int i = 1; i < rows; ++i) {
                  for (int j = 0; j < cols; ++j)
                      next[j] = wall[size_t(i) * cols + j] +
                                std::min(cost[j], std::min(cost[std::max(j - 1, 0)],
                                                           cost[std::min(j + 1, cols - 1)]));
                  std::swap(cost, next);
              }
              std::vector<int> got(cols);
              CHECK_CUDA(cudaMemcpy(got.data(), result, cols * 4, cudaMemcpyDeviceToHost));
              return got == cost;
          });
}

// ---- Rodinia hotspot: one kernel per time step, borders clamped.
struct HotspotConstants {
    float ambient = 80, stepOverCapacitance = 0.05f, rx = 0.5f, ry = 0.5f, rz = 0.01f;
};

__host__ __device__ inline float hotspotCell(const float* t, const float* power, int i, int j,
                                             int n, int m, HotspotConstants k) {
    int up = i > 0 ? i - 1 : 0, down = i + 1 < n ? i + 1 : n - 1;
    int left = j > 0 ? j - 1 : 0, right = j + 1 < m ? j + 1 : m - 1;
    float c = t[size_t(i) * m + j];
    float north = t[size_t(up) * m + j], south = t[size_t(down) * m + j];
    float west = t[size_t(i) * m + left], east = t[size_t(i) * m + right];
    return c + k.stepOverCapacitance * (power[size_t(i) * m + j] + (north + south - 2 * c) * k.ry +
                                        (east + west - 2 * c) * k.rx + (k.ambient - c) * k.rz);
}

__global__ void hotspotStep(const float* t, const float* power, float* out, int n, int m) {
    int j = blockIdx.x * blockDim.x + threadIdx.x, i = blockIdx.y * blockDim.y + threadIdx.y;
    if (i < n && j < m)
        out[size_t(i) * m + j] = hotspotCell(t, power, i, j, n, m, HotspotConstants{});
}

void hotspot() {
    const int n = 1024, steps = 100;
    std::vector<float> temp = randomFloats(size_t(n) * n, 22), power = randomFloats(size_t(n) * n, 23);
    DeviceArray<float> t0(temp), p(power), a(size_t(n) * n), b(size_t(n) * n);
    bench("benchmarks/rodinia/hotspot.fut:main", "#1 (\"[1024][1024]f32 [1024][1024]f32\")",
          [&] {
              const float* src = t0.ptr;
              float *dst = a.ptr, *spare = b.ptr;
              for (int s = 0; s < steps; ++s) {
                  hotspotStep<<<dim3(n / 32, n / 8), dim3(32, 8), 0, gStream>>>(src, p.ptr, dst, n, n);
                  src = dst;
                  std::swap(dst, spare);
              }
          },
          [&] {
              std::vector<float> u = temp, v(u.size());
              for (int s = 0; s < steps; ++s) {
                  for (int i = 0; i < n; ++i)
                      for (int j = 0; j < n; ++j)
                          v[size_t(i) * n + j] = hotspotCell(u.data(), power.data(), i, j, n, n, {});
                  std::swap(u, v);
              }
              std::vector<float> got = b.host(); // step 100 (even) wrote b
              return close(u[size_t(517) * n + 3], got[size_t(517) * n + 3], 1e-4) &&
                     close(u[size_t(n - 1) * n + n - 1], got[size_t(n - 1) * n + n - 1], 1e-4);
          });
}

// ---- Rodinia nn: distances and the nearest record in one pass; the minimum of (distance
// bits, index) packed in 64 bits, so ties go to the lowest index (distances are >= 0, so
// their bits order like the floats).
__global__ void nearest(float lat, float lng, const float* lats, const float* lngs, int n,
                        unsigned long long* best) {
    unsigned long long mine = ~0ull;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        float a = lats[i] - lat, b = lngs[i] - lng;
        float d = sqrtf(a * a + b * b);
        mine = min(mine, (static_cast<unsigned long long>(__float_as_uint(d)) << 32) | unsigned(i));
    }
    for (int offset = 16; offset > 0; offset /= 2)
        mine = min(mine, __shfl_down_sync(0xffffffffu, mine, offset));
    if (threadIdx.x % 32 == 0)
        atomicMin(best, mine);
}

void nn() {
    const int n = 5242880;
    std::vector<float> lats = randomFloats(n, 24), lngs = randomFloats(n, 25);
    const float lat = 0.25f, lng = 0.75f;
    DeviceArray<float> la(lats), lo(lngs);
    DeviceArray<unsigned long long> best(1);
    bench("benchmarks/rodinia/nn.fut:main", "#1 (\"f32 f32 [5242880]f32 [5242880]f32\")",
          [&] {
              CHECK_CUDA(cudaMemsetAsync(best.ptr, 0xff, 8, gStream));
              nearest<<<132 * 8, 256, 0, gStream>>>(lat, lng, la.ptr, lo.ptr, n, best.ptr);
          },
          [&] {
              int want = 0;
              float wantDist = INFINITY;
              for (int i = 0; i < n; ++i) {
                  float a = lats[i] - lat, b = lngs[i] - lng;
                  float d = std::sqrt(a * a + b * b);
                  if (d < wantDist) {
                      wantDist = d;
                      want = i;
                  }
              }
              return int(best.host()[0] & 0xffffffffu) == want;
          });
}

// ---- Parboil mri-q: each thread one voxel; the samples pass through shared memory in
// chunks, as every thread of a block reads all of them.
__global__ void phiMagnitude(const float* re, const float* im, float* mag, int k) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < k)
        mag[i] = re[i] * re[i] + im[i] * im[i];
}

constexpr int kMriChunk = 256;

__global__ void mriQ(const float* kx, const float* ky, const float* kz, const float* mag, int k,
                     const float* x, const float* y, const float* z, float* qr, float* qi, int v) {
    __shared__ float sx[kMriChunk], sy[kMriChunk], sz[kMriChunk], sm[kMriChunk];
    int voxel = blockIdx.x * blockDim.x + threadIdx.x;
    float px = voxel < v ? x[voxel] : 0, py = voxel < v ? y[voxel] : 0, pz = voxel < v ? z[voxel] : 0;
    float re = 0, im = 0;
    for (int base = 0; base < k; base += kMriChunk) {
        int s = base + threadIdx.x;
        __syncthreads();
        if (s < k) {
            sx[threadIdx.x] = kx[s];
            sy[threadIdx.x] = ky[s];
            sz[threadIdx.x] = kz[s];
            sm[threadIdx.x] = mag[s];
        }
        __syncthreads();
        for (int j = 0; j < min(kMriChunk, k - base); ++j) {
            float angle = 2 * 3.14159265358979f * (sx[j] * px + sy[j] * py + sz[j] * pz);
            float sine, cosine;
            sincosf(angle, &sine, &cosine);
            re += sm[j] * cosine;
            im += sm[j] * sine;
        }
    }
    if (voxel < v) {
        qr[voxel] = re;
        qi[voxel] = im;
    }
}

void mriq() {
    const int k = 2048, v = 262144;
    std::vector<std::vector<float>> in;
    for (int i = 0; i < 5; ++i)
        in.push_back(randomFloats(k, 30 + i));
    for (int i = 0; i < 3; ++i)
        in.push_back(randomFloats(v, 35 + i));
    DeviceArray<float> kx(in[0]), ky(in[1]), kz(in[2]), re(in[3]), im(in[4]), x(in[5]), y(in[6]),
        z(in[7]), mag(k), qr(v), qi(v);
    bench("benchmarks/parboil/mri-q.fut:main", "#1 (\"[2048]f32 [2048]f32 [2048]f32 [2048]f...\")",
          [&] {
              phiMagnitude<<<(k + 255) / 256, 256, 0, gStream>>>(re.ptr, im.ptr, mag.ptr, k);
              mriQ<<<(v + kMriChunk - 1) / kMriChunk, kMriChunk, 0, gStream>>>(
                  kx.ptr, ky.ptr, kz.ptr, mag.ptr, k, x.ptr, y.ptr, z.ptr, qr.ptr, qi.ptr, v);
          },
          [&] {
              const int voxel = 12345;
              double wantRe = 0, wantIm = 0;
              for (int j = 0; j < k; ++j) {
                  double m = double(in[3][j]) * in[3][j] + double(in[4][j]) * in[4][j];
                  double angle = 2 * M_PI * (double(in[0][j]) * in[5][voxel] +
                                             double(in[1][j]) * in[6][voxel] +
                                             double(in[2][j]) * in[7][voxel]);
                  wantRe += m * std::cos(angle);
                  wantIm += m * std::sin(angle);
              }
              return close(wantRe, qr.host()[voxel], 1e-3) && close(wantIm, qi.host()[voxel], 1e-3);
          });
}

// ---- Parboil histo: 4096 saturating 8-bit bins. Counts go to a per-block sub-histogram in
// shared memory (16 KiB), then to global 32-bit counts; a last kernel saturates them, which
// equals saturating every addition as the counts only grow.
constexpr int kHistoBins = 4096;

__global__ void histoCount(const int* values, int n, unsigned* counts) {
    __shared__ unsigned local[kHistoBins];
    for (int b = threadIdx.x; b < kHistoBins; b += blockDim.x)
        local[b] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        atomicAdd(&local[((values[i] % kHistoBins) + kHistoBins) % kHistoBins], 1u);
    __syncthreads();
    for (int b = threadIdx.x; b < kHistoBins; b += blockDim.x)
        if (local[b])
            atomicAdd(&counts[b], local[b]);
}

__global__ void histoSaturate(const unsigned* counts, unsigned char* bins) {
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b < kHistoBins)
        bins[b] = static_cast<unsigned char>(min(counts[b], 255u));
}

void histo() {
    const int n = 1 << 20;
    std::vector<int> values = randomInts(n, 40, -100000, 100000);
    DeviceArray<int> in(values);
    DeviceArray<unsigned> counts(kHistoBins);
    DeviceArray<unsigned char> bins(kHistoBins);
    bench("benchmarks/parboil/histo.fut:main", "#1 (\"[1048576]i32\")",
          [&] {
              CHECK_CUDA(cudaMemsetAsync(counts.ptr, 0, kHistoBins * 4, gStream));
              histoCount<<<132 * 2, 512, 0, gStream>>>(in.ptr, n, counts.ptr);
              histoSaturate<<<kHistoBins / 256, 256, 0, gStream>>>(counts.ptr, bins.ptr);
          },
          [&] {
              std::vector<unsigned> want(kHistoBins);
              for (int v : values)
                  want[((v % kHistoBins) + kHistoBins) % kHistoBins]++;
              std::vector<unsigned char> got = bins.host();
              for (int b = 0; b < kHistoBins; ++b)
                  if (got[b] != std::min(want[b], 255u))
                      return false;
              return true;
          });
}

// ---- Parboil stencil: a 7-point Jacobi step per kernel; each thread owns a column (j, k)
// and walks it along i, keeping the three planes' values it needs in registers.
__global__ void stencilStep(const float* g, float* out, int d, int r, int c) {
    const float c0 = 1.0f / 6.0f, c1 = 1.0f / 6.0f / 6.0f;
    int k = blockIdx.x * blockDim.x + threadIdx.x, j = blockIdx.y * blockDim.y + threadIdx.y;
    if (j >= r || k >= c)
        return;
    size_t plane = size_t(r) * c, at = size_t(j) * c + k;
    bool border = j == 0 || j == r - 1 || k == 0 || k == c - 1;
    float below = g[at], here = g[plane + at];
    out[at] = below;
    for (int i = 1; i < d - 1; ++i) {
        size_t cell = size_t(i) * plane + at;
        float above = g[cell + plane];
        out[cell] = border ? here
                           : c1 * (below + above + g[cell - c] + g[cell + c] + g[cell - 1] + g[cell + 1]) -
                                 c0 * here;
        below = here;
        here = above;
    }
    out[size_t(d - 1) * plane + at] = here;
}

void stencil() {
    const int d = 64, r = 512, c = 512, iterations = 20;
    std::vector<float> grid = randomFloats(size_t(d) * r * c, 41);
    DeviceArray<float> g(grid), a(grid.size()), b(grid.size());
    bench("benchmarks/parboil/stencil.fut:main", "#1 (\"[64][512][512]f32\")",
          [&] {
              const float* src = g.ptr;
              float *dst = a.ptr, *spare = b.ptr;
              for (int s = 0; s < iterations; ++s) {
                  stencilStep<<<dim3(c / 32, r / 8), dim3(32, 8), 0, gStream>>>(src, dst, d, r, c);
                  src = dst;
                  std::swap(dst, spare);
              }
          },
          [&] {
              // The 41^3 corner on the host: its far faces are wrong (held fixed), but the
              // error moves one cell per iteration, so cell (10, 10, 10) is exact.
              const int s = 41;
              auto at = [&](int i, int j, int k) { return (size_t(i) * s + j) * s + k; };
              std::vector<float> u(size_t(s) * s * s), v(u.size());
              for (int i = 0; i < s; ++i)
                  for (int j = 0; j < s; ++j)
                      for (int k = 0; k < s; ++k)
                          u[at(i, j, k)] = grid[(size_t(i) * r + j) * c + k];
              for (int it = 0; it < iterations; ++it) {
                  for (int i = 0; i < s; ++i)
                      for (int j = 0; j < s; ++j)
                          for (int k = 0; k < s; ++k) {
                              bool edge = i == 0 || j == 0 || k == 0 || i == s - 1 || j == s - 1 || k == s - 1;
                              v[at(i, j, k)] =
                                  edge ? u[at(i, j, k)]
                                       : 1.0f / 36 * (u[at(i - 1, j, k)] + u[at(i + 1, j, k)] +
                                                      u[at(i, j - 1, k)] + u[at(i, j + 1, k)] +
                                                      u[at(i, j, k - 1)] + u[at(i, j, k + 1)]) -
                                             1.0f / 6 * u[at(i, j, k)];
                          }
                  std::swap(u, v);
              }
              std::vector<float> got = b.host(); // iteration 20 (even) wrote b
              return close(u[at(10, 10, 10)], got[(size_t(10) * r + 10) * c + 10], 1e-4);
          });
}

/// Every Rodinia and Parboil reference, in the order of the README's list.
void rodiniaAndParboil() {
    pathfinder();
    hotspot();
    nn();
    mriq();
    histo();
    stencil();
}

} // namespace
