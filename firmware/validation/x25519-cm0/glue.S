/*
 * x25519-cm0.S as published (fetched, unmodified) and one entry point of ours after it.
 *
 * gf_legendre_inner has a published cycle count but is local to the file and keeps no register
 * of the C ABI, so C cannot call it. legendre_of is the file's own commented-out
 * test_gf_legendre wrapper (the end of x25519-cm0.S), assembled here in the same unit so that it
 * can reach the local symbol. The prediction profiles gf_legendre_inner itself, not the wrapper.
 */
#include "x25519-cm0.S"

	.text
	.align	1
	.global	legendre_of
	.thumb
	.thumb_func
	.type	legendre_of, %function
legendre_of:
	push	{ r4, r5, r6, r7, lr }
	mov	r4, r8
	mov	r5, r10
	mov	r6, r11
	push	{ r4, r5, r6 }
	bl	gf_legendre_inner
	pop	{ r4, r5, r6 }
	mov	r8, r4
	mov	r10, r5
	mov	r11, r6
	pop	{ r4, r5, r6, r7, pc }
	.size	legendre_of, .-legendre_of
