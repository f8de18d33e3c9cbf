// What every reference benchmark shares: error checks, device arrays, random inputs, and
// `bench`, which times a call as `fjord bench` does and records it in futhark bench's JSON
// layout. Included once, by reference.cu (the references build as one translation unit).
#pragma once
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

#define CHECK_CUDA(call)                                                                   \
    do {                                                                                   \
        cudaError_t e_ = (call);                                                           \
        if (e_ != cudaSuccess) {                                                           \
            std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); \
            std::exit(1);                                                                  \
        }                                                                                  \
    } while (0)

namespace {

int gRuns = 30;
cudaStream_t gStream;
std::string gJson = "{\n";

/// Device memory that frees itself.
template <class T> struct DeviceArray {
    T* ptr = nullptr;
    size_t n = 0;
    explicit DeviceArray(size_t count) : n(count) {
        CHECK_CUDA(cudaMalloc(&ptr, std::max<size_t>(count, 1) * sizeof(T)));
    }
    DeviceArray(const std::vector<T>& host) : DeviceArray(host.size()) {
        CHECK_CUDA(cudaMemcpy(ptr, host.data(), n * sizeof(T), cudaMemcpyHostToDevice));
    }
    ~DeviceArray() { cudaFree(ptr); }
    DeviceArray(const DeviceArray&) = delete;
    std::vector<T> host() const {
        std::vector<T> out(n);
        CHECK_CUDA(cudaMemcpy(out.data(), ptr, n * sizeof(T), cudaMemcpyDeviceToHost));
        return out;
    }
};

std::vector<float> randomFloats(size_t n, uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<float> d(0.0f, 1.0f);
    std::vector<float> v(n);
    for (float& x : v)
        x = d(rng);
    return v;
}

std::vector<int> randomInts(size_t n, uint64_t seed, int lo, int hi) {
    std::mt19937_64 rng(seed);
    std::uniform_int_distribution<int> d(lo, hi);
    std::vector<int> v(n);
    for (int& x : v)
        x = d(rng);
    return v;
}

/// Times `call` (one warm-up call, then gRuns calls up to the stream's synchronisation) and
/// records the runtimes in µs under `key` and `dataset`, with whether `check` passed.
void bench(const std::string& key, const std::string& dataset, const std::function<void()>& call,
           const std::function<bool()>& check) {
    call();
    CHECK_CUDA(cudaStreamSynchronize(gStream));
    bool correct = check();
    std::vector<double> runs;
    for (int i = 0; i < gRuns; ++i) {
        auto start = std::chrono::steady_clock::now();
        call();
        CHECK_CUDA(cudaStreamSynchronize(gStream));
        runs.push_back(std::chrono::duration<double, std::micro>(
                           std::chrono::steady_clock::now() - start)
                           .count());
    }
    std::vector<double> sorted = runs;
    std::sort(sorted.begin(), sorted.end());
    std::printf("%-40s %-28s median %10.1f us%s\n", key.c_str(), dataset.c_str(),
                sorted[sorted.size() / 2], correct ? "" : "  WRONG RESULT");
    std::string name;
    for (char c : dataset)
        name += c == '"' ? std::string("\\\"") : std::string(1, c);
    gJson += std::string(gJson.size() > 2 ? ",\n" : "") + "  \"" + key +
             "\": {\"datasets\": {\"" + name + "\": ";
    if (!correct) {
        gJson += "\"wrong result\"}}";
        return;
    }
    gJson += "{\"runtimes\": [";
    for (size_t i = 0; i < runs.size(); ++i)
        gJson += (i ? ", " : "") + std::to_string(std::llround(runs[i]));
    gJson += "], \"bytes\": {\"device\": 0}, \"stderr\": \"\"}}}";
}

bool close(double want, double got, double tolerance) {
    return std::fabs(want - got) <= tolerance * std::max(1.0, std::fabs(want));
}

} // namespace
