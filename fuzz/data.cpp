// Fuzz target `data`: the readers of Futhark's data format, text and binary. The first byte
// picks up to three expected types (an element type and a rank each, from the next bytes);
// the rest is the input, read by
//  - the interpreter's reader (interp/DataFormat.h) against those types, as `fjord run` and
//    the test runner read entry-point arguments, and with the default types (test data);
//  - the generated executables' reader (runtime/fjord_runtime_data.h), against the same
//    types;
//  - the test runner's gunzip (testing/DataFile.h), as for `.gz` data files.
// A reader must answer with a value or an error, never crash, abort or hang.
#include "fjord_runtime_data.h"
#include "interp/DataFormat.h"
#include "testing/DataFile.h"

#include <cstddef>
#include <cstdint>

namespace {

constexpr int elemCount = 12; // both enums list the same 12 types in the same order

struct Expected {
  int elem;
  int rank;
};

fjord::TypeRef sourceType(const Expected& e) {
  auto prim = fjord::Type::primitive(static_cast<fjord::PrimType>(e.elem));
  if (e.rank == 0)
    return prim;
  return fjord::Type::array(prim, std::vector<fjord::Size>(e.rank, fjord::Size::unknown()));
}

void readWithRuntime(const std::string& input, const std::vector<Expected>& types) {
  fjord_rt::data::Reader reader(input);
  for (const Expected& e : types) {
    fjord_rt::data::Value v;
    if (!reader.read(v, static_cast<fjord_rt::data::Elem>(e.elem), e.rank)) {
      if (reader.error().empty())
        __builtin_trap(); // a failure must say why
      return;
    }
  }
  (void)reader.atEnd();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0)
    return 0;
  size_t count = data[0] % 4, used = 1;
  std::vector<Expected> types;
  for (; types.size() < count && used < size; ++used)
    types.push_back({data[used] % elemCount, (data[used] / elemCount) % 4});
  std::string input(reinterpret_cast<const char*>(data + used), size - used);

  std::vector<fjord::TypeRef> expected;
  for (const Expected& e : types)
    expected.push_back(sourceType(e));
  std::string error;
  if (!fjord::interp::readValues(input, expected, error, "argument") && error.empty())
    __builtin_trap();
  error.clear();
  if (!fjord::interp::readAllValues(input, error) && error.empty())
    __builtin_trap();
  readWithRuntime(input, types);
  error.clear();
  if (!fjord::testing::gunzip(input, error) && error.empty())
    __builtin_trap();
  return 0;
}
