//===- Png.cpp - PNG output of the examples (libpng) ----------------------===//

#include "Png.h"

#include <png.h>

#include <cerrno>
#include <csetjmp>
#include <cstdio>
#include <cstring>
#include <memory>

using namespace kgpu::examples;

namespace {

/// libpng reports errors through longjmp; the message is kept here.
struct ErrorState {
  std::string message;
};

void onError(png_structp png, png_const_charp message) {
  auto *state = static_cast<ErrorState *>(png_get_error_ptr(png));
  state->message = message;
  png_longjmp(png, 1);
}

void onWarning(png_structp, png_const_charp) {}

/// The libpng calls, in a function of their own so that no local with a
/// destructor lives across the setjmp. Returns false on a libpng error.
bool writeImage(png_structp png, png_infop info, std::FILE *file,
                uint32_t width, uint32_t height, png_textp text, int textCount,
                png_bytepp rows) {
  if (setjmp(png_jmpbuf(png)))
    return false;
  png_init_io(png, file);
  png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_RGB,
               PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
               PNG_FILTER_TYPE_DEFAULT);
  if (textCount)
    png_set_text(png, info, text, textCount);
  png_set_rows(png, info, rows);
  png_write_png(png, info, PNG_TRANSFORM_IDENTITY, nullptr);
  return true;
}

struct FileCloser {
  void operator()(std::FILE *f) const { std::fclose(f); }
};

} // namespace

bool kgpu::examples::writePng(
    const std::string &path, uint32_t width, uint32_t height,
    const std::vector<uint8_t> &rgb, std::string &error,
    const std::vector<std::pair<std::string, std::string>> &text) {
  if (width == 0 || height == 0 || rgb.size() != size_t(width) * height * 3) {
    error = "invalid image: " + std::to_string(width) + "x" +
            std::to_string(height) + " with " + std::to_string(rgb.size()) +
            " bytes";
    return false;
  }
  std::FILE *raw = std::fopen(path.c_str(), "wb");
  if (!raw) {
    error = "cannot write '" + path + "': " + std::strerror(errno);
    return false;
  }
  std::unique_ptr<std::FILE, FileCloser> file(raw);
  ErrorState state;
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &state,
                                            onError, onWarning);
  png_infop info = png ? png_create_info_struct(png) : nullptr;
  if (!info) {
    png_destroy_write_struct(&png, nullptr);
    error = "cannot write '" + path + "': out of memory in libpng";
    return false;
  }
  std::vector<png_text> entries(text.size());
  std::vector<png_bytep> rows(height);
  for (size_t i = 0; i < text.size(); ++i) {
    entries[i].compression = PNG_TEXT_COMPRESSION_NONE;
    entries[i].key = const_cast<char *>(text[i].first.c_str());
    entries[i].text = const_cast<char *>(text[i].second.c_str());
    entries[i].text_length = text[i].second.size();
  }
  for (uint32_t y = 0; y < height; ++y)
    rows[y] = const_cast<png_bytep>(rgb.data() + size_t(y) * width * 3);
  if (!writeImage(png, info, file.get(), width, height, entries.data(),
                  static_cast<int>(entries.size()), rows.data())) {
    png_destroy_write_struct(&png, &info);
    error = "cannot write '" + path + "': " + state.message;
    return false;
  }
  png_destroy_write_struct(&png, &info);
  if (std::fflush(file.get()) != 0 || std::ferror(file.get())) {
    error = "cannot write '" + path + "': " + std::strerror(errno);
    return false;
  }
  return true;
}
