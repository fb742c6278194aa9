package main

import (
	"bytes"
	"crypto/sha256"
	"debug/macho"
	"encoding/binary"
	"errors"
	"fmt"
)

// The code signature's blobs, big-endian (Apple's cs_blobs.h).
const (
	csMagicEmbeddedSignature = 0xfade0cc0
	csMagicCodeDirectory     = 0xfade0c02
	csSlotCodeDirectory      = 0
	csHashTypeSHA256         = 2
	csAdhoc                  = 0x2
	csLinkerSigned           = 0x20000
)

// signature finds LC_CODE_SIGNATURE and checks that its code directory
// hashes every page of the file before it. "" means there is none.
func signature(f *macho.File, bin []byte) (string, error) {
	var off, size uint32
	for _, l := range f.Loads {
		raw := l.Raw()
		if len(raw) >= 16 && f.ByteOrder.Uint32(raw) == lcCodeSignature {
			off, size = f.ByteOrder.Uint32(raw[8:]), f.ByteOrder.Uint32(raw[12:])
		}
	}
	if size == 0 {
		return "", nil
	}
	if uint64(off)+uint64(size) > uint64(len(bin)) {
		return "", fmt.Errorf("code signature at %d+%d is past the file's end (%d)", off, size, len(bin))
	}
	cd, err := codeDirectory(bin[off : off+size])
	if err != nil {
		return "", fmt.Errorf("code signature: %w", err)
	}
	return cd.verify(bin)
}

// codeDir is the part of a CodeDirectory that says what is hashed.
type codeDir struct {
	blob                             []byte
	flags, hashOffset, nCodeSlots    uint32
	codeLimit                        uint32
	hashSize, hashType, pageSizeLog2 uint8
}

// codeDirectory finds the CodeDirectory in an embedded signature.
func codeDirectory(sig []byte) (codeDir, error) {
	be := binary.BigEndian
	if len(sig) < 12 || be.Uint32(sig) != csMagicEmbeddedSignature {
		return codeDir{}, errors.New("not an embedded signature (SuperBlob)")
	}
	count := be.Uint32(sig[8:])
	for i := uint32(0); i < count; i++ {
		at := 12 + 8*int(i)
		if at+8 > len(sig) {
			break
		}
		slot, off := be.Uint32(sig[at:]), be.Uint32(sig[at+4:])
		if slot != csSlotCodeDirectory {
			continue
		}
		if int(off)+44 > len(sig) || be.Uint32(sig[off:]) != csMagicCodeDirectory {
			return codeDir{}, errors.New("slot 0 is not a CodeDirectory")
		}
		b := sig[off:]
		length := be.Uint32(b[4:])
		if int(length) > len(b) {
			return codeDir{}, errors.New("CodeDirectory runs past the signature")
		}
		b = b[:length]
		return codeDir{
			blob: b, flags: be.Uint32(b[12:]), hashOffset: be.Uint32(b[16:]),
			nCodeSlots: be.Uint32(b[28:]), codeLimit: be.Uint32(b[32:]),
			hashSize: b[36], hashType: b[37], pageSizeLog2: b[39],
		}, nil
	}
	return codeDir{}, errors.New("no CodeDirectory")
}

// verify hashes each page of bin up to codeLimit and compares.
func (cd codeDir) verify(bin []byte) (string, error) {
	if cd.hashType != csHashTypeSHA256 || cd.hashSize != sha256.Size {
		return "", fmt.Errorf("code signature hashes with type %d, not SHA-256", cd.hashType)
	}
	if int(cd.codeLimit) > len(bin) || cd.pageSizeLog2 == 0 || cd.pageSizeLog2 > 24 {
		return "", fmt.Errorf("code signature covers %d bytes in pages of 2^%d (file: %d)", cd.codeLimit, cd.pageSizeLog2, len(bin))
	}
	page := 1 << cd.pageSizeLog2
	if want := (int(cd.codeLimit) + page - 1) / page; int(cd.nCodeSlots) != want {
		return "", fmt.Errorf("code signature has %d page hashes for %d pages", cd.nCodeSlots, want)
	}
	if int(cd.hashOffset)+int(cd.nCodeSlots)*sha256.Size > len(cd.blob) {
		return "", errors.New("code signature's hashes run past its CodeDirectory")
	}
	for i := 0; i < int(cd.nCodeSlots); i++ {
		start, end := i*page, min((i+1)*page, int(cd.codeLimit))
		sum := sha256.Sum256(bin[start:end])
		at := int(cd.hashOffset) + i*sha256.Size
		if !bytes.Equal(sum[:], cd.blob[at:at+sha256.Size]) {
			return "", fmt.Errorf("code signature does not match page %d (bytes %d to %d): the file changed after signing", i, start, end)
		}
	}
	if cd.flags&csAdhoc == 0 {
		return "", fmt.Errorf("code signature is not ad hoc (flags %#x)", cd.flags)
	}
	return fmt.Sprintf("ad-hoc code signature, %d pages of %d bytes, every hash matches", cd.nCodeSlots, page), nil
}
