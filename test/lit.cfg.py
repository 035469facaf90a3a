# -*- Python -*-
# lit configuration of the kgpu test suite.

import os

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "KGPU"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".kgc", ".test"]
config.excludes = ["unit", "Inputs", "lit.cfg.py", "CMakeLists.txt", "corpus", "check-corpus.py", "expected-failures.txt"]

config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.kgpu_obj_root, "test")

config.substitutions.append(("%PATH%", config.environment["PATH"]))
config.substitutions.append(("%kgpu_src_root", config.kgpu_src_root))
config.substitutions.append(("%kgpu_obj_root", config.kgpu_obj_root))

llvm_config.with_system_environment(["HOME", "INCLUDE", "LIB", "TMP", "TEMP"])
llvm_config.use_default_substitutions()

llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
tool_dirs = [config.kgpu_tools_dir, config.llvm_tools_dir]
tools = ["kgpu-opt", "kgpu-translate"]
config.substitutions.append(("%{kgpu-translate}", os.path.join(config.kgpu_tools_dir, "kgpu-translate")))
llvm_config.add_tool_substitutions(tools, tool_dirs)

# Optional external tools: tests that need them declare REQUIRES.
import shutil

cuda_root = os.environ.get("CUDA_ROOT", "")
if not cuda_root:
    # KGPU_CUDA_WHEEL_DIR (scripts/install-deps.sh): the environment at test
    # time, else the build's setting.
    wheel_dir = (os.environ.get("KGPU_CUDA_WHEEL_DIR")
                 or config.kgpu_cuda_wheel_dir or "/opt/kgpu/cuda-wheel")
    default = os.path.join(wheel_dir, "nvidia", "cu13")
    if os.path.exists(os.path.join(default, "bin", "ptxas")):
        cuda_root = default
if cuda_root and os.path.exists(os.path.join(cuda_root, "bin", "ptxas")):
    config.available_features.add("cuda-toolkit")
    config.environment["CUDA_ROOT"] = cuda_root
    config.substitutions.append(("%ptxas", os.path.join(cuda_root, "bin", "ptxas")))
for tool, feature in [("spirv-val", "spirv-val"), ("spirv-dis", "spirv-dis"),
                      ("glslangValidator", "glslang")]:
    if shutil.which(tool):
        config.available_features.add(feature)

# Runtime integration tests (test/Integration): kgpu-run, a host C compiler
# for the reference programs, and Mesa's lavapipe (a CPU Vulkan driver) where
# it is installed; %lavapipe runs a command on it.
import shutil

llvm_config.add_tool_substitutions(["kgpu-run"], tool_dirs)
host_cc = os.environ.get("CC") or shutil.which("cc") or shutil.which("gcc")
if host_cc:
    config.available_features.add("host-cc")
    config.substitutions.append(("%cc", host_cc))
lavapipe_icd = "/usr/share/vulkan/icd.d/lvp_icd.x86_64.json"
if os.path.exists(lavapipe_icd):
    config.available_features.add("lavapipe")
config.substitutions.append(
    ("%lavapipe",
     "env VK_ICD_FILENAMES=%s MESA_SHADER_CACHE_DISABLE=true" % lavapipe_icd))

# valgrind runs the runtime's error paths (test/Integration/valgrind.test).
if shutil.which("valgrind"):
    config.available_features.add("valgrind")

# The kgc fuzzer needs clang-22 with libFuzzer (clang-22, libclang-rt-22-dev).
if shutil.which("clang++-22") and shutil.which("llvm-config-22"):
    config.available_features.add("clang-fuzzer")
