// Fjord runtime: the server mode of generated executables (`--server`), a subset of Futhark's
// server protocol, so that one process (one context, one device initialisation) runs many
// entry-point calls.
//
// Each command is one line of words on stdin (a word is non-space characters, or a double-
// quoted text without quotes); the reply goes to stdout and ends with `%%% OK` on a line of
// its own; a failed command prints `%%% FAILURE` and the message before it. The server also
// prints `%%% OK` once it is ready. Commands:
//   call ENTRY OUT1 .. OUTN IN1 .. INM   run an entry point (prints `runtime: MICROSECONDS`)
//   restore FILE VAR1 TYPE1 ..           read values (text or binary data format) into variables
//   store FILE VAR1 ..                   write variables' values to FILE (binary data format)
//   free VAR ..   rename OLD NEW   type VAR   shape VAR
//   entry_points   types   inputs ENTRY   outputs ENTRY   kind TYPE   rank TYPE   elemtype TYPE
//   clear (the context's caches)   report (the context's report)
//   pause_profiling, unpause_profiling   accepted; there is no profiling to pause
// Types are written without sizes (`[][]f32`); in `inputs`/`outputs` a `*` marks a consumed
// input or a fresh (unique) output. Variables of transparent types (scalars, arrays) hold
// their values on the host, copied to the device for each call; opaque values (records,
// tuples, sums) stay the C API's objects, which can be passed to entry points but not stored
// or restored. The protocol's other commands reply "not supported yet".
//
// Header-only C++17, in namespace fjord_rt::server.
#pragma once

#include "fjord_runtime_data.h"

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <set>

namespace fjord_rt::server {

/// A server variable: a transparent value, or an opaque object of the C API (freed with the
/// last copy of `opaque`).
struct Var {
    std::string type;
    data::Value value;
    std::shared_ptr<void> opaque;
    bool consumed = false; ///< passed to an entry point that consumes it: only `free` is left
};

/// An entry point as the server sees it; `call` reads `in` (their types already checked)
/// and fills `out` (their types set by the server), false on failure (then Program::error).
struct Entry {
    std::string name;
    std::vector<std::string> inputs, outputs;
    std::function<bool(const Var* const* in, Var* out)> call;
};

/// What the generated main gives the server: the entry points and the context's services.
struct Program {
    std::vector<Entry> entries;
    std::map<std::string, std::string> opaqueKinds; ///< opaque type -> record, sum
    std::function<std::string()> error;             ///< the context's error, cleared
    std::function<std::string()> report;
    std::function<bool()> clearCaches;
};

/// The element type and rank of a transparent type name (`[][]f32`); false for others.
inline bool transparentType(const std::string& type, data::Elem& elem, int& rank) {
    size_t at = 0;
    rank = 0;
    while (type.compare(at, 2, "[]") == 0) {
        at += 2;
        ++rank;
    }
    for (int e = 0; e <= static_cast<int>(data::Elem::F64); ++e)
        if (type.compare(at, std::string::npos, data::info(static_cast<data::Elem>(e)).name) == 0) {
            elem = static_cast<data::Elem>(e);
            return true;
        }
    return false;
}

/// A type name without the `*` of consumption or freshness.
inline std::string plainType(const std::string& type) {
    return !type.empty() && type[0] == '*' ? type.substr(1) : type;
}

/// The words of a command line; false if a quote is not closed.
inline bool splitWords(const std::string& line, std::vector<std::string>& words) {
    size_t i = 0;
    while (true) {
        while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i])))
            ++i;
        if (i >= line.size())
            return true;
        if (line[i] == '"') {
            size_t end = line.find('"', i + 1);
            if (end == std::string::npos)
                return false;
            words.push_back(line.substr(i + 1, end - i - 1));
            i = end + 1;
            continue;
        }
        size_t start = i;
        while (i < line.size() && !std::isspace(static_cast<unsigned char>(line[i])))
            ++i;
        words.push_back(line.substr(start, i - start));
    }
}

/// A command's failure: its message is the reply.
struct Failure {
    std::string message;
};

class Server {
public:
    explicit Server(Program program) : program_(std::move(program)) {}

