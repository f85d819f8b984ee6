# cmake -DGENERATED=<build/docs/ops.md> -DCOMMITTED=<docs/ops.md> -P check_docs.cmake
# Fails when the committed reference is missing or differs from the generated one.
if(NOT EXISTS "${GENERATED}")
  message(FATAL_ERROR "${GENERATED} was not generated (build the ops-doc target)")
endif()
if(NOT EXISTS "${COMMITTED}")
  message(FATAL_ERROR "${COMMITTED} is missing: run `make docs` and commit it")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files "${GENERATED}" "${COMMITTED}"
                RESULT_VARIABLE differ)
if(differ)
  message(FATAL_ERROR "docs/ops.md is out of date with src/ops/ops.def: run `make docs` "
                      "(it is generated; never edit it by hand)")
endif()
message(STATUS "docs/ops.md is up to date")
