// Fjord runtime: Futhark's data format and the command line of generated executables.
//
// Values are read in the text format (`1i32`, `2.5f32`, `[1f32, 2f32]`, `empty([0]i32)`,
// `true`, `f32.nan`, `-f32.inf`; unsuffixed numbers take the expected type; `--` comments)
// or the binary format (`b`, version 2, rank as u8, a 4-character type such as " f32",
// u64 dimensions, little-endian payload), freely mixed per value. Results are written in the
// text format (floats printed so they read back to the same bits) or, with `-b`, binary.
//
// Header-only C++17; everything is `inline` in namespace fjord_rt::data.
#pragma once

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <iterator>
#include <limits>
#include <string>
#include <utility>
#include <vector>

namespace fjord_rt::data {

/// Element types of the data format.
enum class Elem { Bool, I8, I16, I32, I64, U8, U16, U32, U64, F16, F32, F64 };

struct ElemInfo {
    const char* name;       ///< text suffix: "i32"
    const char* binaryName; ///< binary format tag: " i32"
    int bytes;
};

inline const ElemInfo& info(Elem e) {
    static const ElemInfo table[] = {
        {"bool", "bool", 1}, {"i8", "  i8", 1},  {"i16", " i16", 2}, {"i32", " i32", 4},
        {"i64", " i64", 8},  {"u8", "  u8", 1},  {"u16", " u16", 2}, {"u32", " u32", 4},
        {"u64", " u64", 8},  {"f16", " f16", 2}, {"f32", " f32", 4}, {"f64", " f64", 8},
    };
    return table[static_cast<int>(e)];
}

inline bool isFloat(Elem e) { return e == Elem::F16 || e == Elem::F32 || e == Elem::F64; }
inline bool isUnsigned(Elem e) {
    return e == Elem::U8 || e == Elem::U16 || e == Elem::U32 || e == Elem::U64;
}

/// A scalar or array value: its element type, shape (empty for scalars) and row-major bytes.
struct Value {
    Elem elem = Elem::I32;
    std::vector<int64_t> shape;
    std::vector<unsigned char> bytes;

    Value() = default;
    /// A zeroed value of the given type and shape.
    Value(Elem e, const int64_t* dims, int rank) : elem(e), shape(dims, dims + rank) {
        bytes.resize(static_cast<size_t>(count() * info(e).bytes));
    }
    /// A scalar.
    template <class T> static Value scalar(Elem e, T v) {
        Value value(e, nullptr, 0);
        std::memcpy(value.bytes.data(), &v, sizeof(T));
        return value;
    }

    int64_t count() const {
        int64_t n = 1;
        for (int64_t d : shape)
            n *= d;
        return n;
    }
    template <class T> T* data() { return reinterpret_cast<T*>(bytes.data()); }
    template <class T> const T* data() const { return reinterpret_cast<const T*>(bytes.data()); }
    template <class T> T get() const {
        T v;
        std::memcpy(&v, bytes.data(), sizeof(T));
        return v;
    }
};

// ---------------------------------------------------------------------------------------
// f16 conversions (values are stored as IEEE binary16 bits)

inline float halfToFloat(uint16_t h) {
    int exponent = (h >> 10) & 0x1f;
    int mantissa = h & 0x3ff;
    float magnitude;
    if (exponent == 0)
        magnitude = std::ldexp(static_cast<float>(mantissa), -24);
    else if (exponent == 31)
        magnitude = mantissa ? std::numeric_limits<float>::quiet_NaN()
                             : std::numeric_limits<float>::infinity();
    else
        magnitude = std::ldexp(static_cast<float>(mantissa | 0x400), exponent - 25);
    return (h & 0x8000) ? -magnitude : magnitude;
}

inline uint16_t floatToHalf(float f) {
    uint16_t sign = std::signbit(f) ? 0x8000 : 0;
    float a = std::fabs(f);
    if (std::isnan(a))
        return sign | 0x7e00;
    if (a >= 65520.0f)
        return sign | 0x7c00;
    if (a < std::ldexp(1.0f, -14)) // subnormal: units of 2^-24
        return sign | static_cast<uint16_t>(std::nearbyint(std::ldexp(a, 24)));
    int exponent;
    float m = std::frexp(a, &exponent); // a = m * 2^exponent, m in [0.5, 1)
    auto bits = static_cast<uint32_t>(std::nearbyint(std::ldexp(m, 11))); // 11 bits
    if (bits == 2048) {
        bits = 1024;
        ++exponent;
    }
    return sign | static_cast<uint16_t>(((exponent + 14) << 10) | (bits & 0x3ff));
}

// ---------------------------------------------------------------------------------------
// Reading

/// Reads values from the whole of an input (text and binary values may be mixed).
class Reader {
public:
    explicit Reader(std::string input) : in_(std::move(input)) {}

