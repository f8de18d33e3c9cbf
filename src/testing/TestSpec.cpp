// Parsing test blocks (TestSpec.h).
#include "testing/TestSpec.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <sstream>

namespace fjord::testing {
namespace {

// The test block's text with comment markers removed, remembering each character's line.
struct BlockText {
  std::string text;
  std::vector<int> lineOf; // per character
  std::string description;
};

// Every test block of the program (a file may have several, e.g. one per entry point).
std::vector<BlockText> extractBlocks(const std::string& program) {
  std::istringstream in(program);
  std::string line;
  int lineNo = 0;
  bool inBlock = false;
  std::vector<BlockText> blocks;
  BlockText block;
  std::string pendingDescription;
  while (std::getline(in, line)) {
    ++lineNo;
    size_t start = line.find_first_not_of(" \t");
    bool isComment = start != std::string::npos && line.compare(start, 2, "--") == 0;
    if (!isComment) {
      if (inBlock)
        blocks.push_back(std::move(block));
      block = BlockText{};
      inBlock = false;
      pendingDescription.clear();
      continue;
    }
    std::string body = line.substr(start + 2);
    size_t b = body.find_first_not_of(" \t");
    std::string trimmed = b == std::string::npos ? "" : body.substr(b);
    while (!trimmed.empty() && std::isspace(static_cast<unsigned char>(trimmed.back())))
      trimmed.pop_back();
    if (!inBlock) {
      if (trimmed == "==") {
        inBlock = true;
        block.description = pendingDescription;
      } else {
        pendingDescription += (pendingDescription.empty() ? "" : "\n") + trimmed;
      }
      continue;
    }
    for (char c : body) {
      block.text += c;
      block.lineOf.push_back(lineNo);
    }
    block.text += '\n';
    block.lineOf.push_back(lineNo);
  }
  if (inBlock)
    blocks.push_back(std::move(block));
  return blocks;
}

class BlockParser {
public:
  BlockParser(const BlockText& b, TestSpec& spec) : b_(b), spec_(spec) {}

  bool parse(std::string& error) {
    std::vector<std::string> entries{"main"};
    bool namedEntries = false; // an `entry:` line was seen: structure checks count only those
    TestCase pending;
    bool havePendingInput = false;
    TestCase prefix; // what is written before the next `input`: name, tags, `compiled`
    auto flush = [&] {
      if (havePendingInput)
        spec_.cases.push_back(pending);
      pending = TestCase{};
      havePendingInput = false;
    };
    while (skipSpace(), pos_ < b_.text.size()) {
      int line = lineHere();
      if (peek() == '"') {
        std::string name;
        if (!readQuoted(name))
          return fail(error, line, "unterminated data set name");
        prefix.name = name;
        continue;
      }
      std::string word = readWord();
      if (word.empty())
        return fail(error, line, "unexpected `" + std::string(1, b_.text[pos_]) + "` in test block");
      if (word == "entry:") {
        flush();
        entries = readRestOfLineWords();
        namedEntries = true;
      } else if (word == "tags") {
        std::string body;
        if (!readBraced(body))
          return fail(error, line, "expected `{` after `tags`");
        std::istringstream ws(body);
        for (std::string t; ws >> t;)
          spec_.tags.push_back(t);
      } else if (isCaseTag(word)) {
        if (word == "compiled")
          prefix.compiledOnly = true;
        prefix.tags.push_back(word);
      } else if (word == "random" || word == "script") {
        if (readWord() != "input")
          return fail(error, line, "expected `input` after `" + word + "`");
        std::string body;
        bool fromFile = word == "script" && (skipSpace(), peek() == '@');
        if (fromFile) {
          if (!readFileName(body))
            return fail(error, line, "expected a file name after `script input @`");
        } else if (!readBraced(body)) {
          return fail(error, line, "expected `{` after `" + word + " input`");
        }
        startCase(pending, havePendingInput, prefix, entries, line, flush);
        if (word == "random")
          pending.randomInput = body;
        else if (fromFile)
          pending.scriptFile = body;
        else
          pending.scriptInput = body;
      } else if (word == "input") {
        skipSpace();
        startCase(pending, havePendingInput, prefix, entries, line, flush);
        if (peek() == '@') {
          std::string file;
          if (!readFileName(file))
            return fail(error, line, "expected a file name after `input @`");
          pending.inputFile = file;
        } else {
          std::string body;
          if (!readBraced(body))
            return fail(error, line, "expected `{` after `input`");
          pending.input = body;
        }
      } else if (word == "output") {
        if (!havePendingInput)
          return fail(error, line, "`output` without a preceding `input`");
        skipSpace();
        if (peek() == '@') {
          std::string file;
          if (!readFileName(file))
            return fail(error, line, "expected a file name after `output @`");
          pending.outputFile = file;
        } else {
          std::string body;
          if (!readBraced(body))
            return fail(error, line, "expected `{` after `output`");
          pending.output = body;
        }
        flush();
      } else if (word == "auto") {
        if (readWord() != "output" || !havePendingInput)
          return fail(error, line, "expected `auto output` after an input");
        pending.autoOutput = true;
        flush();
      } else if (word == "error:") {
        std::string regex = readRestOfLine();
        if (havePendingInput) {
          pending.errorRegex = regex;
          flush();
        } else {
          spec_.compileErrorRegex = regex;
        }
      } else if (word == "warning:") {
        spec_.warningRegex = readRestOfLine();
      } else if (word == "property:") {
        for (std::string& name : readRestOfLineWords())
          spec_.properties.push_back(std::move(name));
      } else if (word == "structure") {
        StructureCheck check;
        check.line = line;
        if (namedEntries)
          check.entries = entries;
        skipSpace();
        if (peek() != '{')
          check.stage = readWord();
        std::string body;
        if (!readBraced(body))
          return fail(error, line, "expected `{` after `structure`");
        std::istringstream ws(body);
        std::string name;
        int count = 0;
        while (ws >> name) {
          if (!(ws >> count))
            return fail(error, line, "expected a count after `" + name + "` in structure block");
          check.counts.emplace_back(name, count);
        }
        spec_.structures.push_back(check);
      } else {
        return fail(error, line, "unknown test directive `" + word + "`");
      }
    }
    flush();
    return true;
  }

private:
  // Starts a case at `line` with what was written before its `input` (then forgotten).
  template <class F>
  void startCase(TestCase& pending, bool& have, TestCase& prefix,
                 const std::vector<std::string>& entries, int line, F& flush) {
    flush();
    pending = std::move(prefix);
    prefix = TestCase{};
    pending.entries = entries;
    pending.line = line;
    have = true;
  }

