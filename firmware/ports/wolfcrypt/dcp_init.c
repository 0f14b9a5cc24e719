/* rt1060 `hw` path with wolfCrypt: wolfCrypt_Init() runs wc_dcp_init() (DCP_Init) before main(). */
#include <wolfssl/wolfcrypt/settings.h>
#include <wolfssl/wolfcrypt/wc_port.h>

#include "board_hw.h"

void board_hw_init(void)
{
    (void)wolfCrypt_Init();
    board_dcp_configure();
}
