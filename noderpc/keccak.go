package noderpc

import (
	"encoding/binary"
	"math/bits"
)

// Keccak256 is the hash Ethereum names everything with: transaction
// hashes, event topics, function selectors, address checksums. It is the
// Keccak of the SHA-3 competition, padded with 0x01; the standard
// library's crypto/sha3 pads with 0x06 (FIPS 202), which gives other
// digests, so it cannot stand in.
func Keccak256(data ...[]byte) Hash {
	var st [25]uint64
	const rate = 136
	var buf []byte
	for _, d := range data {
		buf = append(buf, d...)
	}
	for len(buf) >= rate {
		absorb(&st, buf[:rate])
		buf = buf[rate:]
	}
	last := make([]byte, rate)
	copy(last, buf)
	last[len(buf)] ^= 0x01
	last[rate-1] ^= 0x80
	absorb(&st, last)
	var h Hash
	for i := 0; i < 4; i++ {
		binary.LittleEndian.PutUint64(h[8*i:], st[i])
	}
	return h
}

// absorb XORs one block into the state's lanes, little endian, and
// permutes.
func absorb(st *[25]uint64, block []byte) {
	for i := 0; i < len(block)/8; i++ {
		st[i] ^= binary.LittleEndian.Uint64(block[8*i:])
	}
	keccakF(st)
}

var roundConstants = [24]uint64{
	0x0000000000000001, 0x0000000000008082, 0x800000000000808A, 0x8000000080008000,
	0x000000000000808B, 0x0000000080000001, 0x8000000080008081, 0x8000000000008009,
	0x000000000000008A, 0x0000000000000088, 0x0000000080008009, 0x000000008000000A,
	0x000000008000808B, 0x800000000000008B, 0x8000000000008089, 0x8000000000008003,
	0x8000000000008002, 0x8000000000000080, 0x000000000000800A, 0x800000008000000A,
	0x8000000080008081, 0x8000000000008080, 0x0000000080000001, 0x8000000080008008,
}

// rotations[x+5y] is the ρ offset of lane (x, y).
var rotations = [25]int{
	0, 1, 62, 28, 27,
	36, 44, 6, 55, 20,
	3, 10, 43, 25, 39,
	41, 45, 15, 21, 8,
	18, 2, 61, 56, 14,
}

// keccakF is the Keccak-f[1600] permutation, lane (x, y) at st[x+5y].
func keccakF(st *[25]uint64) {
	var c, d [5]uint64
	var b [25]uint64
	for _, rc := range roundConstants {
		for x := 0; x < 5; x++ {
			c[x] = st[x] ^ st[x+5] ^ st[x+10] ^ st[x+15] ^ st[x+20]
		}
		for x := 0; x < 5; x++ {
			d[x] = c[(x+4)%5] ^ bits.RotateLeft64(c[(x+1)%5], 1)
		}
		for x := 0; x < 5; x++ {
			for y := 0; y < 5; y++ {
				lane := st[x+5*y] ^ d[x]
				// π moves lane (x, y) to (y, 2x+3y).
				b[y+5*((2*x+3*y)%5)] = bits.RotateLeft64(lane, rotations[x+5*y])
			}
		}
		for y := 0; y < 5; y++ {
			for x := 0; x < 5; x++ {
				st[x+5*y] = b[x+5*y] ^ (^b[(x+1)%5+5*y] & b[(x+2)%5+5*y])
			}
		}
		st[0] ^= rc
	}
}
