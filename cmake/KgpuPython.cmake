# Detection of what the kgpu Python package (python/, docs/python.md) needs:
# a Python with its development headers (Debian: python3-dev) and nanobind
# (scripts/install-deps.sh installs it from PyPI into /opt/kgpu/python).
# KGPU_BUILD_PYTHON is on by default when both are found.
#
# The interpreter is the one lit runs with (the shebang of LLVM_EXTERNAL_LIT,
# /usr/bin/python3 on Debian), so that the tests' %python, the package's
# extension ABI and the pytest runs agree; KGPU_PYTHON_EXECUTABLE overrides.
set(_kgpu_python_default "")
if(EXISTS "${LLVM_EXTERNAL_LIT}")
  file(STRINGS "${LLVM_EXTERNAL_LIT}" _kgpu_lit_shebang LIMIT_COUNT 1)
  string(REGEX REPLACE "^#! *([^ ]+).*$" "\\1" _kgpu_lit_python "${_kgpu_lit_shebang}")
  if(_kgpu_lit_python MATCHES "^/" AND EXISTS "${_kgpu_lit_python}")
    set(_kgpu_python_default "${_kgpu_lit_python}")
  endif()
endif()
if(NOT _kgpu_python_default AND EXISTS /usr/bin/python3)
  set(_kgpu_python_default /usr/bin/python3)
endif()
set(KGPU_PYTHON_EXECUTABLE "${_kgpu_python_default}" CACHE FILEPATH
  "The Python the kgpu package is built for and tested with")
set(KGPU_NANOBIND_DIR "/opt/kgpu/python" CACHE PATH
  "A directory holding the nanobind package (pip install --target)")

set(_kgpu_python_ok OFF)
set(_kgpu_python_why "")
if(KGPU_PYTHON_EXECUTABLE)
  set(Python_EXECUTABLE "${KGPU_PYTHON_EXECUTABLE}")
endif()
find_package(Python 3.8 QUIET COMPONENTS Interpreter Development.Module)
if(NOT Python_Development.Module_FOUND)
  set(_kgpu_python_why "no Python development headers for ${Python_EXECUTABLE} (python3-dev)")
else()
  if(EXISTS "${KGPU_NANOBIND_DIR}/nanobind/cmake/nanobind-config.cmake")
    set(nanobind_DIR "${KGPU_NANOBIND_DIR}/nanobind/cmake")
  else()
    execute_process(COMMAND "${Python_EXECUTABLE}" -m nanobind --cmake_dir
      OUTPUT_STRIP_TRAILING_WHITESPACE OUTPUT_VARIABLE _kgpu_nb_dir
      ERROR_QUIET RESULT_VARIABLE _kgpu_nb_rc)
    if(_kgpu_nb_rc EQUAL 0 AND EXISTS "${_kgpu_nb_dir}")
      set(nanobind_DIR "${_kgpu_nb_dir}")
    endif()
  endif()
  find_package(nanobind CONFIG QUIET)
  if(nanobind_FOUND)
    set(_kgpu_python_ok ON)
  else()
    set(_kgpu_python_why "nanobind not found (scripts/install-deps.sh installs it into ${KGPU_NANOBIND_DIR})")
  endif()
endif()
option(KGPU_BUILD_PYTHON "Build the kgpu Python package (python/)" ${_kgpu_python_ok})
if(KGPU_BUILD_PYTHON AND NOT _kgpu_python_ok)
  message(FATAL_ERROR "KGPU_BUILD_PYTHON is on, but ${_kgpu_python_why}")
endif()
if(KGPU_BUILD_PYTHON)
  message(STATUS "kgpu Python package: ${Python_EXECUTABLE} (${Python_VERSION}), nanobind ${nanobind_VERSION} in ${nanobind_DIR}")
  set(KGPU_PYTHON_PACKAGE_DIR ${CMAKE_BINARY_DIR}/python)
else()
  message(STATUS "kgpu Python package: not built (${_kgpu_python_why})")
  set(KGPU_PYTHON_PACKAGE_DIR "")
endif()
