# samd21 `hw` path: the ATECC508A on SERCOM2's I2C bus through cryptoauthlib (pinned sdist under
# build/third_party/cryptoauthlib/lib, compiled into the library archive as one unit by
# ports/cryptoauthlib/cryptoauthlib_all.c).
#   wolfCrypt: WOLFSSL_ATECC508A (wolfcrypt/src/port/atmel/atmel.c): P-256 keygen, sign, verify and
#              ECDH on the device; ECDH returns the secret in clear (WOLFSSL_ATECC_NO_ECDH_ENC: no
#              encrypted read of slot N|1, which needs a shared I/O key the board does not set up).
#   mbedtls:   cryptoauthlib's mbedtls integration (lib/mbedtls): ECDSA sign/verify and ECDH on the
#              device; key generation on the device (ports/mbedtls/hw_atecc.c).
#   Both:      the DRBG seed from the device's Random command; first-boot provisioning
#              (ports/cryptoauthlib/atecc.c).
CRYPTOAUTHLIB_DIR := $(THIRD)/cryptoauthlib/lib
ATECC_CFLAGS := -I$(CRYPTOAUTHLIB_DIR) -I$(CRYPTOAUTHLIB_DIR)/hal -I$(FW)/ports/cryptoauthlib \
                -I$(FW)/drivers -I$(FW)/boards
ATECC_LIB_SRCS := $(FW)/ports/cryptoauthlib/cryptoauthlib_all.c
ATECC_SRCS := $(FW)/drivers/samd21_i2c.c $(FW)/ports/cryptoauthlib/hal_samd21_i2c.c \
              $(FW)/ports/cryptoauthlib/atecc.c $(FW)/ports/cryptoauthlib/board_atecc.c

# The sw flags are not inherited by the hw path: each hw.mk states the library's flags in full.
# wolfSSL 5.5.4's ecc.c leaves `inlen` unused in wc_ecc_sign_hash_hw when WOLFSSL_ATECC508A is set:
# kept visible as a warning instead of an error for this path.
HW_LIB_CFLAGS_wolfcrypt_samd21 := $(LIB_CFLAGS_wolfcrypt_sw) $(ATECC_CFLAGS) -DWOLFSSL_ATECC508A \
                                  -DWOLFSSL_ATECC_NO_ECDH_ENC -Wno-error=unused-parameter
HW_LIB_SRCS_wolfcrypt_samd21 := $(ATECC_LIB_SRCS) $(WOLFSSL_DIR)/wolfcrypt/src/port/atmel/atmel.c
HW_SRCS_wolfcrypt_samd21 := $(ATECC_SRCS) $(FW)/ports/wolfcrypt/hw_atecc.c

HW_LIB_CFLAGS_mbedtls_samd21 := -I$(MBEDTLS_DIR)/include -I$(FW)/ports/mbedtls $(ATECC_CFLAGS) \
                                '-DMBEDTLS_CONFIG_FILE="mbedtls_config_atecc.h"'
HW_LIB_SRCS_mbedtls_samd21 := $(ATECC_LIB_SRCS) $(MBEDTLS_DIR)/library/ecdh.c \
                              $(FW)/ports/cryptoauthlib/cryptoauthlib_mbedtls.c
HW_SRCS_mbedtls_samd21 := $(ATECC_SRCS) $(FW)/ports/mbedtls/hw_atecc.c

# wolfSSL 5.5.4's test.c does not build with WOLFSSL_ATECC508A (see the file's comment).
HW_APP_EXTRA_selftest_wolfcrypt_samd21 := $(FW)/ports/wolfcrypt/selftest_atecc.c