    /// Serves commands from `in` until it ends; the exit status.
    int run(std::istream& in, std::ostream& out) {
        out << "%%% OK" << std::endl;
        std::string line;
        while (std::getline(in, line)) {
            std::vector<std::string> words;
            try {
                if (!splitWords(line, words))
                    throw Failure{"a quoted word is not closed"};
                if (words.empty())
                    throw Failure{"empty command"};
                command(words, out);
            } catch (const Failure& f) {
                out << "%%% FAILURE\n" << f.message << "\n";
            } catch (const std::exception& e) {
                out << "%%% FAILURE\n" << words[0] << ": " << e.what() << "\n";
            }
            out << "%%% OK" << std::endl;
        }
        vars_.clear(); // opaque values are freed while the context lives
        return 0;
    }

private:
    Program program_;
    std::map<std::string, Var> vars_;

    void command(const std::vector<std::string>& w, std::ostream& out) {
        const std::string& c = w[0];
        std::vector<std::string> args(w.begin() + 1, w.end());
        if (c == "call")
            call(args, out);
        else if (c == "restore")
            restore(args);
        else if (c == "store")
            store(args);
        else if (c == "free")
            freeVars(args);
        else if (c == "rename")
            rename(args);
        else if (c == "entry_points")
            for (const Entry& e : program_.entries)
                out << e.name << "\n";
        else if (c == "inputs" || c == "outputs") {
            const Entry& e = entry(arg(args, 0, c + " ENTRY"));
            for (const std::string& t : c == "inputs" ? e.inputs : e.outputs)
                out << t << "\n";
        } else if (c == "types")
            for (const std::string& t : types())
                out << t << "\n";
        else if (c == "kind")
            out << kind(arg(args, 0, "kind TYPE")) << "\n";
        else if (c == "type")
            out << var(arg(args, 0, "type VAR")).type << "\n";
        else if (c == "rank" || c == "elemtype") {
            data::Elem elem;
            int rank;
            const std::string& t = arg(args, 0, c + " TYPE");
            if (!transparentType(t, elem, rank) || rank == 0)
                throw Failure{"not an array type: " + t};
            if (c == "rank")
                out << rank << "\n";
            else
                out << data::info(elem).name << "\n";
        } else if (c == "shape") {
            const Var& v = live(arg(args, 0, "shape VAR"));
            if (v.opaque || v.value.shape.empty())
                throw Failure{"not an array: " + args[0]};
            for (int64_t d : v.value.shape)
                out << d << "\n";
        } else if (c == "clear") {
            if (!program_.clearCaches())
                throw Failure{program_.error()};
        } else if (c == "report")
            out << program_.report() << "\n";
        else if (c == "pause_profiling" || c == "unpause_profiling")
            return; // nothing is profiled
        else if (supportedLater().count(c))
            throw Failure{"the server command " + c + " is not supported yet"};
        else
            throw Failure{"unknown command: " + c};
    }

    /// Commands of Futhark's protocol that this server does not implement.
    static const std::set<std::string>& supportedLater() {
        static const std::set<std::string> names = {
            "set_tuning_param", "tuning_params", "tuning_param_class", "attributes", "output",
            "new_array",        "set",           "index",              "zip",        "unzip",
            "fields",           "new",           "project",            "variants",   "construct",
            "destruct",         "variant"};
        return names;
    }

    static const std::string& arg(const std::vector<std::string>& args, size_t i,
                                  const std::string& usage) {
        if (i >= args.size())
            throw Failure{"usage: " + usage};
        return args[i];
    }

    const Entry& entry(const std::string& name) const {
        for (const Entry& e : program_.entries)
            if (e.name == name)
                return e;
        throw Failure{"unknown entry point: " + name};
    }

    Var& var(const std::string& name) {
        auto it = vars_.find(name);
        if (it == vars_.end())
            throw Failure{"unknown variable: " + name};
        return it->second;
    }

    /// A variable that may still be used (not consumed).
    Var& live(const std::string& name) {
        Var& v = var(name);
        if (v.consumed)
            throw Failure{"variable " + name + " was consumed by an entry point; it can only be freed"};
        return v;
    }

    void fresh(const std::string& name) const {
        if (vars_.count(name))
            throw Failure{"variable already exists: " + name};
    }

    std::set<std::string> types() const {
        std::set<std::string> all;
        for (const Entry& e : program_.entries) {
            for (const std::string& t : e.inputs)
                all.insert(plainType(t));
            for (const std::string& t : e.outputs)
                all.insert(plainType(t));
        }
        return all;
    }

    std::string kind(const std::string& type) const {
        data::Elem elem;
        int rank;
        if (transparentType(type, elem, rank))
            return rank == 0 ? "primitive" : "array";
        auto it = program_.opaqueKinds.find(type);
        if (it != program_.opaqueKinds.end())
            return it->second;
        if (types().count(type))
            return "opaque";
        throw Failure{"unknown type: " + type};
    }

