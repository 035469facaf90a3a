# The JVM side of kgpu's build: where scripts/install-deps.sh put groovyc and
# kotlinc (KGPU_JVM_TOOLS_DIR, default /opt/kgpu/jvm), the JDK 25 that builds
# the API jar's Java 22+ classes (KGPU_JDK25_HOME, default Temurin 25), and
# the javac/jar that build the rest (Java 17). The lit suite reads all three
# (test/lit.site.cfg.py.in); java/CMakeLists.txt builds the jar.

include_guard(GLOBAL)

if(NOT DEFINED CACHE{KGPU_JVM_TOOLS_DIR})
  if(DEFINED ENV{KGPU_JVM_TOOLS_DIR} AND NOT "$ENV{KGPU_JVM_TOOLS_DIR}" STREQUAL "")
    set(_kgpu_jvm_default "$ENV{KGPU_JVM_TOOLS_DIR}")
  else()
    set(_kgpu_jvm_default /opt/kgpu/jvm)
  endif()
  set(KGPU_JVM_TOOLS_DIR "${_kgpu_jvm_default}" CACHE PATH
      "Where scripts/install-deps.sh installs groovyc and kotlinc")
endif()

if(NOT DEFINED CACHE{KGPU_JDK25_HOME})
  if(DEFINED ENV{KGPU_JDK25_HOME} AND NOT "$ENV{KGPU_JDK25_HOME}" STREQUAL "")
    set(_kgpu_jdk25_default "$ENV{KGPU_JDK25_HOME}")
  else()
    set(_kgpu_jdk25_default /usr/lib/jvm/temurin-25-jdk-amd64)
  endif()
  set(KGPU_JDK25_HOME "${_kgpu_jdk25_default}" CACHE PATH
      "A JDK 22 or newer (java.lang.foreign): the API jar's MemorySegment classes")
endif()

find_program(KGPU_JAVAC javac)
find_program(KGPU_JAR jar)
