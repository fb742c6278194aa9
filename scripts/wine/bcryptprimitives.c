/*
 * A stand-in for Windows 10's bcryptprimitives.dll, for Debian's wine 8.0
 * only (make dist-check). Go's Windows runtime (since go1.22) takes its
 * random bytes from ProcessPrng in that DLL and stops at start without it;
 * every Windows that Go supports has it, wine 8.0 does not. This one asks
 * wine's RtlGenRandom (advapi32's SystemFunction036) for the same bytes.
 * It is never shipped: the release archives hold only Tableside.
 */
#include <windows.h>

BOOLEAN NTAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length)
{
	while (length > 0) {
		ULONG n = length > 0x40000000 ? 0x40000000 : (ULONG)length;
		if (!SystemFunction036(data, n))
			return FALSE;
		data += n;
		length -= n;
	}
	return TRUE;
}
