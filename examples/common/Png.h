//===- Png.h - PNG output of the examples (libpng) --------------*- C++ -*-===//
//
// Writes 8-bit RGB PNG images through libpng, with optional tEXt entries
// (e.g. the figures of the run that computed the image).
//
//===----------------------------------------------------------------------===//

#ifndef KGPU_EXAMPLES_PNG_H
#define KGPU_EXAMPLES_PNG_H

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace kgpu {
namespace examples {

/// Writes a `width` x `height` image to `path`; `rgb` holds 3 bytes per
/// pixel, row by row from the top. `text` entries (keyword, value; keywords
/// of 1-79 Latin-1 characters) become tEXt chunks. On failure returns false
/// and sets `error`.
bool writePng(
    const std::string &path, uint32_t width, uint32_t height,
    const std::vector<uint8_t> &rgb, std::string &error,
    const std::vector<std::pair<std::string, std::string>> &text = {});

} // namespace examples
} // namespace kgpu

#endif // KGPU_EXAMPLES_PNG_H
