# Toolchain file for the hub firmware: avr-gcc (Debian gcc-avr 5.4) for the ATmega2560 of an
# Arduino Mega 2560 at 16 MHz. Used by firmware/CMakeLists.txt for the firmware/avr project.
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR avr)

set(VENUE_AVR_MCU atmega2560 CACHE STRING "AVR part")
set(VENUE_AVR_F_CPU 16000000UL CACHE STRING "CPU clock in Hz")

find_program(CMAKE_C_COMPILER avr-gcc REQUIRED)
find_program(CMAKE_CXX_COMPILER avr-g++ REQUIRED)
set(CMAKE_ASM_COMPILER ${CMAKE_C_COMPILER})
find_program(VENUE_AVR_SIZE avr-size REQUIRED)
find_program(VENUE_AVR_OBJDUMP avr-objdump)

set(CMAKE_C_FLAGS_INIT "-mmcu=${VENUE_AVR_MCU} -DF_CPU=${VENUE_AVR_F_CPU}")
set(CMAKE_CXX_FLAGS_INIT "-mmcu=${VENUE_AVR_MCU} -DF_CPU=${VENUE_AVR_F_CPU}")
set(CMAKE_ASM_FLAGS_INIT "-mmcu=${VENUE_AVR_MCU} -DF_CPU=${VENUE_AVR_F_CPU}")
set(CMAKE_EXE_LINKER_FLAGS_INIT "-mmcu=${VENUE_AVR_MCU}")

# No host libraries, no test executables that could run.
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
