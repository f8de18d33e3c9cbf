// The server mode of generated executables (runtime/fjord_runtime_server.h) without a device:
// a Server over a Program of fake entry points, fed command lines, its replies checked.
// tests/scripts/server_mode.sh drives a real OpenCL executable.
#include "../../runtime/fjord_runtime_server.h"

#include <doctest/doctest.h>

#include <cstdio>
#include <filesystem>
#include <sstream>
#include <string>

namespace {

using fjord_rt::data::Elem;
using fjord_rt::data::Value;
using fjord_rt::server::Var;

/// `sum (xs: []i32) : i32` and `pair (x: i32) : (i32, opaque box)`, `unbox (b: *box) : i32`.
fjord_rt::server::Program fakeProgram(int& boxesFreed) {
  fjord_rt::server::Program p;
  p.entries.push_back({"sum", {"[]i32"}, {"i32"}, [](const Var* const* in, Var* out) {
                         int32_t total = 0;
                         for (int64_t i = 0; i < in[0]->value.count(); ++i)
                           total += in[0]->value.data<int32_t>()[i];
                         if (total < 0)
                           return false;
                         out[0].value = Value::scalar(Elem::I32, total);
                         return true;
                       }});
  p.entries.push_back({"pair", {"i32"}, {"i32", "box"}, [&boxesFreed](const Var* const* in, Var* out) {
                         out[0].value = in[0]->value;
                         out[1].opaque = std::shared_ptr<void>(
                             new int32_t(in[0]->value.get<int32_t>()), [&boxesFreed](void* b) {
                               ++boxesFreed;
                               delete static_cast<int32_t*>(b);
                             });
                         return true;
                       }});
  p.entries.push_back({"unbox", {"*box"}, {"i32"}, [](const Var* const* in, Var* out) {
                         out[0].value = Value::scalar(Elem::I32, *static_cast<int32_t*>(in[0]->opaque.get()));
                         return true;
                       }});
  p.opaqueKinds = {{"box", "record"}};
  p.error = [] { return std::string("negative sum"); };
  p.report = [] { return std::string("{}"); };
  p.clearCaches = [] { return true; };
  return p;
}

/// The replies to `commands` (one per line), with `runtime: N` as `runtime`.
std::string serve(const std::string& commands, int& boxesFreed) {
  std::istringstream in(commands);
  std::ostringstream out;
  CHECK(fjord_rt::server::Server(fakeProgram(boxesFreed)).run(in, out) == 0);
  std::string replies, line;
  std::istringstream lines(out.str());
  while (std::getline(lines, line))
    replies += (line.rfind("runtime: ", 0) == 0 ? "runtime" : line) + "\n";
  return replies;
}

std::string tempFile(const std::string& name, const std::string& contents) {
  auto path = std::filesystem::temp_directory_path() / name;
  std::ofstream(path, std::ios::binary) << contents;
  return path.string();
}

} // namespace

TEST_CASE("runtime server: restore, call, store and free in one session") {
  std::string in = tempFile("fjord_server_in.txt", "[1, 2, 3] 5\n");
  std::string out = (std::filesystem::temp_directory_path() / "fjord_server_out.bin").string();
  int freed = 0;
  std::string replies = serve("restore " + in + " xs []i32 k i32\n" + "call sum s xs\n" +
                                  "store " + out + " s\n" + "type s\nshape xs\nfree xs s k\n" +
                                  "type xs\n",
                              freed);
  CHECK(replies == "%%% OK\n%%% OK\nruntime\n%%% OK\n%%% OK\ni32\n%%% OK\n3\n%%% OK\n%%% OK\n"
                   "%%% FAILURE\nunknown variable: xs\n%%% OK\n");
  std::ifstream stored(out, std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(stored)), {});
  fjord_rt::data::Reader reader(bytes);
  Value v;
  REQUIRE(reader.read(v, Elem::I32, 0));
  CHECK(v.get<int32_t>() == 6);
  CHECK(reader.atEnd());
}

TEST_CASE("runtime server: opaque values pass between entry points and are freed") {
  std::string in = tempFile("fjord_server_k.txt", "7");
  int freed = 0;
  std::string replies = serve("restore " + in + " k i32\ncall pair a b k\ntype b\nkind box\n"
                              "call unbox u b\ncall unbox v b\nstore x b\nfree b\n",
                              freed);
  CHECK(replies == "%%% OK\n%%% OK\nruntime\n%%% OK\nbox\n%%% OK\nrecord\n%%% OK\nruntime\n%%% OK\n"
                   "%%% FAILURE\nvariable b was consumed by an entry point; it can only be freed\n"
                   "%%% OK\n%%% FAILURE\nvariable b was consumed by an entry point; it can only "
                   "be freed\n%%% OK\n%%% OK\n");
  CHECK(freed == 1);
}

TEST_CASE("runtime server: bad commands are failure replies and the session goes on") {
  std::string in = tempFile("fjord_server_neg.txt", "[-4, 1] [1i64]");
  int freed = 0;
  std::string replies = serve("\nfly away\n\"open\nnew v box\ncall sum\ncall nope x\n"
                              "restore " + in + " xs []i32 ys []i32\n"
                              "restore " + in + " xs []i32\ncall sum s xs\ncall sum t t\n"
                              "rank i32\nrename xs \"y s\"\ntype \"y s\"\ninputs unbox\n"
                              "entry_points\n",
                              freed);
  CHECK(replies ==
        "%%% OK\n"
        "%%% FAILURE\nempty command\n%%% OK\n"
        "%%% FAILURE\nunknown command: fly\n%%% OK\n"
        "%%% FAILURE\na quoted word is not closed\n%%% OK\n"
        "%%% FAILURE\nthe server command new is not supported yet\n%%% OK\n"
        "%%% FAILURE\nentry point sum takes 1 output and 1 input variables, not 0 variables\n%%% OK\n"
        "%%% FAILURE\nunknown entry point: nope\n%%% OK\n"
        "%%% FAILURE\ncannot read variable ys ([]i32) from " + in +
            ": expected a value of type i32, got '1i64' (at byte 9)\n%%% OK\n"
        "%%% OK\n"
        "%%% FAILURE\nnegative sum\n%%% OK\n"
        "%%% FAILURE\nunknown variable: t\n%%% OK\n"
        "%%% FAILURE\nnot an array type: i32\n%%% OK\n"
        "%%% OK\n[]i32\n%%% OK\n*box\n%%% OK\nsum\npair\nunbox\n%%% OK\n");
}
