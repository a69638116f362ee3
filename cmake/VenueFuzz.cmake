# venue_add_fuzz_target(NAME name SOURCES ... LIBS ... SEEDS dir SECONDS n)
#
# With VENUE_FUZZ (the `fuzz` preset, clang): a libFuzzer binary and a CTest
# run of n seconds labelled `fuzz`, starting from the committed seeds. New
# inputs go to the build tree, never into the source tree.
# Without VENUE_FUZZ: the same entry point replays the seeds once through a
# small main (label `unit`), so the seeds stay a regression test everywhere,
# including the sanitizer build.
function(venue_add_fuzz_target)
  cmake_parse_arguments(ARG "" "NAME;SEEDS;SECONDS" "SOURCES;LIBS" ${ARGN})
  if(VENUE_FUZZ)
    add_executable(${ARG_NAME} ${ARG_SOURCES})
    target_link_libraries(${ARG_NAME} PRIVATE ${ARG_LIBS} venue::warnings)
    target_link_options(${ARG_NAME} PRIVATE -fsanitize=fuzzer)
    set(work ${CMAKE_CURRENT_BINARY_DIR}/${ARG_NAME}-corpus)
    file(MAKE_DIRECTORY ${work})
    add_test(NAME ${ARG_NAME}
      COMMAND ${ARG_NAME} -max_total_time=${ARG_SECONDS} -print_final_stats=1
              -artifact_prefix=${CMAKE_CURRENT_BINARY_DIR}/${ARG_NAME}- ${work} ${ARG_SEEDS})
    math(EXPR timeout "${ARG_SECONDS} * 3 + 60")
    set_tests_properties(${ARG_NAME} PROPERTIES LABELS fuzz TIMEOUT ${timeout})
  else()
    add_executable(${ARG_NAME}_replay ${ARG_SOURCES} ${PROJECT_SOURCE_DIR}/tests/fuzz/replay_main.cpp)
    target_link_libraries(${ARG_NAME}_replay PRIVATE ${ARG_LIBS} venue::warnings)
    add_test(NAME ${ARG_NAME}_replay COMMAND ${ARG_NAME}_replay ${ARG_SEEDS})
    set_tests_properties(${ARG_NAME}_replay PROPERTIES LABELS unit)
  endif()
endfunction()
