package socket

import (
	"bytes"
	"compress/zlib"
	"fmt"
	"io"

	"github.com/conduit-sdk/conduit"
)

// zlibSuffix ends every message of a zlib-stream: the empty stored block a
// sync flush writes.
var zlibSuffix = []byte{0x00, 0x00, 0xff, 0xff}

// ZlibStream inflates a zlib-stream connection (Discord's
// compress=zlib-stream): one inflate context for the whole connection,
// each message ending at a sync flush (00 00 ff ff). A message that does
// not end so is the first part of one still to come.
func ZlibStream() Inflater { return &zlibStream{} }

type zlibStream struct {
	in  feed
	zr  io.ReadCloser
	buf []byte
}

// feed is the compressed input. It is an io.ByteReader, so the inflater
// reads it a byte at a time as it needs and never reads past a message's
// end, which would leave the shared context broken.
type feed struct {
	b []byte
	i int
}

func (f *feed) Read(p []byte) (int, error) {
	if f.i >= len(f.b) {
		return 0, io.EOF
	}
	n := copy(p, f.b[f.i:])
	f.i += n
	return n, nil
}

func (f *feed) ReadByte() (byte, error) {
	if f.i >= len(f.b) {
		return 0, io.EOF
	}
	f.i++
	return f.b[f.i-1], nil
}

func (z *zlibStream) Inflate(dst, msg []byte, limit int64) ([]byte, bool, error) {
	z.in.b = append(z.in.b, msg...)
	if !bytes.HasSuffix(z.in.b, zlibSuffix) {
		if int64(len(z.in.b)) > limit {
			return nil, false, fmt.Errorf("%w: a zlib-stream message over %d bytes without its end", conduit.ErrResponseTooLarge, limit)
		}
		return dst, false, nil
	}
	if z.zr == nil {
		zr, err := zlib.NewReader(&z.in)
		if err != nil {
			return nil, false, fmt.Errorf("%w: zlib-stream: %w", conduit.ErrMalformedResponse, err)
		}
		z.zr = zr
	}
	if z.buf == nil {
		// At least the inflater's window, so the flush at a message's end
		// comes out in one read.
		z.buf = make([]byte, 64<<10)
	}
	for z.in.i < len(z.in.b) {
		n, err := z.zr.Read(z.buf)
		if int64(len(dst)+n) > limit {
			return nil, false, fmt.Errorf("%w: a message inflating past %d bytes (socket.Config.MaxInflatedBytes)", conduit.ErrResponseTooLarge, limit)
		}
		dst = append(dst, z.buf[:n]...)
		if err != nil {
			return nil, false, fmt.Errorf("%w: zlib-stream: %w", conduit.ErrMalformedResponse, err)
		}
	}
	z.in.b, z.in.i = z.in.b[:0], 0
	return dst, true, nil
}
