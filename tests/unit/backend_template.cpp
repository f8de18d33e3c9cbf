// The template mechanism of generated files (backend/Template.h): placeholders, Dialect
// fields, dialect sections, and the internal errors for templates that their callers do not
// fill. The kernel-shaped template is the kind of text the GPU primitives' skeletons need.
#include "backend/Template.h"

#include "support/Diagnostics.h"

#include <doctest/doctest.h>

using namespace fjord;
using namespace fjord::backend;

namespace {

// A block-wide sum: shared memory, a barrier and a dialect-only line.
constexpr std::string_view kBlockSum = R"({{kernel_qualifier}} {{name}}({{global_space}}const float* xs, {{global_space}}float* sums) {
    {{shared_space}}float tile[{{block}}];
    tile[{{thread_id}}] = xs[{{block_id}} * {{block}} + {{thread_id}}];
    {{barrier}};
{{#cuda}}
    // CUDA: warp shuffles would go here.
{{/cuda}}
    if ({{thread_id}} == 0) {
        float s = 0;
        for (int i = 0; i < {{block}}; ++i) s += tile[i];{{#opencl}} // OpenCL{{/opencl}}
        sums[{{block_id}}] = s;
    }
}
)";

std::string errorOf(std::string_view text, const TemplateArgs& args) {
  try {
    instantiateText(text, "test.in", cudaDialect(), args);
  } catch (const InternalError& e) {
    return e.what();
  }
  return "no error";
}

} // namespace

TEST_CASE("backend: a kernel-shaped template instantiates for CUDA and OpenCL") {
  TemplateArgs args{{"name", "block_sum"}, {"block", "256"}};
  CHECK(instantiateText(kBlockSum, "block_sum.in", cudaDialect(), args) ==
        R"(static __global__ void block_sum(const float* xs, float* sums) {
    __shared__ float tile[256];
    tile[threadIdx.x] = xs[blockIdx.x * 256 + threadIdx.x];
    __syncthreads();
    // CUDA: warp shuffles would go here.
    if (threadIdx.x == 0) {
        float s = 0;
        for (int i = 0; i < 256; ++i) s += tile[i];
        sums[blockIdx.x] = s;
    }
}
)");
  CHECK(instantiateText(kBlockSum, "block_sum.in", openclDialect(), args) ==
        R"(__kernel void block_sum(__global const float* xs, __global float* sums) {
    __local float tile[256];
    tile[get_local_id(0)] = xs[get_group_id(0) * 256 + get_local_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (get_local_id(0) == 0) {
        float s = 0;
        for (int i = 0; i < 256; ++i) s += tile[i]; // OpenCL
        sums[get_group_id(0)] = s;
    }
}
)");
}

TEST_CASE("backend: a section tag alone on its line takes the line with it") {
  std::string_view text = "a\n  {{#opencl}}  \nx\n\t{{/opencl}}\ny {{#cuda}}z{{/cuda}}\n";
  CHECK(instantiateText(text, "t.in", cudaDialect(), {}) == "a\ny z\n");
  CHECK(instantiateText(text, "t.in", openclDialect(), {}) == "a\nx\ny \n");
  CHECK(instantiateText(text, "t.in", hostDialect(), {}) == "a\ny \n");
}

TEST_CASE("backend: a flag section is kept only when its argument is 1") {
  const char* text = "a\n{{#any}}\nb {{x}}\n{{/any}}\nc\n";
  CHECK(instantiateText(text, "t.in", hostDialect(), {{"any", "1"}, {"x", "2"}}) == "a\nb 2\nc\n");
  CHECK(instantiateText(text, "t.in", hostDialect(), {{"any", "0"}, {"x", "2"}}) == "a\nc\n");
  CHECK(instantiateText("{{#any}}x{{/any}}", "t.in", cudaDialect(), {{"any", ""}}) == "");
}

TEST_CASE("backend: template text that is not a tag stays as it is") {
  // C aggregates and brace pairs are plain text; only {{name}}, {{#name}}, {{/name}} are tags.
  std::string_view text = "int a[1][1] = {{ 0 }};\nT b[2][1] = {{x}, {y}};\nc = {{x}};\n{{Name}}";
  CHECK(instantiateText(text, "t.in", hostDialect(), {{"x", "1"}}) ==
        "int a[1][1] = {{ 0 }};\nT b[2][1] = {{x}, {y}};\nc = 1;\n{{Name}}");
  // Arguments a template does not use are allowed; a value is inserted verbatim.
  CHECK(instantiateText("<{{a}}>", "t.in", hostDialect(), {{"a", "{{b}}"}, {"unused", ""}}) ==
        "<{{b}}>");
}

TEST_CASE("backend: templates that their caller does not fill are internal errors") {
  CHECK(errorOf("x = {{value}};", {}) ==
        "internal compiler error: template test.in: no value for placeholder {{value}}");
  CHECK(errorOf("{{barrier}}", {{"barrier", "x"}}) ==
        "internal compiler error: template test.in: argument `barrier` hides the dialect field "
        "of that name");
  CHECK(errorOf("{{#metal}}x{{/metal}}", {}) ==
        "internal compiler error: template test.in: unknown section {{#metal}} (sections: cuda, "
        "opencl, host, or a flag argument)");
  CHECK(errorOf("{{#cuda}}{{#opencl}}{{/opencl}}{{/cuda}}", {}) ==
        "internal compiler error: template test.in: {{#opencl}} inside section cuda (sections "
        "do not nest)");
  CHECK(errorOf("{{#cuda}}x{{/opencl}}", {}) ==
        "internal compiler error: template test.in: {{/opencl}} closes no open section");
  CHECK(errorOf("{{#opencl}}\nx\n", {}) ==
        "internal compiler error: template test.in: section opencl is not closed");
  // A placeholder inside a section of another dialect needs no value.
  CHECK(instantiateText("a{{#opencl}}{{kernels}}{{/opencl}}b", "t.in", cudaDialect(), {}) == "ab");
}

TEST_CASE("backend: every embedded template is named *.in and found by name") {
  REQUIRE(!embeddedTemplates().empty());
  for (const auto& [name, text] : embeddedTemplates())
    CHECK(name.ends_with(".in"));
  try {
    instantiate("missing.in", cudaDialect(), {});
    FAIL("no error");
  } catch (const InternalError& e) {
    CHECK(std::string(e.what()) == "internal compiler error: backend: no template missing.in");
  }
}
