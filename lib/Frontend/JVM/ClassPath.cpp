//===- ClassPath.cpp - Classes by name from files, dirs and jars ----------===//

#include "kgpu/Frontend/JVM/ClassPath.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#if KGPU_HAVE_LIBZIP
#include <zip.h>
#endif

#include <algorithm>

using namespace kgpu::jvm;
using llvm::Error;
using llvm::Expected;
using llvm::StringRef;

static Error err(const llvm::Twine &msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), msg);
}

#if KGPU_HAVE_LIBZIP
struct ClassPath::Archive {
  std::string path;
  zip_t *zip = nullptr;
  ~Archive() {
    if (zip)
      zip_discard(zip); // read-only: nothing to write back
  }
};
#else
struct ClassPath::Archive {
  std::string path;
};
#endif

ClassPath::ClassPath() = default;
ClassPath::ClassPath(Limits limits) : limits(limits) {}
ClassPath::~ClassPath() = default;

std::string ClassPath::toInternalName(StringRef name) {
  std::string s = name.str();
  std::replace(s.begin(), s.end(), '.', '/');
  return s;
}

Expected<std::vector<uint8_t>> kgpu::jvm::readFileBytes(StringRef path,
                                                        uint64_t maxBytes) {
  uint64_t size = 0;
  if (std::error_code ec = llvm::sys::fs::file_size(path, size))
    return err(path + ": " + ec.message());
  if (size > maxBytes)
    return err(llvm::formatv("{0}: {1} bytes, more than the limit of {2}",
                             path, size, maxBytes)
                   .str());
  auto buf = llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                         /*RequiresNullTerminator=*/false);
  if (!buf)
    return err(path + ": " + buf.getError().message());
  StringRef s = (*buf)->getBuffer();
  if (s.size() > maxBytes)
    return err(path + ": larger than the limit");
  return std::vector<uint8_t>(s.begin(), s.end());
}

Error ClassPath::insert(std::string internalName, Entry entry) {
  // The first class of a name wins, as on a JVM class path.
  if (classes.count(internalName))
    return Error::success();
  order.push_back(internalName);
  classes.try_emplace(internalName, std::move(entry));
  return Error::success();
}

Error ClassPath::add(StringRef path) {
  llvm::sys::fs::file_status st;
  if (std::error_code ec = llvm::sys::fs::status(path, st))
    return err(path + ": " + ec.message());
  if (llvm::sys::fs::is_directory(st))
    return addDirectory(path);
  if (!llvm::sys::fs::is_regular_file(st))
    return err(path + ": not a file or directory");
  // Recognise archives by their local-file-header or end-of-central-
  // directory signature, class files by their magic.
  auto bytes = readFileBytes(path, limits.maxClassBytes);
  if (!bytes) {
    // Too large for a class file: it can still be an archive.
    llvm::consumeError(bytes.takeError());
    return addArchive(path);
  }
  if (bytes->size() >= 4 && (*bytes)[0] == 'P' && (*bytes)[1] == 'K')
    return addArchive(path);
  return addFile(path, std::move(*bytes));
}

Error ClassPath::addFile(StringRef path, std::vector<uint8_t> bytes) {
  auto cf = parseClassFile(bytes, path);
  if (!cf)
    return cf.takeError();
  Entry e;
  e.origin = path.str();
  e.path = path.str();
  e.parsed = std::make_unique<ClassFile>(std::move(*cf));
  std::string name = e.parsed->thisClass;
  return insert(std::move(name), std::move(e));
}

Error ClassPath::addBuffer(StringRef origin, std::vector<uint8_t> bytes) {
  auto cf = parseClassFile(bytes, origin);
  if (!cf)
    return cf.takeError();
  Entry e;
  e.origin = origin.str();
  e.parsed = std::make_unique<ClassFile>(std::move(*cf));
  std::string name = e.parsed->thisClass;
  return insert(std::move(name), std::move(e));
}

/// Whether a path below a class-path root names a class: "a/b/C.class",
/// not module-info/package-info and not a multi-release version directory.
static bool classNameFromRelative(StringRef rel, std::string &name) {
  if (!rel.consume_back(".class") || rel.empty())
    return false;
  if (rel.starts_with("META-INF/"))
    return false;
  StringRef base = rel.rsplit('/').second.empty() ? rel : rel.rsplit('/').second;
  if (base == "module-info" || base == "package-info" || base.empty())
    return false;
  name = rel.str();
  return true;
}

Error ClassPath::addDirectory(StringRef root) {
  std::error_code ec;
  std::vector<std::string> found;
  for (llvm::sys::fs::recursive_directory_iterator it(root, ec), end;
       it != end && !ec; it.increment(ec)) {
    StringRef p = it->path();
    if (!p.ends_with(".class"))
      continue;
    llvm::ErrorOr<llvm::sys::fs::basic_file_status> st = it->status();
    if (!st || !llvm::sys::fs::is_regular_file(*st))
      continue;
    found.push_back(p.str());
  }
  if (ec)
    return err(root + ": " + ec.message());
  llvm::SmallString<256> rootAbs(root);
  llvm::sys::path::remove_dots(rootAbs, /*remove_dot_dot=*/true);
  std::vector<std::pair<std::string, std::string>> named; // (name, path)
  for (const std::string &p : found) {
    llvm::SmallString<256> pp(p);
    llvm::sys::path::remove_dots(pp, true);
    StringRef rel = StringRef(pp);
    if (!rel.consume_front(rootAbs))
      continue;
    rel = rel.ltrim('/');
    std::string rels = rel.str();
    std::replace(rels.begin(), rels.end(), '\\', '/');
    std::string name;
    if (classNameFromRelative(rels, name))
      named.push_back({std::move(name), p});
  }
  // Directory iteration order is the file system's: sort by class name for
  // a stable order.
  llvm::sort(named);
  for (auto &[name, p] : named) {
    Entry e;
    e.origin = p;
    e.path = p;
    if (Error x = insert(std::move(name), std::move(e)))
      return x;
  }
  return Error::success();
}

