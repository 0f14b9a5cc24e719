/*
 * What Harmony's startup_xc32.c does, for GCC: XC32's __pic32c_data_initialization (copy .data,
 * zero .bss) is the XC32 library's, so this file does it from the linker script's symbols, then
 * runs the C library's constructors and main. The vector table is Harmony's own exception_table
 * (interrupts.c, section .vectors).
 */
#include <stdint.h>

extern uint32_t _sidata[], _sdata[], _edata[], _sbss[], _ebss[];
extern int main(void);
extern void __libc_init_array(void);

void Reset_Handler(void);
void Reset_Handler(void)
{
    const uint32_t *src = _sidata;
    for (uint32_t *dst = _sdata; dst < _edata;) {
        *dst++ = *src++;
    }
    for (uint32_t *dst = _sbss; dst < _ebss;) {
        *dst++ = 0u;
    }
    __libc_init_array();
    (void)main();
    for (;;) {
    }
}