    const std::string& error() const { return error_; }

    /// Reads one value of element type `elem` and rank `rank` into `out`.
    bool read(Value& out, Elem elem, int rank) {
        skipSpace();
        if (pos_ >= in_.size())
            return fail("unexpected end of input");
        out = Value();
        out.elem = elem;
        if (in_[pos_] == 'b')
            return readBinary(out, rank);
        return readText(out, rank);
    }

    /// True when only whitespace and comments are left.
    bool atEnd() {
        skipSpace();
        return pos_ >= in_.size();
    }

private:
    bool fail(const std::string& message) {
        error_ = message + " (at byte " + std::to_string(pos_) + ")";
        return false;
    }

    void skipSpace() {
        while (pos_ < in_.size()) {
            char c = in_[pos_];
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
                ++pos_;
            } else if (c == '-' && in_.compare(pos_, 2, "--") == 0) {
                while (pos_ < in_.size() && in_[pos_] != '\n')
                    ++pos_;
            } else {
                return;
            }
        }
    }

    bool expect(char c) {
        skipSpace();
        if (pos_ < in_.size() && in_[pos_] == c) {
            ++pos_;
            return true;
        }
        return fail(std::string("expected '") + c + "'");
    }

    bool readBinary(Value& out, int rank) {
        if (pos_ + 7 > in_.size())
            return fail("truncated binary value");
        ++pos_; // 'b'
        int version = static_cast<unsigned char>(in_[pos_++]);
        int valueRank = static_cast<unsigned char>(in_[pos_++]);
        std::string tag = in_.substr(pos_, 4);
        pos_ += 4;
        if (version != 2)
            return fail("unsupported binary format version " + std::to_string(version));
        if (tag != info(out.elem).binaryName || valueRank != rank)
            return fail("expected a value of type " + typeName(out.elem, rank) +
                        ", got binary " + std::to_string(valueRank) + "-d '" + tag + "'");
        if (pos_ + 8 * static_cast<size_t>(rank) > in_.size())
            return fail("truncated binary value");
        for (int i = 0; i < rank; ++i) {
            uint64_t d = 0;
            for (int b = 0; b < 8; ++b)
                d |= static_cast<uint64_t>(static_cast<unsigned char>(in_[pos_++])) << (8 * b);
            out.shape.push_back(static_cast<int64_t>(d));
        }
        if (!checkShape(out.shape))
            return false;
        size_t left = in_.size() - pos_;
        auto bytes = static_cast<size_t>(info(out.elem).bytes);
        if (static_cast<uint64_t>(out.count()) > left / bytes)
            return fail("the shape " + shapeText(out.shape) + " needs " +
                        std::to_string(out.count()) + " elements of " + std::to_string(bytes) +
                        " bytes, but only " + std::to_string(left) + " bytes are left");
        size_t size = static_cast<size_t>(out.count()) * bytes;
        out.bytes.assign(in_.begin() + static_cast<std::ptrdiff_t>(pos_),
                         in_.begin() + static_cast<std::ptrdiff_t>(pos_ + size));
        pos_ += size;
        return true;
    }

    static std::string shapeText(const std::vector<int64_t>& shape) {
        std::string s;
        for (int64_t d : shape)
            s += "[" + std::to_string(d) + "]";
        return s;
    }

    /// Rejects negative dimensions and shapes whose element count overflows int64 (zero
    /// dimensions aside, so that the product of the others is bounded too).
    bool checkShape(const std::vector<int64_t>& shape) {
        int64_t product = 1;
        for (size_t i = 0; i < shape.size(); ++i) {
            if (shape[i] < 0)
                return fail("dimension " + std::to_string(i) + " of the shape " +
                            shapeText(shape) + " is negative");
            if (shape[i] != 0 && product > std::numeric_limits<int64_t>::max() / shape[i])
                return fail("the shape " + shapeText(shape) +
                            " has more elements than int64 can count");
            if (shape[i] != 0)
                product *= shape[i];
        }
        return true;
    }

