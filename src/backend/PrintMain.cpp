// prog_main.cpp (with --executable): a command-line program over the C API alone. It reads an
// entry point's arguments from stdin in Futhark's data format, runs it `-r` times (timing
// each run, input transfer excluded), and prints the results. Both backends share it: build
// it with prog.cu (nvcc) or prog_host.cpp (g++ -lOpenCL).
#include "backend/PrintMain.h"

#include "backend/Api.h"

#include <algorithm>

namespace fjord::backend {
namespace {

std::string elemEnum(PrimType t) {
  std::string s = primName(t);
  for (char& c : s)
    c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return "fjord_rt::data::Elem::" + std::string(s == "BOOL" ? "Bool" : s);
}

std::string runFunction(const imp::Function& f, const std::string& p) {
  EntrySignature sig = entrySignature(f);
  std::string o = "/// Reads the arguments of entry point `" + f.name +
                  "`, runs it and prints its results.\n";
  o += "static int run_" + f.name + "(struct " + p +
       "_context* ctx, fjord_rt::data::Runner& runner) {\n";
  if (!sig.params.empty()) {
    o += "    fjord_rt::data::Value";
    for (size_t i = 0; i < sig.params.size(); ++i)
      o += std::string(i ? "," : "") + " " + sig.params[i].cname + "_value";
    o += ";\n";
  }
  for (const EntryArg& a : sig.params)
    o += "    if (!runner.read(" + a.cname + "_value, " + elemEnum(a.value.elem) + ", " +
         std::to_string(a.value.rank) + ", \"" + a.value.name + "\"))\n        return 1;\n";
  o += "    if (!runner.finishInput())\n        return 1;\n";
  o += "    for (int run = 0; run < runner.runs(); ++run) {\n";
  std::vector<std::string> callArgs;
  for (const EntryArg& a : sig.params) {
    if (a.value.rank == 0) {
      callArgs.push_back(a.cname + "_value.get<" + apiScalarType(a.value.elem) + ">()");
      continue;
    }
    std::string suffix = ArrayType{a.value.elem, a.value.rank}.name(p).substr(p.size() + 1);
    o += "        struct " + p + "_" + suffix + "* " + a.cname + " = " + p + "_new_" + suffix +
         "(ctx, " + a.cname + "_value.data<" + apiScalarType(a.value.elem) + ">()";
    for (int d = 0; d < a.value.rank; ++d)
      o += ", " + a.cname + "_value.shape[" + std::to_string(d) + "]";
    o += ");\n        if (!" + a.cname + ")\n            return reportError(ctx);\n";
    callArgs.push_back(a.cname);
  }
  std::vector<std::string> outArgs;
  for (const EntryArg& a : sig.results) {
    if (a.value.rank == 0) {
      o += "        " + apiScalarType(a.value.elem) + " " + a.cname + " = 0;\n";
    } else {
      o += "        struct " + ArrayType{a.value.elem, a.value.rank}.name(p) + "* " + a.cname +
           " = nullptr;\n";
    }
    outArgs.push_back("&" + a.cname);
  }
  o += "        if (runner.flushL2() && " + p + "_context_flush_l2(ctx) != 0)\n"
       "            return reportError(ctx);\n";
  o += "        runner.startRun();\n";
  o += "        int status = " + p + "_entry_" + f.name + "(ctx";
  for (const std::string& a : outArgs)
    o += ", " + a;
  for (const std::string& a : callArgs)
    o += ", " + a;
  o += ");\n        if (status == 0)\n            status = " + p +
       "_context_sync(ctx);\n        runner.endRun();\n";
  for (const EntryArg& a : sig.params)
    if (a.value.rank > 0)
      o += "        " + p + "_free_" +
           ArrayType{a.value.elem, a.value.rank}.name(p).substr(p.size() + 1) + "(ctx, " +
           a.cname + ");\n";
  o += "        if (status != 0)\n            return reportError(ctx);\n";
  o += "        bool last = run + 1 == runner.runs();\n";
  for (const EntryArg& a : sig.results) {
    std::string elem = apiScalarType(a.value.elem);
    if (a.value.rank == 0) {
      o += "        if (last)\n            runner.print(fjord_rt::data::Value::scalar(" +
           elemEnum(a.value.elem) + ", " + a.cname + "));\n";
      continue;
    }
    std::string suffix = ArrayType{a.value.elem, a.value.rank}.name(p).substr(p.size() + 1);
    o += "        if (last) {\n            fjord_rt::data::Value value(" + elemEnum(a.value.elem) +
         ", " + p + "_shape_" + suffix + "(ctx, " + a.cname + "), " +
         std::to_string(a.value.rank) + ");\n";
    o += "            status = " + p + "_values_" + suffix + "(ctx, " + a.cname +
         ", value.data<" + elem + ">());\n";
    o += "            if (status == 0)\n                runner.print(value);\n        }\n";
    o += "        " + p + "_free_" + suffix + "(ctx, " + a.cname + ");\n";
    o += "        if (status != 0)\n            return reportError(ctx);\n";
  }
  o += "    }\n    return 0;\n}\n\n";
  return o;
}

} // namespace

std::string printMain(const imp::Program& prog, const std::string& p, const std::string& stem) {
  std::string o = fileHeader(prog);
  o += "// A command-line driver for module `" + p +
       "`: reads the arguments of an entry point (-e, default\n"
       "// main) from stdin in Futhark's data format and prints its results. Options: -e ENTRY,\n"
       "// -r RUNS, -t TIMING_FILE (microseconds per run), -b (binary output), --tuning FILE,\n"
       "// --param NAME=VALUE, --report FILE (device memory, as JSON),\n"
       "// --flush-l2 (evict the L2 cache before each run).\n";
  o += "#include \"" + stem + ".h\"\n\n#include \"fjord_runtime_data.h\"\n\n#include <cstdlib>\n"
       "#include <iostream>\n#include <string>\n\n";
  // Without entry points nothing reports errors (an unused static function fails -Werror).
  bool anyEntry = std::any_of(prog.functions.begin(), prog.functions.end(),
                              [](const imp::Function& f) { return f.entry; });
  if (anyEntry)
    o += "/// Prints the context's error; returns the exit status for failures.\n"
         "static int reportError(struct " + p + "_context* ctx) {\n    char* error = " + p +
       "_context_get_error(ctx);\n    std::cerr << \"error: \" << (error ? error : \"unknown "
       "error\") << \"\\n\";\n    std::free(error);\n    return 1;\n}\n\n";
  for (const imp::Function& f : prog.functions)
    if (f.entry)
      o += runFunction(f, p);
  o += "int main(int argc, char** argv) {\n";
  o += "    fjord_rt::data::Options options;\n    if (!options.parse(argc, argv))\n"
       "        return 2;\n";
  o += "    struct " + p + "_context_config* cfg = " + p + "_context_config_new();\n";
  o += "    for (const auto& [name, value] : options.params) {\n";
  o += "        if (" + p + "_context_config_set_tuning_param(cfg, name.c_str(), value) != 0) {\n";
  o += "            std::cerr << \"error: unknown tuning parameter \" << name << \"\\n\";\n";
  o += "            " + p + "_context_config_free(cfg);\n            return 2;\n        }\n    }\n";
  o += "    struct " + p + "_context* ctx = " + p + "_context_new(cfg);\n";
  o += "    fjord_rt::data::Runner runner(options, fjord_rt::data::readStdin());\n";
  o += "    int status;\n";
  std::string sep = "    ";
  for (const imp::Function& f : prog.functions) {
    if (!f.entry)
      continue;
    o += sep + "if (options.entry == \"" + f.name + "\")\n        status = run_" + f.name +
         "(ctx, runner);\n";
    sep = "    else ";
  }
  o += sep + "{\n        std::cerr << \"error: no entry point \" << options.entry << \"\\n\";\n"
             "        status = 2;\n    }\n";
  o += "    if (status == 0 && !runner.writeTimings()) {\n"
       "        std::cerr << \"error: cannot write the timing file\\n\";\n"
       "        status = 1;\n    }\n";
  o += "    char* report = " + p + "_context_report(ctx);\n";
  o += "    if (status == 0 && !runner.writeReport(report)) {\n"
       "        std::cerr << \"error: cannot write the report file\\n\";\n"
       "        status = 1;\n    }\n    std::free(report);\n";
  o += "    " + p + "_context_free(ctx);\n    " + p + "_context_config_free(cfg);\n";
  o += "    return status;\n}\n";
  return o;
}

} // namespace fjord::backend
