/*
 * mbedtls on the STM32CubeF4 HAL start-up: after the CubeMX clock set-up (168 MHz), SHA-256 of
 * FIPS 180-4's one-block and two-block examples printed in hex, then mbedtls's own SHA-224/256
 * self-test, its output on USART2 through printf, whose _write a CubeMX project supplies.
 */
#include <stdio.h>
#include <string.h>

#include "cube_init.h"
#include "mbedtls/sha256.h"

static const char *const MESSAGES[] = {
    "abc",
    "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
};

/* newlib's write system call, as CubeMX projects route printf to their console. */
int _write(int file, const char *data, int length);
int _write(int file, const char *data, int length)
{
    (void)file;
    if (HAL_UART_Transmit(&huart2, (const uint8_t *)data, (uint16_t)length, HAL_MAX_DELAY) != HAL_OK) {
        return -1;
    }
    return length;
}

int main(void)
{
    unsigned char digest[32];

    cube_init();
    setvbuf(stdout, NULL, _IONBF, 0);
    printf("mbedtls SHA-256 on the STM32CubeF4 HAL, SYSCLK %lu Hz\r\n",
           (unsigned long)HAL_RCC_GetSysClockFreq());

    for (size_t m = 0; m < sizeof MESSAGES / sizeof MESSAGES[0]; m++) {
        int status = mbedtls_sha256_ret((const unsigned char *)MESSAGES[m], strlen(MESSAGES[m]),
                                        digest, 0);
        printf("@sha256 len=%u status=%d digest=", (unsigned)strlen(MESSAGES[m]), status);
        for (size_t i = 0; i < sizeof digest; i++) {
            printf("%02x", digest[i]);
        }
        printf("\r\n");
    }

    int failed = mbedtls_sha256_self_test(1);
    printf("@selftest sha256 %s\r\n", failed == 0 ? "passed" : "FAILED");
    printf("@done\r\n");
    for (;;) {
    }
}
