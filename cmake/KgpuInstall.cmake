# Install rules of the kgpu SDK and its CMake package (find_package(kgpu)):
# kgpu-translate, kgpu-run, libkgpu_runtime with its headers (the runtime's
# own rules install those two), libkgpu_compiler with kgpu-c/Compiler.h,
# kgpuConfig.cmake and KgpuAddKernels.cmake.
include(CMakePackageConfigHelpers)

set(KGPU_PACKAGE_VERSION 0.1.0)
set(KGPU_INSTALL_BINDIR bin)
set(KGPU_INSTALL_LIBDIR lib)
set(KGPU_INSTALL_INCLUDEDIR include)
set(KGPU_INSTALL_CMAKEDIR lib/cmake/kgpu)

install(TARGETS kgpu-translate RUNTIME DESTINATION ${KGPU_INSTALL_BINDIR})
# The compiler C API (include/kgpu-c/Compiler.h).
install(TARGETS kgpu_compiler LIBRARY DESTINATION ${KGPU_INSTALL_LIBDIR})
install(FILES ${PROJECT_SOURCE_DIR}/include/kgpu-c/Compiler.h
  DESTINATION ${KGPU_INSTALL_INCLUDEDIR}/kgpu-c)
# Installed, kgpu-translate finds libMLIR and libLLVM where it was built
# against them (Debian's /usr/lib/llvm-22/lib), and kgpu-run finds
# libkgpu_runtime in the prefix.
# The build tree has the same bin/ and lib/ layout, so the build uses the
# install RPATH too: CMake would otherwise pad the build RPATH with an empty
# entry (the working directory) to make room for the install one.
set_target_properties(kgpu-translate PROPERTIES
  INSTALL_RPATH "$ORIGIN/../${KGPU_INSTALL_LIBDIR};${LLVM_LIBRARY_DIR}"
  BUILD_WITH_INSTALL_RPATH ON)
set_target_properties(kgpu-run PROPERTIES
  INSTALL_RPATH "$ORIGIN/../${KGPU_INSTALL_LIBDIR}"
  BUILD_WITH_INSTALL_RPATH ON)

configure_package_config_file(
  ${CMAKE_CURRENT_LIST_DIR}/kgpuConfig.cmake.in
  ${PROJECT_BINARY_DIR}/cmake/kgpuConfig.cmake
  INSTALL_DESTINATION ${KGPU_INSTALL_CMAKEDIR}
  PATH_VARS KGPU_INSTALL_BINDIR KGPU_INSTALL_LIBDIR KGPU_INSTALL_INCLUDEDIR)
write_basic_package_version_file(
  ${PROJECT_BINARY_DIR}/cmake/kgpuConfigVersion.cmake
  VERSION ${KGPU_PACKAGE_VERSION}
  COMPATIBILITY SameMajorVersion)
install(FILES
  ${PROJECT_BINARY_DIR}/cmake/kgpuConfig.cmake
  ${PROJECT_BINARY_DIR}/cmake/kgpuConfigVersion.cmake
  ${CMAKE_CURRENT_LIST_DIR}/KgpuAddKernels.cmake
  DESTINATION ${KGPU_INSTALL_CMAKEDIR})