  // Words Futhark allows before a case's `input`: `compiled`, benchmark options, and
  // exclusion tags (`notest`, `no_opencl`, `no_python`, ...).
  static bool isCaseTag(const std::string& word) {
    return word == "compiled" || word == "nobench" || word == "notune" || word == "notest" ||
           word == "disable" || (word.size() > 3 && word.compare(0, 3, "no_") == 0);
  }

  // `"..."` (a data set name); false if the quote is not closed on its line.
  bool readQuoted(std::string& out) {
    size_t end = b_.text.find('"', pos_ + 1);
    size_t eol = b_.text.find('\n', pos_ + 1);
    if (end == std::string::npos || end > eol)
      return false;
    out = b_.text.substr(pos_ + 1, end - pos_ - 1);
    pos_ = end + 1;
    return true;
  }

  // `@ name` (no white space in the name); the cursor is at `@`.
  bool readFileName(std::string& out) {
    ++pos_;
    skipSpaceOnLine();
    size_t start = pos_;
    while (pos_ < b_.text.size() && !std::isspace(static_cast<unsigned char>(b_.text[pos_])))
      ++pos_;
    out = b_.text.substr(start, pos_ - start);
    return !out.empty();
  }

  bool fail(std::string& error, int line, const std::string& msg) {
    error = "line " + std::to_string(line) + ": " + msg;
    return false;
  }
  int lineHere() const { return pos_ < b_.lineOf.size() ? b_.lineOf[pos_] : 0; }
  char peek() const { return pos_ < b_.text.size() ? b_.text[pos_] : '\0'; }
  void skipSpace() {
    while (pos_ < b_.text.size() && std::isspace(static_cast<unsigned char>(b_.text[pos_])))
      ++pos_;
  }
  std::string readWord() {
    skipSpace();
    size_t start = pos_;
    while (pos_ < b_.text.size() && !std::isspace(static_cast<unsigned char>(b_.text[pos_])) &&
           b_.text[pos_] != '{' && b_.text[pos_] != '@')
      ++pos_;
    return b_.text.substr(start, pos_ - start);
  }
  std::string readRestOfLine() {
    skipSpaceOnLine();
    size_t end = b_.text.find('\n', pos_);
    std::string s = b_.text.substr(pos_, end - pos_);
    pos_ = end;
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back())))
      s.pop_back();
    return s;
  }
  std::vector<std::string> readRestOfLineWords() {
    std::istringstream ws(readRestOfLine());
    std::vector<std::string> out;
    for (std::string w; ws >> w;)
      out.push_back(w);
    return out;
  }
  void skipSpaceOnLine() {
    while (pos_ < b_.text.size() && (b_.text[pos_] == ' ' || b_.text[pos_] == '\t'))
      ++pos_;
  }
  // Reads `{ ... }` with nesting; `out` gets the inside.
  bool readBraced(std::string& out) {
    skipSpace();
    if (peek() != '{')
      return false;
    int depth = 0;
    size_t start = pos_ + 1;
    for (; pos_ < b_.text.size(); ++pos_) {
      if (b_.text[pos_] == '{')
        ++depth;
      else if (b_.text[pos_] == '}' && --depth == 0) {
        out = b_.text.substr(start, pos_ - start);
        ++pos_;
        return true;
      }
    }
    return false;
  }

  const BlockText& b_;
  TestSpec& spec_;
  size_t pos_ = 0;
};

} // namespace

std::optional<TestSpec> parseTestSpec(const std::string& programText, std::string& error) {
  std::vector<BlockText> blocks = extractBlocks(programText);
  if (blocks.empty())
    return std::nullopt;
  TestSpec spec;
  spec.description = blocks[0].description;
  for (const BlockText& block : blocks) {
    BlockParser parser(block, spec);
    if (!parser.parse(error))
      return std::nullopt;
  }
  return spec;
}

std::vector<std::filesystem::path> programFiles(const std::vector<std::string>& paths, std::string& error) {
  std::vector<std::filesystem::path> files;
  for (const std::string& p : paths) {
    if (std::filesystem::is_directory(p)) {
      for (const auto& e : std::filesystem::recursive_directory_iterator(p))
        if (e.is_regular_file() && e.path().extension() == ".fut")
          files.push_back(e.path());
    } else if (std::filesystem::is_regular_file(p)) {
      files.emplace_back(p);
    } else {
      error = "no such file or directory: " + p;
      return {};
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

} // namespace fjord::testing
