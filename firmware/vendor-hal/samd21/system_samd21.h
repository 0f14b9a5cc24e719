/*
 * The pack's samd21j18a.h includes system_samd21.h, which MPLAB XC32 supplies and the Harmony
 * application does not: Harmony sets the clocks in its clock PLIB, not in a CMSIS SystemInit,
 * and nothing of the application uses the file's declarations, so it is empty here.
 */
#ifndef SYSTEM_SAMD21_H
#define SYSTEM_SAMD21_H
#endif
