//===- Png.h - A minimal PNG writer -----------------------------*- C++ -*-===//
//
// Writes 8-bit RGB PNG images without a compression library: the image data
// is a zlib stream of stored (uncompressed) deflate blocks, with its Adler-32
// and each chunk's CRC-32 computed here.
//
//===----------------------------------------------------------------------===//

#ifndef KGPU_EXAMPLES_PNG_H
#define KGPU_EXAMPLES_PNG_H

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace kgpu {
namespace examples {

/// CRC-32 (ISO 3309, as in PNG and zlib) of `size` bytes, continuing `crc`.
uint32_t crc32(const uint8_t *data, size_t size, uint32_t crc = 0);

/// Adler-32 (RFC 1950) of `size` bytes, continuing `adler`.
uint32_t adler32(const uint8_t *data, size_t size, uint32_t adler = 1);

/// The PNG file of a `width` x `height` image; `rgb` holds 3 bytes per
/// pixel, row by row from the top.
std::vector<uint8_t> encodePng(uint32_t width, uint32_t height,
                               const std::vector<uint8_t> &rgb);

/// Writes encodePng(...) to `path`; on failure returns false and sets
/// `error`.
bool writePng(const std::string &path, uint32_t width, uint32_t height,
              const std::vector<uint8_t> &rgb, std::string &error);

} // namespace examples
} // namespace kgpu

#endif // KGPU_EXAMPLES_PNG_H
