/*
 * cryptoauthlib's C library (the pinned sdist under build/third_party/cryptoauthlib/lib), compiled
 * as one translation unit so that the few warnings of code this project does not own can be
 * silenced here, and only here, while everything else builds with -Wall -Wextra -Werror.
 * Only what an ATECC508A on I2C needs: the basic API, the calib command layer, the HAL glue and the
 * host-side helpers (nonce/TempKey computations).
 */
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wunused-variable"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#if defined(__GNUC__) && __GNUC__ >= 11
#pragma GCC diagnostic ignored "-Wstringop-overflow"
#endif

#include "atca_basic.c"
#include "atca_cfgs.c"
#include "atca_debug.c"
#include "atca_device.c"
#include "atca_helpers.c"
#include "atca_iface.c"
#include "hal/atca_hal.c"
#include "host/atca_host.c"
#include "calib/calib_basic.c"
#include "calib/calib_checkmac.c"
#include "calib/calib_command.c"
#include "calib/calib_counter.c"
#include "calib/calib_derivekey.c"
#include "calib/calib_ecdh.c"
#include "calib/calib_execution.c"
#include "calib/calib_gendig.c"
#include "calib/calib_genkey.c"
#include "calib/calib_helpers.c"
#include "calib/calib_hmac.c"
#include "calib/calib_info.c"
#include "calib/calib_lock.c"
#include "calib/calib_mac.c"
#include "calib/calib_nonce.c"
#include "calib/calib_privwrite.c"
#include "calib/calib_random.c"
#include "calib/calib_read.c"
#include "calib/calib_sha.c"
#include "calib/calib_sign.c"
#include "calib/calib_updateextra.c"
#include "calib/calib_verify.c"
#include "calib/calib_write.c"
#include "crypto/atca_crypto_sw_sha2.c"
#include "crypto/hashes/sha2_routines.c"
