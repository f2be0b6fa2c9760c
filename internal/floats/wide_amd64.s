//go:build !purego

#include "textflag.h"

// func cpuid(leaf, sub uint32) (eax, ebx, ecx, edx uint32)
TEXT ·cpuid(SB), NOSPLIT, $0-24
	MOVL leaf+0(FP), AX
	MOVL sub+4(FP), CX
	CPUID
	MOVL AX, eax+8(FP)
	MOVL BX, ebx+12(FP)
	MOVL CX, ecx+16(FP)
	MOVL DX, edx+20(FP)
	RET

// func xgetbv() (eax, edx uint32)
TEXT ·xgetbv(SB), NOSPLIT, $0-8
	MOVL   $0, CX
	XGETBV
	MOVL   AX, eax+0(FP)
	MOVL   DX, edx+4(FP)
	RET

// func addOuterWide(a []float64, x, y []float64)
// For each k with y[k] not zero, column k of a (len(x) elements from
// a+8*k*len(x)) plus y[k] times x: eight elements a pass, then four, then
// one at a time, multiply and add apart (VMULPD, VADDPD), as Go's loop
// rounds them. Every instruction is VEX-encoded, the scalar ones too
// (VMOVSD, VUCOMISD, VMULSD, VADDSD): on Intel processors a legacy SSE
// instruction while the registers' upper halves hold AVX values costs a
// state transition, two a column, and made this 5.7 times slower than Go's
// loop on a Xeon (46 columns of 46: 4,067 ns against 714; VEX throughout,
// 232). TestWideIsVEX holds it so.
TEXT ·addOuterWide(SB), NOSPLIT, $0-72
	MOVQ a_base+0(FP), DI
	MOVQ x_base+24(FP), SI
	MOVQ x_len+32(FP), CX
	MOVQ y_base+48(FP), R8
	MOVQ y_len+56(FP), R9
	MOVQ CX, DX
	ANDQ $-8, DX
	MOVQ CX, R10
	ANDQ $-4, R10
	MOVQ CX, R11
	SHLQ $3, R11               // bytes a column
	XORQ BX, BX                // k
	VXORPD X3, X3, X3          // zero, to compare y[k] with

column:
	CMPQ     BX, R9
	JGE      outerDone
	VMOVSD   (R8)(BX*8), X0
	VUCOMISD X3, X0
	JNE      nonzero
	JPS      nonzero           // NaN: not zero
	JMP      next

nonzero:
	VBROADCASTSD X0, Y0
	XORQ         AX, AX

oEights:
	CMPQ    AX, DX
	JGE     oFours
	VMULPD  (SI)(AX*8), Y0, Y1
	VMULPD  32(SI)(AX*8), Y0, Y2
	VADDPD  (DI)(AX*8), Y1, Y1
	VADDPD  32(DI)(AX*8), Y2, Y2
	VMOVUPD Y1, (DI)(AX*8)
	VMOVUPD Y2, 32(DI)(AX*8)
	ADDQ    $8, AX
	JMP     oEights

oFours:
	CMPQ    AX, R10
	JGE     oOnes
	VMULPD  (SI)(AX*8), Y0, Y1
	VADDPD  (DI)(AX*8), Y1, Y1
	VMOVUPD Y1, (DI)(AX*8)
	ADDQ    $4, AX

oOnes:
	CMPQ  AX, CX
	JGE   next
	VMOVSD (SI)(AX*8), X1
	VMULSD X0, X1, X1
	VADDSD (DI)(AX*8), X1, X1
	VMOVSD X1, (DI)(AX*8)
	INCQ  AX
	JMP   oOnes

next:
	ADDQ R11, DI
	INCQ BX
	JMP  column

outerDone:
	VZEROUPPER
	RET
