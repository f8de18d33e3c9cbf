# FjordKernels.cmake: build a Futhark program's generated CUDA or OpenCL as part of a CMake
# project, regenerating it whenever the .fut file or any file it imports changes.
#
#   include(FjordKernels)        # or find_package(Fjord), which includes it
#   fjord_add_kernels(physics src/physics.fut BACKEND opencl
#                     [PREFIX physics] [OUTPUT_DIR dir] [TUNING file.tuning])
#   target_link_libraries(app PRIVATE physics)
#
# creates the static library `physics` from the generated files (CUDA: <stem>.cu, which
# needs the CUDA language enabled in the project; OpenCL: <stem>_host.cpp, linked with
# OpenCL::OpenCL), with the output directory as its public include directory, so
# `#include "<stem>.h"` works. <stem> is the .fut file's name without its extension, as
# fjord names the files. OUTPUT_DIR defaults to ${CMAKE_CURRENT_BINARY_DIR}/<target>_<backend>;
# give a directory in the source tree to keep the generated code under version control, and
# check it in CI with `fjord <backend> prog.fut --check-up-to-date dir`
# (fjord_check_kernels_up_to_date below adds that as a test).
#
# The compiler is FJORD_EXECUTABLE: set by find_package(Fjord), by a build of Fjord in the
# same CMake project (the `fjord` target), or found on PATH.

include_guard(GLOBAL)

if(NOT FJORD_EXECUTABLE)
  if(TARGET fjord)
    set(FJORD_EXECUTABLE $<TARGET_FILE:fjord>)
  else()
    find_program(FJORD_EXECUTABLE fjord)
  endif()
endif()

# The files fjord writes for `stem` on `backend`, relative to the output directory.
function(_fjord_generated_files out backend stem)
  set(files ${stem}.h ${stem}_tuning.h fjord_runtime_common.h)
  if(backend STREQUAL "cuda")
    list(PREPEND files ${stem}.cu)
    list(APPEND files fjord_runtime_cuda.h)
  else()
    list(PREPEND files ${stem}.cl)
    list(APPEND files ${stem}_cl.h ${stem}_host.cpp fjord_runtime_opencl.h)
  endif()
  set(${out} ${files} PARENT_SCOPE)
endfunction()

function(fjord_add_kernels target source)
  cmake_parse_arguments(PARSE_ARGV 2 arg "" "BACKEND;PREFIX;OUTPUT_DIR;TUNING" "")
  if(arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "fjord_add_kernels: unknown arguments: ${arg_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT arg_BACKEND MATCHES "^(cuda|opencl)$")
    message(FATAL_ERROR "fjord_add_kernels(${target}): BACKEND must be cuda or opencl")
  endif()
  if(NOT FJORD_EXECUTABLE)
    message(FATAL_ERROR "fjord_add_kernels(${target}): no fjord compiler found; set FJORD_EXECUTABLE")
  endif()
  get_filename_component(source "${source}" ABSOLUTE)
  get_filename_component(stem "${source}" NAME_WE)
  set(dir "${arg_OUTPUT_DIR}")
  if(NOT dir)
    set(dir "${CMAKE_CURRENT_BINARY_DIR}/${target}_${arg_BACKEND}")
  endif()
  get_filename_component(dir "${dir}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_BINARY_DIR}")

  _fjord_generated_files(names ${arg_BACKEND} ${stem})
  list(TRANSFORM names PREPEND "${dir}/" OUTPUT_VARIABLE outputs)
  set(options)
  set(depends "${source}")
  if(arg_PREFIX)
    list(APPEND options --prefix ${arg_PREFIX})
  endif()
  if(arg_TUNING)
    get_filename_component(tuning "${arg_TUNING}" ABSOLUTE)
    list(APPEND options --tuning "${tuning}")
    list(APPEND depends "${tuning}")
  endif()
  set(depfile "${CMAKE_CURRENT_BINARY_DIR}/${target}_${arg_BACKEND}.d")
  add_custom_command(
    OUTPUT ${outputs}
    COMMAND "${FJORD_EXECUTABLE}" ${arg_BACKEND} "${source}" -o "${dir}" --depfile "${depfile}" ${options}
    DEPENDS ${depends}
    DEPFILE "${depfile}"
    COMMENT "fjord ${arg_BACKEND}: generating ${stem} in ${dir}"
    VERBATIM)

  if(arg_BACKEND STREQUAL "cuda")
    add_library(${target} STATIC "${dir}/${stem}.cu")
  else()
    find_package(OpenCL REQUIRED)
    add_library(${target} STATIC "${dir}/${stem}_host.cpp")
    target_link_libraries(${target} PUBLIC OpenCL::OpenCL)
  endif()
  target_sources(${target} PRIVATE ${outputs})
  set_source_files_properties(${outputs} PROPERTIES GENERATED TRUE)
  target_include_directories(${target} PUBLIC "${dir}")
  target_compile_features(${target} PUBLIC cxx_std_17)
endfunction()

# fjord_check_kernels_up_to_date(NAME source.fut BACKEND cuda|opencl DIR dir [PREFIX p]):
# a test that fails when the generated files checked in under DIR are stale.
function(fjord_check_kernels_up_to_date name source)
  cmake_parse_arguments(PARSE_ARGV 2 arg "" "BACKEND;DIR;PREFIX" "")
  get_filename_component(source "${source}" ABSOLUTE)
  get_filename_component(dir "${arg_DIR}" ABSOLUTE)
  set(options)
  if(arg_PREFIX)
    list(APPEND options --prefix ${arg_PREFIX})
  endif()
  add_test(NAME ${name}
           COMMAND "${FJORD_EXECUTABLE}" ${arg_BACKEND} "${source}" --check-up-to-date "${dir}" ${options})
endfunction()
