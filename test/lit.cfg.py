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

# A JDK (javac and java, 17 or newer): test/Integration/Exact compares the
# exact-semantics ops with what Java computes.
if shutil.which("javac") and shutil.which("java"):
    config.available_features.add("java")

# valgrind runs the runtime's error paths (test/Integration/valgrind.test).
if shutil.which("valgrind"):
    config.available_features.add("valgrind")

# The kgc fuzzer needs clang-22 with libFuzzer (clang-22, libclang-rt-22-dev).
if shutil.which("clang++-22") and shutil.which("llvm-config-22"):
    config.available_features.add("clang-fuzzer")

# The JVM toolchains (docs/jvm-api.md): javac 17 (Debian's default JDK),
# the JDK 25 javac/java (Temurin, KGPU_JDK25_HOME), and groovyc 6.0.0 and
# kotlinc 2.4.21, which scripts/install-deps.sh installs from Maven Central
# into KGPU_JVM_TOOLS_DIR (default /opt/kgpu/jvm). Each gives a feature and
# a substitution: javac17 (%javac17, %java17, %javap17), javac25 (%javac25, %java25),
# groovyc (%groovyc), kotlinc (%kotlinc, with the Kotlin stdlib on its
# class path; %groovy_jar and %kotlin_stdlib_jar: the runtime jars their
# programs run with), jvm-api (%kgpu_jvm_api_jar: the kernel-facing API jar the
# build makes from java/; %jvm-ref, %jvm-ref17, %jvm-ref25: the reference
# runner, which runs a kernel method on the JVM and writes its buffers as
# kgpu-run does), jvm-frontend (the
# kgpu-translate under test reads class files).
import subprocess
import tempfile


def _java_major(tool):
    try:
        out = subprocess.run([tool, "-version"], capture_output=True,
                             text=True, timeout=60)
    except (OSError, subprocess.SubprocessError):
        return 0
    for word in (out.stdout + out.stderr).replace('"', " ").split():
        head = word.split(".")[0]
        if head.isdigit():
            return int(head)
    return 0


def _jdk(homes, accept):
    for home in homes:
        if not home:
            continue
        javac = os.path.join(home, "bin", "javac")
        java = os.path.join(home, "bin", "java")
        if os.path.exists(javac) and os.path.exists(java) and accept(_java_major(javac)):
            return javac, java
    return None


_path_javac = shutil.which("javac")
_path_home = (os.path.dirname(os.path.dirname(os.path.realpath(_path_javac)))
              if _path_javac else "")
jdk17 = _jdk([os.environ.get("KGPU_JDK17_HOME"), _path_home,
              "/usr/lib/jvm/java-17-openjdk-amd64"], lambda v: v == 17)
jdk25 = _jdk([os.environ.get("KGPU_JDK25_HOME"), config.kgpu_jdk25_home,
              "/usr/lib/jvm/temurin-25-jdk-amd64"], lambda v: v >= 25)
if jdk17:
    config.available_features.add("javac17")
    config.substitutions.append(("%javac17", jdk17[0]))
    config.substitutions.append(("%java17", jdk17[1]))
    config.substitutions.append(("%javap17", os.path.join(os.path.dirname(jdk17[1]), "javap")))
if jdk25:
    config.available_features.add("javac25")
    config.substitutions.append(("%javac25", jdk25[0]))
    config.substitutions.append(("%java25", jdk25[1]))
jvm_tools_dir = (os.environ.get("KGPU_JVM_TOOLS_DIR")
                 or config.kgpu_jvm_tools_dir or "/opt/kgpu/jvm")
# The compilers run on JDK 17 (either works; one JVM for every run keeps
# the runs alike). Short compiles: C1 only and one GC thread.
_jvm_env = "env KGPU_JVM_OPTS='-XX:TieredStopAtLevel=1 -XX:+UseSerialGC'"
if jdk17:
    _jvm_env += " KGPU_JAVA=" + jdk17[1]
for tool in ["groovyc", "kotlinc"]:
    path = os.path.join(jvm_tools_dir, "bin", tool)
    if os.access(path, os.X_OK):
        config.available_features.add(tool)
        config.substitutions.append(("%" + tool, _jvm_env + " " + path))
# The runtime jars programs compiled by groovyc and kotlinc run with.
for name, jar in [("groovy_jar", "groovy-6.0.0/groovy-6.0.0.jar"),
                  ("kotlin_stdlib_jar", "kotlinc-2.4.21/kotlin-stdlib-2.4.21.jar")]:
    config.substitutions.append(("%" + name, os.path.join(jvm_tools_dir, jar)))
api_jar = config.kgpu_jvm_api_jar
if api_jar and os.path.exists(api_jar) and (jdk25 or jdk17):
    config.available_features.add("jvm-api")
    config.substitutions.append(("%kgpu_jvm_api_jar", api_jar))
    # The reference runner on each JDK (%jvm-ref17, %jvm-ref25) and on the
    # newest (%jvm-ref): there the arrays' MemorySegment storage (the jar's
    # META-INF/versions/22 classes) is what runs. The longer names first:
    # lit substitutes in order.
    for name, jdk in [("%jvm-ref17", jdk17), ("%jvm-ref25", jdk25),
                      ("%jvm-ref", jdk25 or jdk17)]:
        if jdk:
            config.substitutions.append(
                (name, "%s -cp %s kgpu.jvm.ReferenceRunner" % (jdk[1], api_jar)))
# The JVM host binding (docs/jvm-host.md, java/src/host): its jar, built
# with the JDK 25 javac, runs on the JDK 25 java against the build's
# libkgpu_runtime and libkgpu_compiler (%kgpu_lib_dir).
host_jar = getattr(config, "kgpu_jvm_host_jar", "")
if host_jar and os.path.exists(host_jar) and jdk25 and api_jar and os.path.exists(api_jar):
    config.available_features.add("jvm-host")
    config.substitutions.append(("%kgpu_jvm_host_jar", host_jar))
    config.substitutions.append(("%kgpu_lib_dir", config.kgpu_lib_dir))
# A JVM frontend in kgpu-translate: its list of extensions (in the message
# for a file it cannot tell the language of) names .class.
_translate = os.path.join(config.kgpu_tools_dir, "kgpu-translate")
if os.path.exists(_translate):
    with tempfile.TemporaryDirectory() as probe_dir:
        probe = os.path.join(probe_dir, "probe.kgpu-language-probe")
        open(probe, "w").close()
        try:
            out = subprocess.run([_translate, probe, "-o", os.devnull],
                                 capture_output=True, text=True, timeout=60)
            if ".class" in out.stdout + out.stderr:
                config.available_features.add("jvm-frontend")
        except (OSError, subprocess.SubprocessError):
            pass