    void call(const std::vector<std::string>& args, std::ostream& out) {
        const Entry& e = entry(arg(args, 0, "call ENTRY OUTPUTS... INPUTS..."));
        size_t outs = e.outputs.size(), ins = e.inputs.size();
        if (args.size() != 1 + outs + ins)
            throw Failure{"entry point " + e.name + " takes " + std::to_string(outs) +
                          " output and " + std::to_string(ins) + " input variables, not " +
                          std::to_string(args.size() - 1) + " variables"};
        std::set<std::string> outNames;
        for (size_t i = 0; i < outs; ++i) {
            fresh(args[1 + i]);
            if (!outNames.insert(args[1 + i]).second)
                throw Failure{"output variable " + args[1 + i] + " is named twice"};
        }
        std::vector<Var*> inVars;
        for (size_t i = 0; i < ins; ++i) {
            Var& v = live(args[1 + outs + i]);
            std::string expected = plainType(e.inputs[i]);
            if (v.type != expected)
                throw Failure{"input " + std::to_string(i) + " of " + e.name + " has type " +
                              expected + ", but variable " + args[1 + outs + i] + " has type " +
                              v.type};
            inVars.push_back(&v);
        }
        std::vector<Var> results(outs);
        for (size_t i = 0; i < outs; ++i)
            results[i].type = plainType(e.outputs[i]);
        auto start = std::chrono::steady_clock::now();
        bool ok = e.call(inVars.data(), results.data());
        std::chrono::duration<double, std::micro> elapsed = std::chrono::steady_clock::now() - start;
        if (!ok)
            throw Failure{program_.error()};
        for (size_t i = 0; i < ins; ++i)
            if (e.inputs[i][0] == '*')
                inVars[i]->consumed = true;
        for (size_t i = 0; i < outs; ++i)
            vars_[args[1 + i]] = std::move(results[i]);
        out << "runtime: " << static_cast<long long>(elapsed.count()) << "\n";
    }

    void restore(const std::vector<std::string>& args) {
        const std::string& file = arg(args, 0, "restore FILE VAR TYPE...");
        if (args.size() % 2 != 1)
            throw Failure{"usage: restore FILE VAR TYPE..."};
        std::ifstream in(file, std::ios::binary);
        if (!in)
            throw Failure{"cannot open " + file};
        data::Reader reader(std::string(std::istreambuf_iterator<char>(in), {}));
        std::vector<std::pair<std::string, Var>> read;
        std::set<std::string> names;
        for (size_t i = 1; i < args.size(); i += 2) {
            const std::string &name = args[i], &type = args[i + 1];
            fresh(name);
            if (!names.insert(name).second)
                throw Failure{"variable " + name + " is named twice"};
            data::Elem elem;
            int rank;
            if (!transparentType(type, elem, rank))
                throw Failure{kind(type) + " values (" + type +
                              ") cannot be restored: not supported yet"};
            Var v;
            v.type = type;
            if (!reader.read(v.value, elem, rank))
                throw Failure{"cannot read variable " + name + " (" + type + ") from " + file +
                              ": " + reader.error()};
            read.emplace_back(name, std::move(v));
        }
        for (auto& [name, v] : read)
            vars_.emplace(name, std::move(v));
    }

    void store(const std::vector<std::string>& args) {
        const std::string& file = arg(args, 0, "store FILE VAR...");
        std::vector<const Var*> values;
        for (size_t i = 1; i < args.size(); ++i) {
            const Var& v = live(args[i]);
            if (v.opaque)
                throw Failure{"variable " + args[i] + " is opaque (" + v.type +
                              "): storing opaque values is not supported yet"};
            values.push_back(&v);
        }
        std::ofstream out(file, std::ios::binary | std::ios::trunc);
        for (const Var* v : values)
            data::writeBinary(out, v->value);
        out.close();
        if (!out)
            throw Failure{"cannot write " + file};
    }

    void freeVars(const std::vector<std::string>& args) {
        for (const std::string& name : args)
            var(name);
        for (const std::string& name : args)
            vars_.erase(name);
    }

    void rename(const std::vector<std::string>& args) {
        const std::string& from = arg(args, 0, "rename OLD NEW");
        const std::string& to = arg(args, 1, "rename OLD NEW");
        var(from);
        fresh(to);
        auto node = vars_.extract(from);
        node.key() = to;
        vars_.insert(std::move(node));
    }
};

} // namespace fjord_rt::server
