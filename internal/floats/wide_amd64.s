//go:build !purego

#include "textflag.h"

// func addScaledWide(dst []float64, alpha float64, s []float64)
// Eight elements a pass in two registers, then one at a time: multiply
// and add apart (VMULPD, VADDPD), as the Go loop rounds them.
TEXT ·addScaledWide(SB), NOSPLIT, $0-56
	MOVQ         dst_base+0(FP), DI
	MOVSD        alpha+24(FP), X0
	MOVQ         s_base+32(FP), SI
	MOVQ         s_len+40(FP), CX
	VBROADCASTSD X0, Y0
	XORQ         AX, AX
	MOVQ         CX, DX
	ANDQ         $-8, DX

eights:
	CMPQ    AX, DX
	JGE     ones
	VMULPD  (SI)(AX*8), Y0, Y1
	VMULPD  32(SI)(AX*8), Y0, Y2
	VADDPD  (DI)(AX*8), Y1, Y1
	VADDPD  32(DI)(AX*8), Y2, Y2
	VMOVUPD Y1, (DI)(AX*8)
	VMOVUPD Y2, 32(DI)(AX*8)
	ADDQ    $8, AX
	JMP     eights

ones:
	CMPQ  AX, CX
	JGE   done
	MOVSD (SI)(AX*8), X1
	MULSD X0, X1
	ADDSD (DI)(AX*8), X1
	MOVSD X1, (DI)(AX*8)
	INCQ  AX
	JMP   ones

done:
	VZEROUPPER
	RET

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
