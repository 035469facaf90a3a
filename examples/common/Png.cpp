//===- Png.cpp - A minimal PNG writer -------------------------------------===//

#include "Png.h"

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdio>
#include <cstring>

using namespace kgpu::examples;

namespace {

std::array<uint32_t, 256> makeCrcTable() {
  std::array<uint32_t, 256> table{};
  for (uint32_t n = 0; n < 256; ++n) {
    uint32_t c = n;
    for (int k = 0; k < 8; ++k)
      c = (c & 1) ? 0xedb88320u ^ (c >> 1) : c >> 1;
    table[n] = c;
  }
  return table;
}

void putBE32(std::vector<uint8_t> &out, uint32_t v) {
  out.push_back(static_cast<uint8_t>(v >> 24));
  out.push_back(static_cast<uint8_t>(v >> 16));
  out.push_back(static_cast<uint8_t>(v >> 8));
  out.push_back(static_cast<uint8_t>(v));
}

/// Appends a chunk: length, type, data, CRC of type and data.
void putChunk(std::vector<uint8_t> &out, const char type[4],
              const std::vector<uint8_t> &data) {
  putBE32(out, static_cast<uint32_t>(data.size()));
  size_t typeAt = out.size();
  out.insert(out.end(), type, type + 4);
  out.insert(out.end(), data.begin(), data.end());
  putBE32(out, crc32(out.data() + typeAt, 4 + data.size()));
}

/// A zlib stream (RFC 1950) of stored deflate blocks (RFC 1951 3.2.4).
std::vector<uint8_t> zlibStored(const std::vector<uint8_t> &raw) {
  constexpr size_t maxBlock = 65535;
  std::vector<uint8_t> out;
  out.reserve(raw.size() + raw.size() / maxBlock * 5 + 16);
  // CMF: deflate, 32 KiB window; FLG: no dictionary, level 0, and
  // (CMF * 256 + FLG) % 31 == 0.
  out.push_back(0x78);
  out.push_back(0x01);
  size_t pos = 0;
  do {
    size_t len = std::min(maxBlock, raw.size() - pos);
    bool last = pos + len == raw.size();
    out.push_back(last ? 1 : 0); // BFINAL, BTYPE = 00 (stored)
    out.push_back(static_cast<uint8_t>(len));
    out.push_back(static_cast<uint8_t>(len >> 8));
    out.push_back(static_cast<uint8_t>(~len));
    out.push_back(static_cast<uint8_t>(~len >> 8));
    out.insert(out.end(), raw.begin() + pos, raw.begin() + pos + len);
    pos += len;
  } while (pos < raw.size());
  putBE32(out, adler32(raw.data(), raw.size()));
  return out;
}

} // namespace

uint32_t kgpu::examples::crc32(const uint8_t *data, size_t size, uint32_t crc) {
  static const std::array<uint32_t, 256> table = makeCrcTable();
  crc = ~crc;
  for (size_t i = 0; i < size; ++i)
    crc = table[(crc ^ data[i]) & 0xff] ^ (crc >> 8);
  return ~crc;
}

uint32_t kgpu::examples::adler32(const uint8_t *data, size_t size,
                                 uint32_t adler) {
  constexpr uint32_t mod = 65521;
  // 5552 bytes keep the sums below 2^32 between reductions.
  constexpr size_t chunk = 5552;
  uint32_t a = adler & 0xffff, b = adler >> 16;
  while (size > 0) {
    size_t n = std::min(size, chunk);
    size -= n;
    for (; n > 0; --n) {
      a += *data++;
      b += a;
    }
    a %= mod;
    b %= mod;
  }
  return (b << 16) | a;
}

std::vector<uint8_t>
kgpu::examples::encodePng(uint32_t width, uint32_t height,
                          const std::vector<uint8_t> &rgb) {
  // Each row: filter type 0 (none), then the pixels.
  size_t rowBytes = size_t(width) * 3;
  std::vector<uint8_t> raw;
  raw.reserve((rowBytes + 1) * height);
  for (uint32_t y = 0; y < height; ++y) {
    raw.push_back(0);
    const uint8_t *row = rgb.data() + y * rowBytes;
    raw.insert(raw.end(), row, row + rowBytes);
  }

  std::vector<uint8_t> png = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
  std::vector<uint8_t> ihdr;
  putBE32(ihdr, width);
  putBE32(ihdr, height);
  ihdr.push_back(8); // bit depth
  ihdr.push_back(2); // colour type: RGB
  ihdr.push_back(0); // compression: deflate
  ihdr.push_back(0); // filter method 0
  ihdr.push_back(0); // no interlace
  putChunk(png, "IHDR", ihdr);
  putChunk(png, "IDAT", zlibStored(raw));
  putChunk(png, "IEND", {});
  return png;
}

bool kgpu::examples::writePng(const std::string &path, uint32_t width,
                              uint32_t height, const std::vector<uint8_t> &rgb,
                              std::string &error) {
  if (width == 0 || height == 0 || rgb.size() != size_t(width) * height * 3) {
    error = "bad image size";
    return false;
  }
  std::vector<uint8_t> png = encodePng(width, height, rgb);
  std::FILE *f = std::fopen(path.c_str(), "wb");
  if (!f) {
    error = "cannot open " + path + ": " + std::strerror(errno);
    return false;
  }
  bool ok = std::fwrite(png.data(), 1, png.size(), f) == png.size();
  ok = std::fclose(f) == 0 && ok;
  if (!ok)
    error = "cannot write " + path + ": " + std::strerror(errno);
  return ok;
}
