// Opaque values in the generated C API (records, tuples and sum types that entry points take
// and return; Note [Opaque entry values] in internalise/EntryTypes.cpp): the header's
// declarations, and a plain C program (compiled by gcc as C11) that builds such values,
// calls the entry points on PoCL and takes the results apart.
#include "generated_test_util.h"

#include <doctest/doctest.h>

#include <cctype>
#include <string>

using namespace fjord;
using namespace fjord::testutil;

namespace {

const char* kProgram = R"fut(
type point = {x: f32, y: f32}
type shape = #circle f32 | #rect f32 f32 | #dot
type cloud [n] = {pts: [n]f32, weight: f32}
type segment = {a: point, b: point}

entry norm (p: point) : f32 = f32.sqrt (p.x * p.x + p.y * p.y)
entry mirror (p: point) : point = {x = p.y, y = p.x}
entry area (s: shape) : f32 =
  match s
  case #circle r -> 3 * r * r
  case #rect w h -> w * h
  case #dot -> 0
entry grow (s: shape) (k: f32) : shape =
  match s
  case #circle r -> #circle (r * k)
  case #rect w h -> #rect (w * k) (h * k)
  case #dot -> #dot
entry scale_cloud (c: cloud []) : cloud [] = {pts = map (* c.weight) c.pts, weight = c.weight + 1}
entry length (s: segment) : f32 = f32.sqrt ((s.a.x - s.b.x) ** 2 + (s.a.y - s.b.y) ** 2)
entry split (p: (i32, f32)) : (f32, point) = (f32.i32 p.0 + p.1, {x = p.1, y = 1})
type wrapped = #wrap shape f32 | #none
entry unwrap (w: wrapped) : f32 = match w case #wrap s k -> k * area s case #none -> 0
)fut";

const char* kMain = R"c(/* Builds opaque values through the C API of module `opq`, in plain C. */
#include "opq.h"

#include <stdio.h>
#include <stdlib.h>