    bool readText(Value& out, int rank) {
        if (in_.compare(pos_, 6, "empty(") == 0)
            return readEmpty(out, rank);
        std::vector<int64_t> shape(static_cast<size_t>(rank), -1);
        if (!readElements(out, shape, 0))
            return false;
        out.shape = shape;
        return true;
    }

    /// `empty([2][0]i32)`
    bool readEmpty(Value& out, int rank) {
        pos_ += 6;
        int dims = 0;
        bool zero = false;
        skipSpace();
        while (pos_ < in_.size() && in_[pos_] == '[') {
            ++pos_;
            skipSpace();
            size_t start = pos_;
            if (pos_ < in_.size() && in_[pos_] == '-')
                ++pos_;
            while (pos_ < in_.size() && std::isdigit(static_cast<unsigned char>(in_[pos_])))
                ++pos_;
            std::string text = in_.substr(start, pos_ - start);
            if (text.empty() || text == "-")
                return fail("expected a dimension in empty(...)");
            errno = 0;
            int64_t d = std::strtoll(text.c_str(), nullptr, 10);
            if (errno != 0)
                return fail("dimension " + text + " in empty(...) is out of range");
            if (d < 0)
                return fail("dimension " + std::to_string(dims) + " in empty(...) is negative: " +
                            text);
            zero = zero || d == 0;
            out.shape.push_back(d);
            ++dims;
            if (!expect(']'))
                return false;
            skipSpace();
        }
        std::string type = token();
        if (type != info(out.elem).name || dims != rank)
            return fail("expected an empty array of type " + typeName(out.elem, rank));
        if (!zero)
            return fail("empty(...) needs a zero dimension");
        return expect(')');
    }

    /// Elements of an array nested `depth` levels deep, or a scalar when depth == rank.
    bool readElements(Value& out, std::vector<int64_t>& shape, size_t depth) {
        skipSpace();
        if (depth == shape.size())
            return readScalar(out);
        if (!expect('['))
            return false;
        int64_t n = 0;
        skipSpace();
        if (pos_ < in_.size() && in_[pos_] == ']')
            return fail("write empty arrays as empty([0]t)");
        for (;;) {
            if (!readElements(out, shape, depth + 1))
                return false;
            ++n;
            skipSpace();
            if (pos_ < in_.size() && in_[pos_] == ',') {
                ++pos_;
                continue;
            }
            if (!expect(']'))
                return false;
            break;
        }
        if (shape[depth] >= 0 && shape[depth] != n)
            return fail("irregular array");
        shape[depth] = n;
        return true;
    }

