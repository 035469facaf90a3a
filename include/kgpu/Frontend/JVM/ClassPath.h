//===- ClassPath.h - Classes by name from files, dirs and jars --*- C++ -*-===//
//
// A class path for the JVM frontend: classes looked up by binary name
// ("pkg.Outer$Inner", or the internal "pkg/Outer$Inner") over .class files,
// directories (searched recursively, package-rooted as on a JVM class path)
// and .jar/.zip archives (read through libzip). Entries added first win, as
// on a JVM class path. Classes are parsed on first lookup and cached.
// Archive members are read with a size guard (a zip bomb is an error, not an
// exhausted memory).
//
//===----------------------------------------------------------------------===//

#ifndef KGPU_FRONTEND_JVM_CLASSPATH_H
#define KGPU_FRONTEND_JVM_CLASSPATH_H

#include "kgpu/Frontend/JVM/ClassFile.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace kgpu::jvm {

class ClassPath {
public:
  struct Limits {
    /// Largest class file read from any source.
    uint64_t maxClassBytes = 64ull << 20;
    /// Total bytes decompressed from archives over the class path's life.
    uint64_t maxTotalArchiveBytes = 1ull << 30;
    /// Most entries an archive may have.
    uint64_t maxArchiveEntries = 1u << 20;
  };

  ClassPath();
  explicit ClassPath(Limits limits);
  ~ClassPath();
  ClassPath(const ClassPath &) = delete;
  ClassPath &operator=(const ClassPath &) = delete;

  /// Adds a .class file (parsed now, to learn its name), a directory (its
  /// .class files, by their path below it), or a .jar/.zip archive
  /// (recognised by its contents, not its name). Errors: unreadable path,
  /// malformed class file, unreadable archive.
  llvm::Error add(llvm::StringRef path);
  /// Adds a class file held in memory; `origin` names it in messages.
  llvm::Error addBuffer(llvm::StringRef origin, std::vector<uint8_t> bytes);

  /// The class of this binary or internal name: null if the class path has
  /// no such class, an error if its class file is malformed or unreadable,
  /// or declares another name than its path says.
  llvm::Expected<const ClassFile *> find(llvm::StringRef name);
  bool contains(llvm::StringRef name) const;

  /// Every class name (internal form), in the order they were added.
  const std::vector<std::string> &getClassNames() const { return order; }
  /// Internal names of the classes whose simple name (the part after the
  /// last '/', e.g. "Outer$Inner") is `simpleName`, or whose binary name
  /// ends in '$' + simpleName (a nested class by its own name).
  std::vector<std::string> findBySimpleName(llvm::StringRef simpleName) const;
  /// Where the class comes from ("dir/pkg/A.class", "lib.jar:pkg/A.class"),
  /// empty if unknown.
  std::string getOrigin(llvm::StringRef name) const;

  /// "pkg.A$B" -> "pkg/A$B" (internal names are left alone).
  static std::string toInternalName(llvm::StringRef name);

private:
  struct Archive;
  struct Entry {
    std::string origin;
    /// A file on disk, or a member of archives[archive].
    std::string path;
    int archive = -1;
    uint64_t archiveIndex = 0;
    std::vector<uint8_t> bytes; // addBuffer
    bool hasBytes = false;
    std::unique_ptr<ClassFile> parsed;
  };

  llvm::Error addFile(llvm::StringRef path, std::vector<uint8_t> bytes);
  llvm::Error addDirectory(llvm::StringRef path);
  llvm::Error addArchive(llvm::StringRef path);
  llvm::Error insert(std::string internalName, Entry entry);
  llvm::Expected<std::vector<uint8_t>> readEntry(const Entry &e);

  Limits limits;
  llvm::StringMap<Entry> classes;
  std::vector<std::string> order;
  std::vector<std::unique_ptr<Archive>> archives;
  uint64_t archiveBytesRead = 0;
};

/// Reads a file whole, refusing one over `maxBytes`.
llvm::Expected<std::vector<uint8_t>> readFileBytes(llvm::StringRef path,
                                                   uint64_t maxBytes);

} // namespace kgpu::jvm

#endif // KGPU_FRONTEND_JVM_CLASSPATH_H