#define CHECK(call)                                                       \
    do {                                                                  \
        if ((call) != 0) {                                                \
            char* error = opq_context_get_error(ctx);                     \
            fprintf(stderr, "%s failed: %s\n", #call, error ? error : ""); \
            free(error);                                                  \
            return 1;                                                     \
        }                                                                 \
    } while (0)

int main(void) {
    struct opq_context_config* cfg = opq_context_config_new();
    struct opq_context* ctx = opq_context_new(cfg);

    /* A record in, a scalar out; a record in, a record out. */
    struct opq_opaque_point* p = NULL;
    CHECK(opq_new_opaque_point(ctx, &p, 3.0f, 4.0f));
    float n = 0;
    CHECK(opq_entry_norm(ctx, &n, p));
    struct opq_opaque_point* m = NULL;
    CHECK(opq_entry_mirror(ctx, &m, p));
    float mx = 0, my = 0;
    CHECK(opq_project_opaque_point_x(ctx, &mx, m));
    CHECK(opq_project_opaque_point_y(ctx, &my, m));
    printf("norm %.1f mirror %.1f %.1f\n", n, mx, my);

    /* Sum values: one per constructor, through an entry point and back. */
    struct opq_opaque_shape* shapes[3] = {NULL, NULL, NULL};
    CHECK(opq_new_opaque_shape_circle(ctx, &shapes[0], 2.0f));
    CHECK(opq_new_opaque_shape_rect(ctx, &shapes[1], 2.0f, 5.0f));
    CHECK(opq_new_opaque_shape_dot(ctx, &shapes[2]));
    for (int i = 0; i < 3; ++i) {
        float a = 0;
        CHECK(opq_entry_area(ctx, &a, shapes[i]));
        struct opq_opaque_shape* g = NULL;
        CHECK(opq_entry_grow(ctx, &g, shapes[i], 10.0f));
        int v = opq_variant_opaque_shape(ctx, g);
        printf("area %.1f variant %d", a, v);
        if (v == 0) {
            float r = 0;
            CHECK(opq_destruct_opaque_shape_circle(ctx, &r, g));
            printf(" circle %.1f", r);
        } else if (v == 2) {
            float w = 0, h = 0;
            CHECK(opq_destruct_opaque_shape_rect(ctx, &w, &h, g));
            printf(" rect %.1f %.1f", w, h);
        }
        printf("\n");
        opq_free_opaque_shape(ctx, g);
    }
    /* Taking a value apart with another constructor's destructor is a program error. */
    float r = 0;
    int status = opq_destruct_opaque_shape_circle(ctx, &r, shapes[2]);
    char* error = opq_context_get_error(ctx);
    printf("wrong destruct: %d %s\n", status, error ? error : "(none)");
    free(error);

    /* A record with an array field: the record owns a copy of the array. */
    float pts[3] = {1, 2, 3};
    struct opq_f32_1d* arr = opq_new_f32_1d(ctx, pts, 3);
    struct opq_opaque_cloud* c = NULL;
    CHECK(opq_new_opaque_cloud(ctx, &c, arr, 2.0f));
    opq_free_f32_1d(ctx, arr);
    struct opq_opaque_cloud* scaled = NULL;
    CHECK(opq_entry_scale_cloud(ctx, &scaled, c));
    struct opq_f32_1d* out = NULL;
    float weight = 0;
    CHECK(opq_project_opaque_cloud_pts(ctx, &out, scaled));
    CHECK(opq_project_opaque_cloud_weight(ctx, &weight, scaled));
    float got[3];
    CHECK(opq_values_f32_1d(ctx, out, got));
    printf("cloud %lld: %.1f %.1f %.1f weight %.1f\n", (long long)opq_shape_f32_1d(ctx, out)[0],
           got[0], got[1], got[2], weight);

    /* Nested records, and a tuple argument with a tuple result holding a record. */
    struct opq_opaque_point* q = NULL;
    CHECK(opq_new_opaque_point(ctx, &q, 0.0f, 0.0f));
    struct opq_opaque_segment* s = NULL;
    CHECK(opq_new_opaque_segment(ctx, &s, p, q));
    float len = 0;
    CHECK(opq_entry_length(ctx, &len, s));
    struct opq_opaque_point* a = NULL;
    CHECK(opq_project_opaque_segment_a(ctx, &a, s));
    float ax = 0;
    CHECK(opq_project_opaque_point_x(ctx, &ax, a));
    struct opq_opaque_tup2_i32_f32* t = NULL;
    CHECK(opq_new_opaque_tup2_i32_f32(ctx, &t, 2, 0.5f));
    float sum = 0;
    struct opq_opaque_point* sp = NULL;
    CHECK(opq_entry_split(ctx, &sum, &sp, t));
    float spx = 0;
    CHECK(opq_project_opaque_point_x(ctx, &spx, sp));
    printf("length %.1f a.x %.1f split %.1f %.1f\n", len, ax, sum, spx);

    opq_free_opaque_point(ctx, sp);
    opq_free_opaque_tup2_i32_f32(ctx, t);
    opq_free_opaque_point(ctx, a);
    opq_free_opaque_segment(ctx, s);
    opq_free_opaque_point(ctx, q);
    opq_free_f32_1d(ctx, out);
    opq_free_opaque_cloud(ctx, scaled);
    opq_free_opaque_cloud(ctx, c);
    for (int i = 0; i < 3; ++i)
        opq_free_opaque_shape(ctx, shapes[i]);
    opq_free_opaque_point(ctx, m);
    opq_free_opaque_point(ctx, p);
    opq_context_free(ctx);
    opq_context_config_free(cfg);
    return 0;
}
)c";

} // namespace

