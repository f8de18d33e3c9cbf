// Reading test data files, gzip'd or not (DataFile.h).
#include "testing/DataFile.h"

#include <fstream>
#include <iterator>
#include <zlib.h>

namespace fjord::testing {

std::optional<std::string> gunzip(const std::string& compressed, std::string& error) {
  z_stream z{};
  // 16 + MAX_WBITS: expect a gzip header (not a raw zlib stream).
  if (inflateInit2(&z, 16 + MAX_WBITS) != Z_OK) {
    error = "cannot initialise zlib";
    return std::nullopt;
  }
  std::string out;
  char buffer[1 << 16];
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(compressed.data()));
  z.avail_in = static_cast<uInt>(compressed.size());
  int rc = Z_OK;
  while (true) {
    z.next_out = reinterpret_cast<Bytef*>(buffer);
    z.avail_out = sizeof buffer;
    rc = inflate(&z, Z_NO_FLUSH);
    out.append(buffer, sizeof buffer - z.avail_out);
    if (rc == Z_STREAM_END && z.avail_in > 0) {
      inflateReset(&z); // a further gzip member follows (as `cat a.gz b.gz` makes)
      continue;
    }
    if (rc != Z_OK)
      break;
  }
  inflateEnd(&z);
  if (rc != Z_STREAM_END) {
    error = std::string("not valid gzip data") + (z.msg ? std::string(" (") + z.msg + ")" : "");
    return std::nullopt;
  }
  return out;
}

std::optional<std::string> readDataFile(const std::filesystem::path& path, std::string& error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = "cannot read data file " + path.string();
    return std::nullopt;
  }
  std::string data((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (path.extension() != ".gz")
    return data;
  auto plain = gunzip(data, error);
  if (!plain)
    error = path.string() + ": " + error;
  return plain;
}

} // namespace fjord::testing
