# kgpu_add_kernels: compiles kgc kernels to .kgpu bundles at build time.
#
#   kgpu_add_kernels(<target>
#     SOURCES a.kgc [b.kgc ...]
#     [TARGETS cuda vulkan cpu]      # payloads; default: all three
#     [OUTPUT_DIR <dir>])            # default: ${CMAKE_CURRENT_BINARY_DIR}/<target>
#
# Each source becomes <dir>/<name>.kgpu (kgpu-translate, rebuilt when the
# source or kgpu-translate changes). <target> is an INTERFACE library that
# builds the bundles (`ninja <target>`, and part of `all`); a host program
# that links it is built after them and sees the generated header
# <dir>/<target>.h, which defines
#
#   <TARGET>_BUNDLE_DIR            "<dir>"
#   <TARGET>_<NAME>_BUNDLE         "<dir>/<name>.kgpu"   (one per source)
#
# (upper case, other characters than letters and digits become '_'). The
# function also sets <target>_BUNDLE_DIR and <target>_BUNDLES in the
# caller's scope.
#
# The cuda payload needs a CUDA toolkit (ptxas, libdevice): KGPU_CUDA_ROOT,
# else $CUDA_ROOT, $CUDA_HOME, the directory above ptxas on PATH, or
# /opt/kgpu/cuda-wheel/nvidia/cu13 (scripts/install-deps.sh). Without one,
# cuda is left out of TARGETS (with a status message). Targets that the
# kgpu-translate in use was built without (KGPU_TRANSLATE_TARGETS) are left
# out too.
#
# kgpu-translate is the in-tree target `kgpu-translate` when there is one,
# else the imported `kgpu::translate` (find_package(kgpu)).

include_guard(GLOBAL)

if(NOT DEFINED CACHE{KGPU_CUDA_WHEEL_DIR})
  if(DEFINED ENV{KGPU_CUDA_WHEEL_DIR} AND NOT "$ENV{KGPU_CUDA_WHEEL_DIR}" STREQUAL "")
    set(_kgpu_wheel_default "$ENV{KGPU_CUDA_WHEEL_DIR}")
  else()
    set(_kgpu_wheel_default /opt/kgpu/cuda-wheel)
  endif()
  set(KGPU_CUDA_WHEEL_DIR "${_kgpu_wheel_default}" CACHE PATH
      "Where scripts/install-deps.sh installs NVIDIA's CUDA compiler wheels")
endif()

# Sets `out` to whether `root` holds ptxas or libdevice (what kgpu-translate
# looks for).
function(_kgpu_is_cuda_toolkit out root)
  if(NOT "${root}" STREQUAL "" AND
     (EXISTS "${root}/bin/ptxas" OR
      EXISTS "${root}/nvvm/libdevice/libdevice.10.bc"))
    set(${out} TRUE PARENT_SCOPE)
  else()
    set(${out} FALSE PARENT_SCOPE)
  endif()
endfunction()

# Finds a CUDA toolkit once; sets KGPU_CUDA_ROOT (cache) or leaves it empty.
function(_kgpu_find_cuda_toolkit)
  if(DEFINED CACHE{KGPU_CUDA_ROOT})
    return()
  endif()
  set(candidates)
  foreach(var CUDA_ROOT CUDA_HOME)
    if(DEFINED ENV{${var}} AND NOT "$ENV{${var}}" STREQUAL "")
      list(APPEND candidates "$ENV{${var}}")
    endif()
  endforeach()
  find_program(_kgpu_ptxas ptxas)
  if(_kgpu_ptxas)
    get_filename_component(bin "${_kgpu_ptxas}" DIRECTORY)
    get_filename_component(root "${bin}" DIRECTORY)
    list(APPEND candidates "${root}")
  endif()
  unset(_kgpu_ptxas CACHE)
  list(APPEND candidates "${KGPU_CUDA_WHEEL_DIR}/nvidia/cu13")
  set(found "")
  foreach(root IN LISTS candidates)
    _kgpu_is_cuda_toolkit(is_toolkit "${root}")
    if(is_toolkit)
      set(found "${root}")
      break()
    endif()
  endforeach()
  set(KGPU_CUDA_ROOT "${found}" CACHE PATH
      "CUDA toolkit for the cuda payload of kgpu bundles (empty: none)")
endfunction()

# Upper-case C identifier from `name`.
function(_kgpu_macro_name out name)
  string(TOUPPER "${name}" upper)
  string(MAKE_C_IDENTIFIER "${upper}" ident)
  set(${out} "${ident}" PARENT_SCOPE)
endfunction()

