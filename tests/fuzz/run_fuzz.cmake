# cmake -DFUZZER=<fuzz_parse> -DWORK=<dir> -DSEED=<corpus> -DDICT=<dict> -DSECONDS=<n>
#       [-DKEEP=1] [-DFUZZ_SEED=<n>] -P run_fuzz.cmake
# Runs libFuzzer for SECONDS on a copy of the seed corpus in WORK (fresh each run unless
# KEEP, which lets the corpus grow across runs) and prints the number of executed inputs.  A crash, leak, sanitizer report or timeout makes it fail; the input
# that caused it is left as crash-*/leak-*/timeout-* in WORK's parent directory.
if(NOT KEEP)
  file(REMOVE_RECURSE "${WORK}")
endif()
file(MAKE_DIRECTORY "${WORK}")
file(GLOB seeds "${SEED}/*")
file(COPY ${seeds} DESTINATION "${WORK}")
get_filename_component(artifacts "${WORK}" DIRECTORY)
set(args -max_total_time=${SECONDS} -timeout=5 -rss_limit_mb=2048 -print_final_stats=1
         -artifact_prefix=${artifacts}/)
if(EXISTS "${DICT}")
  list(APPEND args -dict=${DICT})
endif()
if(DEFINED FUZZ_SEED)
  list(APPEND args -seed=${FUZZ_SEED})
endif()
string(REPLACE ";" " " shown "${args}")
message(STATUS "running: ${FUZZER} ${shown} ${WORK}")
execute_process(COMMAND "${FUZZER}" ${args} "${WORK}"
                RESULT_VARIABLE rc
                OUTPUT_VARIABLE out ERROR_VARIABLE out)
# libFuzzer logs to stderr; keep the log but print only its tail unless it failed.
file(WRITE "${artifacts}/fuzz.log" "${out}")
string(REGEX MATCH "stat::number_of_executed_units: *[0-9]+" units "${out}")
if(NOT rc EQUAL 0)
  message("${out}")
  message(FATAL_ERROR "fuzzer failed (exit ${rc}); log: ${artifacts}/fuzz.log")
endif()
string(REGEX MATCH "[0-9]+$" n "${units}")
message(STATUS "${units}")
message(STATUS "fuzz: ${n} inputs executed in ${SECONDS} s, no failure (log: ${artifacts}/fuzz.log)")