    std::string token() {
        skipSpace();
        size_t start = pos_;
        while (pos_ < in_.size()) {
            char c = in_[pos_];
            if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' ||
                  c == '-' || c == '+'))
                break;
            ++pos_;
        }
        return in_.substr(start, pos_ - start);
    }

    bool readScalar(Value& out) {
        size_t start = pos_;
        std::string text = token();
        if (text.empty())
            return fail("expected a value");
        Elem elem = out.elem;
        if (elem == Elem::Bool) {
            if (text != "true" && text != "false")
                return fail("expected a bool, got '" + text + "'");
            out.bytes.push_back(text == "true" ? 1 : 0);
            return true;
        }
        // Split off a type suffix: the first 'i', 'u' or 'f' after the number.
        std::string number = text, suffix;
        size_t cut = text.find_first_of("iuf");
        if (cut != std::string::npos) {
            number = text.substr(0, cut);
            suffix = text.substr(cut);
        }
        // f32.nan, f32.inf, -f32.inf
        size_t dot = suffix.find('.');
        std::string special;
        if (dot != std::string::npos) {
            special = suffix.substr(dot + 1);
            suffix = suffix.substr(0, dot);
        }
        if (!suffix.empty() && suffix != info(elem).name) {
            pos_ = start;
            return fail("expected a value of type " + std::string(info(elem).name) + ", got '" +
                        text + "'");
        }
        std::string digits;
        for (char c : number)
            if (c != '_')
                digits += c;
        if (isFloat(elem)) {
            double v;
            if (!special.empty()) {
                if (special == "nan" && (digits.empty() || digits == "-"))
                    v = std::numeric_limits<double>::quiet_NaN();
                else if (special == "inf" && (digits.empty() || digits == "-"))
                    v = digits == "-" ? -std::numeric_limits<double>::infinity()
                                      : std::numeric_limits<double>::infinity();
                else
                    return fail("bad float literal '" + text + "'");
            } else {
                char* end = nullptr;
                v = std::strtod(digits.c_str(), &end);
                if (digits.empty() || *end != '\0')
                    return fail("bad float literal '" + text + "'");
            }
            if (elem == Elem::F64)
                append(out, v);
            else if (elem == Elem::F32)
                append(out, static_cast<float>(v));
            else
                append(out, floatToHalf(static_cast<float>(v)));
            return true;
        }
        if (!special.empty() || digits.empty())
            return fail("bad integer literal '" + text + "'");
        char* end = nullptr;
        errno = 0;
        uint64_t bits;
        bool negative = digits[0] == '-';
        if (negative)
            bits = static_cast<uint64_t>(std::strtoll(digits.c_str(), &end, 0));
        else
            bits = std::strtoull(digits.c_str(), &end, 0);
        if (*end != '\0')
            return fail("bad integer literal '" + text + "'");
        if (errno != 0 || !fitsIn(elem, negative, bits)) {
            pos_ = start;
            return fail("integer literal '" + text + "' is out of range for " +
                        info(elem).name);
        }
        switch (info(elem).bytes) {
        case 1: append(out, static_cast<uint8_t>(bits)); break;
        case 2: append(out, static_cast<uint16_t>(bits)); break;
        case 4: append(out, static_cast<uint32_t>(bits)); break;
        default: append(out, bits); break;
        }
        return true;
    }

    /// Whether an integer read as `bits` (two's complement when `negative`) is a value
    /// of `elem`.
    static bool fitsIn(Elem elem, bool negative, uint64_t bits) {
        int width = 8 * info(elem).bytes;
        if (isUnsigned(elem))
            return (!negative || bits == 0) && (width == 64 || bits < (uint64_t(1) << width));
        auto v = static_cast<int64_t>(bits);
        if (width == 64)
            return negative == (v < 0) || v == 0;
        int64_t limit = int64_t(1) << (width - 1);
        return v >= -limit && v < limit;
    }

    template <class T> static void append(Value& out, T v) {
        unsigned char raw[sizeof(T)];
        std::memcpy(raw, &v, sizeof(T));
        out.bytes.insert(out.bytes.end(), raw, raw + sizeof(T));
    }

    static std::string typeName(Elem elem, int rank) {
        std::string s;
        for (int i = 0; i < rank; ++i)
            s += "[]";
        return s + info(elem).name;
    }

    std::string in_;
    size_t pos_ = 0;
    std::string error_;
};

// ---------------------------------------------------------------------------------------
// Writing

/// The shortest text that reads back as `v`, in the data format ("2.5", "1.0e-3" style).
template <class T> inline std::string floatText(T v, const char* suffix) {
    if (std::isnan(v))
        return std::string(suffix) + ".nan";
    if (std::isinf(v))
        return (v < 0 ? "-" : "") + std::string(suffix) + ".inf";
    char buf[64];
    auto result = std::to_chars(buf, buf + sizeof buf, v);
    std::string s(buf, result.ptr);
    if (s.find_first_of(".e") == std::string::npos)
        s += ".0";
    return s + suffix;
}

inline std::string scalarText(Elem elem, const unsigned char* p) {
    auto load = [p](auto v) {
        std::memcpy(&v, p, sizeof v);
        return v;
    };
    const char* suffix = info(elem).name;
    switch (elem) {
    case Elem::Bool: return load(uint8_t()) ? "true" : "false";
    case Elem::I8: return std::to_string(load(int8_t())) + suffix;
    case Elem::I16: return std::to_string(load(int16_t())) + suffix;
    case Elem::I32: return std::to_string(load(int32_t())) + suffix;
    case Elem::I64: return std::to_string(load(int64_t())) + suffix;
    case Elem::U8: return std::to_string(load(uint8_t())) + suffix;
    case Elem::U16: return std::to_string(load(uint16_t())) + suffix;
    case Elem::U32: return std::to_string(load(uint32_t())) + suffix;
    case Elem::U64: return std::to_string(load(uint64_t())) + suffix;
    case Elem::F16: return floatText(halfToFloat(load(uint16_t())), suffix);
    case Elem::F32: return floatText(load(float()), suffix);
    case Elem::F64: return floatText(load(double()), suffix);
    }
    return "";
}