function(kgpu_add_kernels target)
  cmake_parse_arguments(PARSE_ARGV 1 ARG "" "OUTPUT_DIR" "SOURCES;TARGETS")
  if(ARG_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR
      "kgpu_add_kernels(${target}): unknown arguments ${ARG_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT ARG_SOURCES)
    message(FATAL_ERROR "kgpu_add_kernels(${target}): no SOURCES")
  endif()
  if(NOT ARG_TARGETS)
    set(ARG_TARGETS cuda vulkan cpu)
  endif()
  if(NOT ARG_OUTPUT_DIR)
    set(ARG_OUTPUT_DIR "${CMAKE_CURRENT_BINARY_DIR}/${target}")
  endif()
  get_filename_component(outdir "${ARG_OUTPUT_DIR}" ABSOLUTE
                         BASE_DIR "${CMAKE_CURRENT_BINARY_DIR}")

  if(TARGET kgpu-translate)
    set(translate kgpu-translate)
    set(translate_dep kgpu-translate)
  elseif(TARGET kgpu::translate)
    set(translate kgpu::translate)
    set(translate_dep "$<TARGET_FILE:kgpu::translate>")
  else()
    message(FATAL_ERROR "kgpu_add_kernels(${target}): no kgpu-translate "
                        "(build it in-tree or use find_package(kgpu))")
  endif()

  # The payloads to build.
  set(targets)
  set(options)
  foreach(t IN LISTS ARG_TARGETS)
    if(NOT t MATCHES "^(cuda|vulkan|cpu)$")
      message(FATAL_ERROR "kgpu_add_kernels(${target}): unknown target '${t}' "
                          "(cuda, vulkan, cpu)")
    endif()
    if(DEFINED KGPU_TRANSLATE_TARGETS AND
       NOT t IN_LIST KGPU_TRANSLATE_TARGETS)
      _kgpu_status_once("kgpu: kgpu-translate has no ${t} target: the ${t} "
                        "payload is left out of the kernel bundles")
      continue()
    endif()
    if(t STREQUAL "cuda")
      _kgpu_find_cuda_toolkit()
      if(NOT KGPU_CUDA_ROOT)
        _kgpu_status_once("kgpu: no CUDA toolkit (set CUDA_ROOT or "
                          "KGPU_CUDA_ROOT): the cuda payload is left out of "
                          "the kernel bundles")
        continue()
      endif()
      _kgpu_is_cuda_toolkit(is_toolkit "${KGPU_CUDA_ROOT}")
      if(NOT is_toolkit)
        _kgpu_status_once("kgpu: ${KGPU_CUDA_ROOT} is no CUDA toolkit (no "
                          "bin/ptxas or nvvm/libdevice): the cuda payload is "
                          "left out of the kernel bundles")
        continue()
      endif()
      _kgpu_status_once("kgpu: CUDA toolkit for kernel bundles: "
                        "${KGPU_CUDA_ROOT}")
      list(APPEND options "--cuda-path=${KGPU_CUDA_ROOT}")
    endif()
    list(APPEND targets ${t})
  endforeach()
  if(NOT targets)
    message(FATAL_ERROR "kgpu_add_kernels(${target}): none of the targets "
                        "'${ARG_TARGETS}' can be built")
  endif()
  string(REPLACE ";" "," targets_arg "${targets}")

  _kgpu_macro_name(prefix "${target}")
  set(defines "#define ${prefix}_BUNDLE_DIR \"${outdir}\"\n")
  set(bundles)
  foreach(src IN LISTS ARG_SOURCES)
    get_filename_component(src "${src}" ABSOLUTE
                           BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    get_filename_component(name "${src}" NAME_WE)
    set(bundle "${outdir}/${name}.kgpu")
    if(bundle IN_LIST bundles)
      message(FATAL_ERROR "kgpu_add_kernels(${target}): two sources named "
                          "${name}")
    endif()
    file(RELATIVE_PATH shown "${CMAKE_BINARY_DIR}" "${bundle}")
    add_custom_command(
      OUTPUT "${bundle}"
      COMMAND ${CMAKE_COMMAND} -E make_directory "${outdir}"
      COMMAND ${translate} "${src}" "--targets=${targets_arg}" ${options}
              -o "${bundle}"
      DEPENDS "${src}" "${translate_dep}"
      COMMENT "Compiling kernel bundle ${shown} (${targets_arg})"
      VERBATIM)
    list(APPEND bundles "${bundle}")
    _kgpu_macro_name(macro "${name}")
    string(APPEND defines
           "#define ${prefix}_${macro}_BUNDLE \"${bundle}\"\n")
  endforeach()

  set(header "${outdir}/${target}.h")
  file(CONFIGURE OUTPUT "${header}" CONTENT
"/* Generated by kgpu_add_kernels(${target}): paths of its kernel bundles. */
#ifndef ${prefix}_KGPU_BUNDLES_H
#define ${prefix}_KGPU_BUNDLES_H
${defines}#endif
" @ONLY)

  # An INTERFACE library with sources is a build target that its consumers
  # are ordered after (CMake >= 3.19).
  add_library(${target} INTERFACE ${bundles})
  target_include_directories(${target} INTERFACE "${outdir}")
  set_target_properties(${target} PROPERTIES
    KGPU_BUNDLE_DIR "${outdir}"
    KGPU_BUNDLES "${bundles}")
  set(${target}_BUNDLE_DIR "${outdir}" PARENT_SCOPE)
  set(${target}_BUNDLES "${bundles}" PARENT_SCOPE)
endfunction()

# message(STATUS) once per configure run.
function(_kgpu_status_once)
  string(CONCAT text ${ARGN})
  get_property(shown GLOBAL PROPERTY _KGPU_STATUS_SHOWN)
  if(NOT text IN_LIST shown)
    message(STATUS "${text}")
    set_property(GLOBAL APPEND PROPERTY _KGPU_STATUS_SHOWN "${text}")
  endif()
endfunction()
