//===- ClassPathTest.cpp - JVM class path tests ---------------------------===//
//
// Classes by name from a directory, a single .class file, a .jar the JDK's
// jar tool made at build time, and memory; size limits; bad inputs.
//
//===----------------------------------------------------------------------===//

#include "kgpu/Frontend/JVM/ClassPath.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

using namespace kgpu::jvm;

namespace {

std::string dir(llvm::StringRef variant) {
  return (llvm::Twine(KGPU_JVM_CLASSES_DIR) + "/classes-" + variant).str();
}

std::string errorText(llvm::Error e) {
  return e ? llvm::toString(std::move(e)) : std::string();
}

TEST(ClassPathTest, Directory) {
  ClassPath cp;
  ASSERT_EQ(errorText(cp.add(dir("javac17"))), "");
  EXPECT_TRUE(cp.contains("kgpu.readertest.Everything"));
  EXPECT_TRUE(cp.contains("kgpu/readertest/Everything$Inner"));
  EXPECT_TRUE(cp.contains("uk.ac.manchester.tornado.api.annotations.Parallel"));
  EXPECT_FALSE(cp.contains("kgpu.readertest.Missing"));
  auto cf = cp.find("kgpu.readertest.Everything$Inner");
  ASSERT_TRUE(bool(cf)) << llvm::toString(cf.takeError());
  ASSERT_NE(*cf, nullptr);
  EXPECT_EQ((*cf)->thisClass, "kgpu/readertest/Everything$Inner");
  // Cached: the same object again.
  auto again = cp.find("kgpu/readertest/Everything$Inner");
  ASSERT_TRUE(bool(again));
  EXPECT_EQ(*again, *cf);
  auto missing = cp.find("kgpu.readertest.Missing");
  ASSERT_TRUE(bool(missing));
  EXPECT_EQ(*missing, nullptr);
  // Simple names: the class, and a nested class by its own name.
  auto simple = cp.findBySimpleName("Everything");
  ASSERT_EQ(simple.size(), 1u);
  EXPECT_EQ(simple[0], "kgpu/readertest/Everything");
  auto inner = cp.findBySimpleName("Inner");
  ASSERT_EQ(inner.size(), 1u);
  EXPECT_EQ(inner[0], "kgpu/readertest/Everything$Inner");
  EXPECT_EQ(cp.findBySimpleName("Everything$Inner").size(), 1u);
  EXPECT_TRUE(cp.findBySimpleName("Nope").empty());
  // Sorted, stable order.
  const auto &names = cp.getClassNames();
  EXPECT_GE(names.size(), 9u);
  EXPECT_TRUE(std::is_sorted(names.begin(), names.end()));
  EXPECT_NE(cp.getOrigin("kgpu.readertest.Everything").find("Everything.class"),
            std::string::npos);
}

TEST(ClassPathTest, FirstEntryWins) {
  ClassPath cp;
  ASSERT_EQ(errorText(cp.add(dir("javac17-release8"))), "");
  ASSERT_EQ(errorText(cp.add(dir("javac17"))), "");
  auto cf = cp.find("kgpu.readertest.Everything");
  ASSERT_TRUE(bool(cf));
  ASSERT_NE(*cf, nullptr);
  EXPECT_EQ((*cf)->majorVersion, 52);
}

TEST(ClassPathTest, SingleFileAndBuffer) {
  ClassPath cp;
  std::string file = dir("javac17") + "/kgpu/readertest/Everything.class";
  ASSERT_EQ(errorText(cp.add(file)), "");
  EXPECT_EQ(cp.getClassNames().size(), 1u);
  auto cf = cp.find("kgpu.readertest.Everything");
  ASSERT_TRUE(bool(cf));
  EXPECT_NE(*cf, nullptr);
  auto bytes = readFileBytes(dir("javac17") + "/kgpu/readertest/Constants.class",
                             1 << 20);
  ASSERT_TRUE(bool(bytes));
  ASSERT_EQ(errorText(cp.addBuffer("memory", std::move(*bytes))), "");
  EXPECT_TRUE(cp.contains("kgpu.readertest.Constants"));
  // Malformed bytes in memory.
  std::string e = errorText(cp.addBuffer("junk", {0xCA, 0xFE}));
  EXPECT_NE(e.find("junk: offset"), std::string::npos) << e;
}

#if KGPU_JVM_HAVE_LIBZIP
TEST(ClassPathTest, Jar) {
  ClassPath cp;
  std::string jar = std::string(KGPU_JVM_CLASSES_DIR) + "/everything.jar";
  ASSERT_EQ(errorText(cp.add(jar)), "");
  EXPECT_TRUE(cp.contains("kgpu.readertest.Everything"));
  EXPECT_TRUE(cp.contains("kgpu.readertest.Constants"));
  auto cf = cp.find("kgpu.readertest.Everything");
  ASSERT_TRUE(bool(cf)) << llvm::toString(cf.takeError());
  ASSERT_NE(*cf, nullptr);
  EXPECT_NE((*cf)->findMethod("vectorAdd"), nullptr);
  EXPECT_NE(cp.getOrigin("kgpu.readertest.Everything").find(
                "everything.jar:kgpu/readertest/Everything.class"),
            std::string::npos);
  // META-INF and module-info are not classes.
  for (const std::string &n : cp.getClassNames())
    EXPECT_EQ(llvm::StringRef(n).find("META-INF"), llvm::StringRef::npos);
}

TEST(ClassPathTest, ArchiveSizeLimits) {
  // A member larger than the limit (the zip-bomb guard), and the total.
  ClassPath::Limits small;
  small.maxClassBytes = 1000;
  ClassPath cp(small);
  std::string jar = std::string(KGPU_JVM_CLASSES_DIR) + "/everything.jar";
  ASSERT_EQ(errorText(cp.add(jar)), "");
  auto cf = cp.find("kgpu.readertest.Everything");
  ASSERT_FALSE(bool(cf));
  std::string e = llvm::toString(cf.takeError());
  EXPECT_NE(e.find("more than the limit of 1000"), std::string::npos) << e;
  ClassPath::Limits total;
  total.maxTotalArchiveBytes = 3000;
  ClassPath cp2(total);
  ASSERT_EQ(errorText(cp2.add(jar)), "");
  unsigned ok = 0, refused = 0;
  for (std::string n : cp2.getClassNames()) {
    auto r = cp2.find(n);
    if (r)
      ++ok;
    else {
      ++refused;
      llvm::consumeError(r.takeError());
    }
  }
  EXPECT_GT(refused, 0u);
  ClassPath::Limits entries;
  entries.maxArchiveEntries = 2;
  ClassPath cp3(entries);
  e = errorText(cp3.add(jar));
  EXPECT_NE(e.find("entries, more than the limit of 2"), std::string::npos)
      << e;
}

TEST(ClassPathTest, BadArchive) {
  llvm::SmallString<128> path;
  int fd;
  ASSERT_FALSE(
      llvm::sys::fs::createTemporaryFile("kgpu-bad", "jar", fd, path));
  {
    llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
    os << "PK\x03\x04 this is not really a zip archive";
  }
  ClassPath cp;
  std::string e = errorText(cp.add(path));
  EXPECT_NE(e.find("not a readable class file or archive"), std::string::npos)
      << e;
  llvm::sys::fs::remove(path);
}
#endif

TEST(ClassPathTest, Errors) {
  ClassPath cp;
  std::string e = errorText(cp.add("/nonexistent/kgpu/x.class"));
  EXPECT_NE(e.find("/nonexistent/kgpu/x.class"), std::string::npos);
  // A malformed .class file.
  e = errorText(cp.add(std::string(KGPU_JVM_INPUTS_DIR) +
                       "/malformed/bad-cp-index.class"));
  EXPECT_NE(e.find("bad-cp-index.class: offset"), std::string::npos) << e;
  // A directory that is not the root of its classes' packages: the class
  // declares another name than its path gives.
  ClassPath wrongRoot;
  ASSERT_EQ(errorText(wrongRoot.add(dir("javac17") + "/kgpu")), "");
  ASSERT_TRUE(wrongRoot.contains("readertest/Everything"));
  auto cf = wrongRoot.find("readertest.Everything");
  ASSERT_FALSE(bool(cf));
  e = llvm::toString(cf.takeError());
  EXPECT_NE(e.find("declares class kgpu.readertest.Everything"),
            std::string::npos)
      << e;
  EXPECT_EQ(ClassPath::toInternalName("a.b.C$D"), "a/b/C$D");
}

} // namespace
