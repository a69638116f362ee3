# Warnings are errors on the project's own code (never on system headers).
add_library(venue_warnings INTERFACE)
add_library(venue::warnings ALIAS venue_warnings)
target_compile_options(venue_warnings INTERFACE
  -Wall -Wextra -Wpedantic -Werror -Wshadow -Wnon-virtual-dtor -Wold-style-cast
  -Wcast-align -Woverloaded-virtual -Wimplicit-fallthrough)
