// The unit-test binary's entry point: the one translation unit that expands doctest's main.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>