inline void writeElements(std::ostream& out, const Value& v, size_t depth, size_t& offset) {
    if (depth == v.shape.size()) {
        out << scalarText(v.elem, v.bytes.data() + offset);
        offset += static_cast<size_t>(info(v.elem).bytes);
        return;
    }
    out << '[';
    for (int64_t i = 0; i < v.shape[depth]; ++i) {
        if (i > 0)
            out << ", ";
        writeElements(out, v, depth + 1, offset);
    }
    out << ']';
}

/// Writes `v` in the text format, then a newline.
inline void writeText(std::ostream& out, const Value& v) {
    if (!v.shape.empty() && v.count() == 0) {
        out << "empty(";
        for (int64_t d : v.shape)
            out << '[' << d << ']';
        out << info(v.elem).name << ")\n";
        return;
    }
    size_t offset = 0;
    writeElements(out, v, 0, offset);
    out << '\n';
}

/// Writes `v` in the binary format.
inline void writeBinary(std::ostream& out, const Value& v) {
    out << 'b' << static_cast<char>(2) << static_cast<char>(v.shape.size())
        << info(v.elem).binaryName;
    for (int64_t d : v.shape) {
        auto u = static_cast<uint64_t>(d);
        for (int b = 0; b < 8; ++b)
            out << static_cast<char>((u >> (8 * b)) & 0xff);
    }
    out.write(reinterpret_cast<const char*>(v.bytes.data()),
              static_cast<std::streamsize>(v.bytes.size()));
}

// ---------------------------------------------------------------------------------------
// The command line of generated executables

/// Options: -e ENTRY, -r RUNS, -t TIMING_FILE, -b, --tuning FILE, --param NAME=VALUE, -L,
/// --report FILE (the context's memory report, `<prefix>_context_report`, after the runs),
/// --flush-l2 (evict the device's L2 cache before each run, outside its timing), --server
/// (serve Futhark's server protocol on stdin: fjord_runtime_server.h).
struct Options {
    std::string entry = "main";
    int runs = 1;
    std::string timingFile;
    std::string reportFile;
    bool binaryOutput = false;
    bool flushL2 = false;
    bool log = false; ///< -L/--log: log threshold comparisons
    bool server = false;
    std::vector<std::pair<std::string, int64_t>> params; ///< from --tuning and --param

    /// Parses the command line; prints a message to stderr and returns false on error.
    bool parse(int argc, char** argv) {
        for (int i = 1; i < argc; ++i) {
            std::string arg = argv[i];
            auto value = [&](std::string& out) {
                if (i + 1 >= argc)
                    return false;
                out = argv[++i];
                return true;
            };
            std::string v;
            if (arg == "-b" || arg == "--binary-output") {
                binaryOutput = true;
            } else if ((arg == "-e" || arg == "--entry") && value(v)) {
                entry = v;
            } else if ((arg == "-r" || arg == "--runs") && value(v)) {
                runs = std::max(1, std::atoi(v.c_str()));
            } else if ((arg == "-t" || arg == "--timing") && value(v)) {
                timingFile = v;
            } else if (arg == "-L" || arg == "--log") {
                log = true;
            } else if (arg == "--flush-l2") {
                flushL2 = true;
            } else if (arg == "--server") {
                server = true;
            } else if (arg == "--report" && value(v)) {
                reportFile = v;
            } else if (arg == "--tuning" && value(v)) {
                if (!readTuningFile(v))
                    return false;
            } else if (arg == "--param" && value(v)) {
                if (!addParam(v, "--param " + v))
                    return false;
            } else {
                std::cerr << "usage: " << argv[0]
                          << " [-e ENTRY] [-r RUNS] [-t TIMING_FILE] [-b] [--tuning FILE]"
                             " [--param NAME=VALUE] [-L] [--report FILE] [--flush-l2] < input\n"
                             "       "
                          << argv[0] << " --server [--tuning FILE] [--param NAME=VALUE] [-L]\n";
                return false;
            }
        }
        return true;
    }

private:
    bool addParam(const std::string& line, const std::string& where) {
        size_t eq = line.find('=');
        char* end = nullptr;
        long long value = eq == std::string::npos ? 0 : std::strtoll(line.c_str() + eq + 1, &end, 10);
        if (eq == std::string::npos || eq == 0 || end == line.c_str() + eq + 1 || *end != '\0') {
            std::cerr << where << ": must be of form 'name=int'\n";
            return false;
        }
        params.emplace_back(line.substr(0, eq), value);
        return true;
    }