#if KGPU_HAVE_LIBZIP
static std::string zipErrorString(int code) {
  zip_error_t ze;
  zip_error_init_with_code(&ze, code);
  std::string s = zip_error_strerror(&ze);
  zip_error_fini(&ze);
  return s;
}

Error ClassPath::addArchive(StringRef path) {
  int code = 0;
  std::string p = path.str();
  zip_t *z = zip_open(p.c_str(), ZIP_RDONLY, &code);
  if (!z)
    return err(path + ": not a readable class file or archive: " +
               zipErrorString(code));
  auto archive = std::make_unique<Archive>();
  archive->path = p;
  archive->zip = z;
  zip_int64_t n = zip_get_num_entries(z, 0);
  if (n < 0)
    return err(path + ": cannot count the archive's entries");
  if (uint64_t(n) > limits.maxArchiveEntries)
    return err(llvm::formatv("{0}: {1} entries, more than the limit of {2}",
                             path, n, limits.maxArchiveEntries)
                   .str());
  int index = int(archives.size());
  archives.push_back(std::move(archive));
  for (zip_int64_t i = 0; i < n; ++i) {
    const char *name = zip_get_name(z, zip_uint64_t(i), 0);
    if (!name)
      continue;
    std::string cls;
    if (!classNameFromRelative(name, cls))
      continue;
    Entry e;
    e.origin = p + ":" + name;
    e.archive = index;
    e.archiveIndex = uint64_t(i);
    if (Error x = insert(std::move(cls), std::move(e)))
      return x;
  }
  return Error::success();
}

Expected<std::vector<uint8_t>> ClassPath::readEntry(const Entry &e) {
  if (e.archive < 0)
    return readFileBytes(e.path, limits.maxClassBytes);
  zip_t *z = archives[e.archive]->zip;
  zip_stat_t st;
  zip_stat_init(&st);
  if (zip_stat_index(z, e.archiveIndex, 0, &st) != 0)
    return err(e.origin + ": " + zip_strerror(z));
  // The stated size is only a claim: read at most the limit + 1 bytes and
  // count what really comes out.
  uint64_t limit = std::min<uint64_t>(
      limits.maxClassBytes, limits.maxTotalArchiveBytes - archiveBytesRead);
  if ((st.valid & ZIP_STAT_SIZE) && st.size > limit)
    return err(llvm::formatv("{0}: {1} bytes uncompressed, more than the "
                             "limit of {2}",
                             e.origin, st.size, limit)
                   .str());
  zip_file_t *f = zip_fopen_index(z, e.archiveIndex, 0);
  if (!f)
    return err(e.origin + ": " + zip_strerror(z));
  std::vector<uint8_t> out;
  uint8_t chunk[65536];
  while (true) {
    zip_int64_t got = zip_fread(f, chunk, sizeof chunk);
    if (got < 0) {
      std::string msg = zip_file_strerror(f);
      zip_fclose(f);
      return err(e.origin + ": " + msg);
    }
    if (got == 0)
      break;
    if (out.size() + uint64_t(got) > limit) {
      zip_fclose(f);
      return err(llvm::formatv("{0}: decompresses to more than the limit of "
                               "{1} bytes",
                               e.origin, limit)
                     .str());
    }
    out.insert(out.end(), chunk, chunk + got);
  }
  if (zip_fclose(f) != 0)
    return err(e.origin + ": archive member fails its check (CRC)");
  archiveBytesRead += out.size();
  return out;
}

#else
Error ClassPath::addArchive(StringRef path) {
  return err(path + ": .jar/.zip archives need libzip, which this kgpu was "
                    "built without");
}

Expected<std::vector<uint8_t>> ClassPath::readEntry(const Entry &e) {
  return readFileBytes(e.path, limits.maxClassBytes);
}
#endif

Expected<const ClassFile *> ClassPath::find(StringRef name) {
  std::string internal = toInternalName(name);
  auto it = classes.find(internal);
  if (it == classes.end())
    return nullptr;
  Entry &e = it->second;
  if (e.parsed)
    return e.parsed.get();
  auto bytes = readEntry(e);
  if (!bytes)
    return bytes.takeError();
  auto cf = parseClassFile(*bytes, e.origin);
  if (!cf)
    return cf.takeError();
  if (cf->thisClass != internal)
    return err(e.origin + ": declares class " + cf->getBinaryName() +
               ", expected " + StringRef(internal).str() +
               " from its path (is the directory the root of its package?)");
  e.parsed = std::make_unique<ClassFile>(std::move(*cf));
  return e.parsed.get();
}

bool ClassPath::contains(StringRef name) const {
  return classes.count(toInternalName(name)) != 0;
}

std::vector<std::string>
ClassPath::findBySimpleName(StringRef simpleName) const {
  std::vector<std::string> out;
  std::string want = toInternalName(simpleName);
  for (const std::string &n : order) {
    StringRef s(n);
    StringRef simple = s.rsplit('/').second.empty() && !s.contains('/')
                           ? s
                           : s.rsplit('/').second;
    if (simple == want || (simple.ends_with("$" + want)) ||
        (s.size() > want.size() && s.ends_with("/" + want)) || s == want)
      out.push_back(n);
  }
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

std::string ClassPath::getOrigin(StringRef name) const {
  auto it = classes.find(toInternalName(name));
  return it == classes.end() ? std::string() : it->second.origin;
}
