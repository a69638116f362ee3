# venue_add_test(NAME name SOURCES ... [LIBS ...] LABELS label... [REALTIME])
#
# Builds a GoogleTest executable and registers each of its tests with CTest,
# labelled so that a group (unit, firmware, integration, e2e, fuzz) runs alone:
#   ctest --preset default -L unit
# REALTIME: the tests play in real time against simulated devices (the hub in simavr, DGT
# emulators on ptys, a host made to stall). They hold one CTest resource lock and run one at a
# time, beside the other tests: a precaution, so that two of them never compete for the two
# cores' real time; it costs no wall time (integration and e2e: 360 s with it, 373 s without).
#
# VENUE_TEST_PER_BINARY (the asan preset): one CTest test per executable instead of one per
# GoogleTest case. Under ASan each process pays its start before its first case (0.77 s for
# chess_unit_tests to run no case at all, as long as running its 99; 0.23 s for grassi_unit_tests
# to run its 66), far more than most cases take: one process per case spent most of the asan
# stage's 460 s of tests starting 1,120 processes, and listing the cases at build time starts
# every executable once more. Per executable the stage's tests take 13 s (scripts/test asan). A
# failing case is named in the executable's output (outputOnFailure).
include(GoogleTest)
find_package(GTest REQUIRED)
option(VENUE_TEST_PER_BINARY "One CTest test per test executable (not per GoogleTest case)" OFF)

function(venue_add_test)
  cmake_parse_arguments(ARG "REALTIME" "NAME;TIMEOUT" "SOURCES;LIBS;LABELS" ${ARGN})
  if(NOT ARG_TIMEOUT)
    set(ARG_TIMEOUT 300)
  endif()
  add_executable(${ARG_NAME} ${ARG_SOURCES})
  target_link_libraries(${ARG_NAME} PRIVATE ${ARG_LIBS} GTest::gtest GTest::gmock GTest::gtest_main
                                            venue::warnings)
  target_compile_definitions(${ARG_NAME} PRIVATE
    VENUE_SOURCE_DIR="${PROJECT_SOURCE_DIR}" VENUE_BINARY_DIR="${PROJECT_BINARY_DIR}")
  if(VENUE_TEST_PER_BINARY)
    add_test(NAME ${ARG_NAME} COMMAND ${ARG_NAME})
    # Quoted: several labels are one list value, not more property names.
    set_tests_properties(${ARG_NAME} PROPERTIES LABELS "${ARG_LABELS}" TIMEOUT 3600)
    if(ARG_REALTIME)
      set_tests_properties(${ARG_NAME} PROPERTIES RESOURCE_LOCK realtime)
    endif()
    return()
  endif()
  gtest_discover_tests(${ARG_NAME}
    TEST_PREFIX "${ARG_NAME}."
    PROPERTIES TIMEOUT ${ARG_TIMEOUT}
    DISCOVERY_TIMEOUT 60)
  # Labels are set by a file CTest reads after the discovered tests: passed through
  # gtest_discover_tests, a second label would be taken for a property name.
  set(labels_file ${CMAKE_CURRENT_BINARY_DIR}/${ARG_NAME}_labels.cmake)
  set(lock "")
  if(ARG_REALTIME)
    set(lock " RESOURCE_LOCK realtime")
  endif()
  file(WRITE ${labels_file}
    "foreach(t IN LISTS ${ARG_NAME}_TESTS)\n"
    "  set_tests_properties(\${t} PROPERTIES LABELS \"${ARG_LABELS}\" TIMEOUT ${ARG_TIMEOUT}${lock})\n"
    "endforeach()\n")
  set_property(DIRECTORY APPEND PROPERTY TEST_INCLUDE_FILES ${labels_file})
endfunction()
