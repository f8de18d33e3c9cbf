// Backend tests of module prefixes: the default prefix is the file's stem made a C
// identifier, and `--executable`'s driver includes the header that is written (named after
// the stem), whatever the prefix.
#include "backend/Emit.h"
#include "backend_fixture.h"
#include "generated_test_util.h"

#include <doctest/doctest.h>

#include <string>

using namespace fjord;
using namespace fjord::backend;

TEST_CASE("backend: default prefixes are C identifiers made from the stem") {
  CHECK(prefixForStem("demo") == "demo");
  CHECK(prefixForStem("slice-nested") == "slice_nested");
  CHECK(prefixForStem("2d") == "fut_2d");
  CHECK(prefixForStem("2d-thing.v2") == "fut_2d_thing_v2");
  CHECK(prefixForStem("for") == "fut_for");
  CHECK(prefixForStem("int") == "fut_int");
  CHECK(prefixForStem("_x") == "fut__x");
  CHECK(prefixForStem("") == "fut_");
  CHECK(isValidPrefix("physics"));
  CHECK(isValidPrefix("fut_2d"));
  CHECK_FALSE(isValidPrefix("2d"));
  CHECK_FALSE(isValidPrefix("a-b"));
  CHECK_FALSE(isValidPrefix("while"));
  CHECK_FALSE(isValidPrefix(""));
}

TEST_CASE("backend: the executable's driver includes the header named after the stem") {
  imp::Program prog = test::scaleProgram("tests/2d-scale.fut");
  for (bool cuda : {true, false}) {
    CAPTURE(cuda);
    EmitOptions dflt;
    dflt.executable = true;
    GeneratedFiles g = cuda ? emitCuda(prog, dflt) : emitOpenCL(prog, dflt);
    const std::string& main = testutil::fileNamed(g.files, "2d-scale_main.cpp");
    CHECK(main.find("#include \"2d-scale.h\"") != std::string::npos);
    CHECK(main.find("fut_2d_scale_context_new(") != std::string::npos);
    const std::string& header = testutil::fileNamed(g.files, "2d-scale.h");
    CHECK(header.find("fut_2d_scale_entry_scale(") != std::string::npos);

    EmitOptions named = dflt;
    named.prefix = "physics";
    GeneratedFiles h = cuda ? emitCuda(prog, named) : emitOpenCL(prog, named);
    const std::string& main2 = testutil::fileNamed(h.files, "2d-scale_main.cpp");
    CHECK(main2.find("#include \"2d-scale.h\"") != std::string::npos);
    CHECK(main2.find("physics.h") == std::string::npos);
    CHECK(main2.find("physics_context_new(") != std::string::npos);
  }
}

TEST_CASE("backend: with a prefix, comments name the files that are written") {
  imp::Program prog = test::scaleProgram("tests/2d-scale.fut");
  for (bool cuda : {true, false}) {
    CAPTURE(cuda);
    EmitOptions options;
    options.prefix = "mylib";
    options.executable = true;
    GeneratedFiles g = cuda ? emitCuda(prog, options) : emitOpenCL(prog, options);
    CHECK(testutil::fileNamed(g.files, "2d-scale.h").find("(see 2d-scale_tuning.h)") !=
          std::string::npos);
    CHECK(testutil::fileNamed(g.files, cuda ? "2d-scale.cu" : "2d-scale_host.cpp")
              .find("// The C API of the entry points (2d-scale.h;") != std::string::npos);
    for (const auto& [name, text] : g.files) {
      CAPTURE(name);
      for (const char* unwritten : {"mylib.h", "mylib_tuning.h", "mylib.cu", "mylib.cl",
                                    "mylib_host.cpp", "mylib_main.cpp", "mylib_cl.h"})
        CHECK(text.find(unwritten) == std::string::npos);
    }
  }
}
