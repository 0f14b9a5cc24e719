/* Build configuration, set by firmware/Makefile through -D for every object of an image. */
#ifndef BUILD_INFO_H
#define BUILD_INFO_H

#ifndef BUILD_LIBRARY
#error "BUILD_LIBRARY (mbedtls|wolfcrypt) must be defined"
#endif
#ifndef BUILD_PATH
#error "BUILD_PATH (sw|hw) must be defined"
#endif
#ifndef BUILD_OPT
#error "BUILD_OPT (none|high-speed) must be defined"
#endif

#endif
