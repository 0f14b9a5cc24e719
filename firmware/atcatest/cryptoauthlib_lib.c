/*
 * The part of cryptoauthlib (pinned sdist, build/third_party/cryptoauthlib/lib) its test suite
 * links against: what the board's port compiles (ports/cryptoauthlib/cryptoauthlib_all.c) plus
 * the commands and software crypto the suite's ATECC608-only tests reference. Those tests are
 * compiled because the suite's test tables list them; the suite itself skips them on an ATECC508A.
 */
#include "cryptoauthlib_all.c"

#include "calib/calib_aes.c"
#include "calib/calib_aes_gcm.c"
#include "calib/calib_kdf.c"
#include "calib/calib_secureboot.c"
#include "calib/calib_selftest.c"
#include "crypto/atca_crypto_hw_aes_cbc.c"
#include "crypto/atca_crypto_hw_aes_cbcmac.c"
#include "crypto/atca_crypto_hw_aes_ccm.c"
#include "crypto/atca_crypto_hw_aes_cmac.c"
#include "crypto/atca_crypto_hw_aes_ctr.c"
#include "crypto/atca_crypto_sw_ecdsa.c"
#include "crypto/atca_crypto_sw_rand.c"
#include "crypto/atca_crypto_sw_sha1.c"
#include "crypto/hashes/sha1_routines.c"
#include "jwt/atca_jwt.c"
