/* rt1170 hw path, mbedtls: the CAAM comes up in board_init(); the ALT modules then just use it. */
#include "rt1170/caam_board.h"

void board_hw_init(void)
{
    caam_board_init();
}