TEST_CASE("driver: prog.h declares and documents the functions of each opaque type") {
  std::string errors;
  std::optional<Files> files = generate("opq.fut", kProgram, driver::Backend::OpenCL, errors);
  REQUIRE_MESSAGE(files, errors);
  // Compared without whitespace: the header is formatted (line breaks, `float *out`).
  auto squeeze = [](const std::string& text) {
    std::string out;
    for (char c : text)
      if (!std::isspace(static_cast<unsigned char>(c)))
        out += c;
    return out;
  };
  std::string h = squeeze(fileNamed(*files, "opq.h"));
  for (const char* decl : {
           "int opq_new_opaque_point(struct opq_context* ctx, struct opq_opaque_point** out, "
           "const float v_x, const float v_y);",
           "int opq_project_opaque_point_x(struct opq_context* ctx, float* out, const struct "
           "opq_opaque_point* obj);",
           "int opq_free_opaque_point(struct opq_context* ctx, struct opq_opaque_point* obj);",
           "int opq_variant_opaque_shape(struct opq_context* ctx, const struct opq_opaque_shape* "
           "obj);",
           "/// Which constructor the value was made with: 0 = #circle, 1 = #dot, 2 = #rect.",
           "int opq_new_opaque_shape_rect(struct opq_context* ctx, struct opq_opaque_shape** out, "
           "const float v_0, const float v_1);",
           "int opq_destruct_opaque_shape_rect(struct opq_context* ctx, float* v_0, float* v_1, "
           "const struct opq_opaque_shape* obj);",
           "int opq_new_opaque_cloud(struct opq_context* ctx, struct opq_opaque_cloud** out, "
           "const struct opq_f32_1d* v_pts, const float v_weight);",
           "int opq_project_opaque_cloud_pts(struct opq_context* ctx, struct opq_f32_1d** out, "
           "const struct opq_opaque_cloud* obj);",
           "int opq_new_opaque_segment(struct opq_context* ctx, struct opq_opaque_segment** out, "
           "const struct opq_opaque_point* v_a, const struct opq_opaque_point* v_b);",
           "/// norm(p: point) -> f32\nint opq_entry_norm(struct opq_context* ctx, float* out0, "
           "const struct opq_opaque_point* in0);",
           "/// split(p: (i32, f32)) -> (f32, point)\nint opq_entry_split(struct opq_context* "
           "ctx, float* out0, struct opq_opaque_point** out1, const struct "
           "opq_opaque_tup2_i32_f32* in0);",
           "int opq_entry_grow(struct opq_context* ctx, struct opq_opaque_shape** out0, const "
           "struct opq_opaque_shape* in0, float in3);",
           // A payload of a named type is an opaque value of that type.
           "int opq_destruct_opaque_wrapped_wrap(struct opq_context* ctx, struct "
           "opq_opaque_shape** v_0, float* v_1, const struct opq_opaque_wrapped* obj);"})
    CHECK_MESSAGE(h.find(squeeze(decl)) != std::string::npos, decl);
}

TEST_CASE("driver: a C program builds opaque values, calls entry points and takes results apart") {
  fs::path dir = workDir("api-opaque");
  std::string errors;
  std::optional<Files> files = generate("opq.fut", kProgram, driver::Backend::OpenCL, errors);
  REQUIRE_MESSAGE(files, errors);
  writeFiles(*files, dir / "gen");
  writeFile(dir / "main.c", kMain);
  std::string out;
  REQUIRE_MESSAGE(runIn(dir, "gcc -std=c11 -Wall -Wextra -Werror -Igen -c main.c -o main.o", out) ==
                      0,
                  out);
  REQUIRE_MESSAGE(runIn(dir, "g++ -std=c++17 -Wall -Wextra -Werror -Igen gen/opq_host.cpp main.o "
                             "-lOpenCL -o opaque",
                        out) == 0,
                  out);
  REQUIRE_MESSAGE(runIn(dir, "./opaque", out) == 0, out);
  CHECK(out == "norm 5.0 mirror 4.0 3.0\n"
               "area 12.0 variant 0 circle 20.0\n"
               "area 10.0 variant 2 rect 20.0 50.0\n"
               "area 0.0 variant 1\n"
               "wrong destruct: 2 opq_destruct_opaque_shape_circle: the value was not made with "
               "#circle\n"
               "cloud 3: 2.0 4.0 6.0 weight 3.0\n"
               "length 5.0 a.x 3.0 split 2.5 0.5\n");
}