    /// `name=int` lines; `--` starts a comment.
    bool readTuningFile(const std::string& path) {
        std::ifstream file(path);
        if (!file) {
            std::cerr << "cannot open tuning file " << path << "\n";
            return false;
        }
        std::string line;
        for (int n = 1; std::getline(file, line); ++n) {
            line = line.substr(0, line.find("--"));
            std::string trimmed;
            for (char c : line)
                if (!std::isspace(static_cast<unsigned char>(c)))
                    trimmed += c;
            if (!trimmed.empty() && !addParam(trimmed, path + ":" + std::to_string(n)))
                return false;
        }
        return true;
    }
};

/// Reads the input, times the runs and prints results for one entry point.
class Runner {
public:
    Runner(const Options& options, std::string input)
        : options_(options), reader_(std::move(input)) {}

    int runs() const { return options_.runs; }
    bool flushL2() const { return options_.flushL2; }

    /// Reads argument `name`; prints an error and returns false on failure.
    bool read(Value& out, Elem elem, int rank, const char* name) {
        ++argument_;
        if (reader_.read(out, elem, rank))
            return true;
        std::cerr << "error: cannot read argument " << argument_ << " (" << name
                  << "): " << reader_.error() << "\n";
        return false;
    }

    /// Fails when input is left over after the last argument.
    bool finishInput() {
        if (reader_.atEnd())
            return true;
        std::cerr << "error: more input than the entry point takes\n";
        return false;
    }

    /// Times one run: from just before the entry-point call to the return of
    /// `<prefix>_context_sync` (inputs are already on the device; results stay there).
    void startRun() { start_ = std::chrono::steady_clock::now(); }
    /// Ends the run's timing and appends it to the timing file at once (so that a watcher,
    /// such as `fjord bench`'s progress bar, sees the runs as they finish).
    void endRun() {
        std::chrono::duration<double, std::micro> elapsed =
            std::chrono::steady_clock::now() - start_;
        if (options_.timingFile.empty())
            return;
        if (!timingOut_.is_open())
            timingOut_.open(options_.timingFile);
        timingOut_ << std::fixed << std::setprecision(3) << elapsed.count() << std::endl;
    }

    void print(const Value& v) {
        if (options_.binaryOutput)
            writeBinary(std::cout, v);
        else
            writeText(std::cout, v);
    }

    /// Finishes the timing file (one line per run, microseconds with three decimals) if
    /// one was asked for; false if it could not be written.
    bool writeTimings() {
        if (options_.timingFile.empty())
            return true;
        if (!timingOut_.is_open())
            timingOut_.open(options_.timingFile);
        timingOut_.close();
        return !timingOut_.fail();
    }

    /// Writes `report` (JSON text) to the --report file, if one was asked for.
    bool writeReport(const char* report) const {
        if (options_.reportFile.empty())
            return true;
        std::ofstream out(options_.reportFile);
        out << (report ? report : "{}") << "\n";
        return static_cast<bool>(out);
    }

private:
    const Options& options_;
    Reader reader_;
    int argument_ = 0; ///< the position of the argument being read, from 1
    std::chrono::steady_clock::time_point start_;
    std::ofstream timingOut_;
};

/// All of standard input, read in large blocks (reading through std::cin goes character by
/// character while it is synchronised with stdio: seconds for inputs of tens of megabytes).
inline std::string readStdin() {
    std::string data;
    char block[1 << 16];
    size_t n;
    while ((n = std::fread(block, 1, sizeof block, stdin)) > 0)
        data.append(block, n);
    return data;
}

} // namespace fjord_rt::data
