# The TornadoVM-API JVM examples (examples/jvm/README.md): the Java programs
# of the TornadoVM guides, tornado-matmul (the Kernel API guide's tiled
# matrix multiplication) and tornado-reduction (the @Reduce guide's sum),
# compiled by the JDK 25 javac, and the Groovy programs of the
# Groovy-on-TornadoVM post, groovy-vadd and groovy-mandelbrot, compiled by
# groovyc 6.0.0 ($KGPU_JVM_TOOLS_DIR/bin/groovyc, run on the JDK 25), each
# against kgpu-jvm-host.jar and kgpu-jvm-api.jar. Their kernels are
# compiled at run time by the host API (docs/jvm-host.md), so the build
# only compiles the classes; build/examples/jvm/NAME is the one-command
# launcher (the JDK 25 java, the build's native libraries).
# test/JVMPackaging/tornado-examples*.test run them. Needs the JDK 25 (the
# host jar), and groovyc for the Groovy ones (else skipped).
if(NOT KGPU_JVM_HOST_JAR OR NOT KGPU_JVM_API_JAR)
  message(STATUS "kgpu: no JVM host jar (JDK 25): the TornadoVM JVM examples are skipped")
  return()
endif()

set(_tv_out ${CMAKE_CURRENT_BINARY_DIR})
set(_tv_jdk ${KGPU_JDK25_HOME})
set(_tv_cp "${KGPU_JVM_HOST_JAR}:${KGPU_JVM_API_JAR}")
set(_tv_groovyc ${KGPU_JVM_TOOLS_DIR}/bin/groovyc)
set(_tv_groovy_jar ${KGPU_JVM_TOOLS_DIR}/groovy-6.0.0/groovy-6.0.0.jar)
set(_tv_examples tornado-matmul:TiledMxM:java tornado-reduction:ReductionSum:java)
if(EXISTS ${_tv_groovyc} AND EXISTS ${_tv_groovy_jar})
  list(APPEND _tv_examples groovy-vadd:VectorAdd:groovy groovy-mandelbrot:Mandelbrot:groovy)
else()
  message(STATUS "kgpu: no groovyc 6.0.0 in ${KGPU_JVM_TOOLS_DIR}: the Groovy JVM examples are skipped")
endif()

foreach(example ${_tv_examples})
  string(REPLACE ":" ";" _parts ${example})
  list(GET _parts 0 _name)
  list(GET _parts 1 _main)
  list(GET _parts 2 _lang)
  set(_source ${CMAKE_CURRENT_SOURCE_DIR}/${_name}/${_main}.${_lang})
  set(_classes ${_tv_out}/${_name}.d/classes)
  set(_class ${_classes}/${_main}.class)
  set(_run_cp "${_classes}:${_tv_cp}")
  if(_lang STREQUAL "java")
    set(_compile ${_tv_jdk}/bin/javac -g -encoding UTF-8 -Xlint:all -Werror -cp ${_tv_cp}
                 -d ${_classes} ${_source})
  else()
    set(_compile ${CMAKE_COMMAND} -E env KGPU_JAVA=${_tv_jdk}/bin/java
                 ${_tv_groovyc} -cp ${_tv_cp} -d ${_classes} ${_source})
    string(APPEND _run_cp ":${_tv_groovy_jar}")
  endif()
  add_custom_command(OUTPUT ${_class}
    COMMAND ${CMAKE_COMMAND} -E rm -rf ${_classes}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${_classes}
    COMMAND ${_compile}
    DEPENDS ${_source} kgpu-jvm-host ${KGPU_JVM_HOST_JAR}
    COMMENT "Compiling the ${_name} example (${_lang})"
    VERBATIM)
  kgpu_add_jvm_example(${_name} ${_main} "${_run_cp}" ${_class})
endforeach()
