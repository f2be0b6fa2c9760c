package endgame

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"unsafe"

	"gamelab/internal/cache"
)

// FileName returns the cache file name of s's table: its layout (whose
// letters and digits are safe in a file name) and rank.
func FileName(s *Shape) string {
	return fmt.Sprintf("2048-endgame-%s-%d.bin", strings.ReplaceAll(s.Layout, "/", ""), s.A)
}

// header starts every file, then the shape, the layer the table is
// computed down to, and the number of positions, on one line padded to
// headerSize bytes; the values follow, two bytes each, low byte first,
// aligned as memory keeps them.
const header, headerSize = "gamelab 2048 endgame 1 ", 64

// Write writes t, whole or in part (its Layer says how far).
func (t *Table) Write(w io.Writer) error {
	bw := bufio.NewWriterSize(w, 1<<20)
	line := fmt.Sprintf("%s%s %d %d %d", header, t.Shape.Layout, t.Shape.A, t.Layer, t.Shape.size)
	fmt.Fprintf(bw, "%-*s\n", headerSize-1, line)
	if littleEndian {
		if _, err := bw.Write(unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(t.values))), 2*len(t.values))); err != nil {
			return err
		}
	} else {
		for _, v := range t.values {
			bw.WriteByte(byte(v))
			bw.WriteByte(byte(v >> 8))
		}
	}
	return bw.Flush()
}

// littleEndian reports whether the machine keeps a uint16's low byte
// first, as the file does: then the values are read and written as they
// lie in memory.
var littleEndian = func() bool {
	v := uint16(1)
	return *(*byte)(unsafe.Pointer(&v)) == 1
}()

// readHeader reads the header line of a table file of s and returns the
// layer it is computed down to and the header's length.
func readHeader(r io.Reader, s *Shape) (layer int, err error) {
	var buf [headerSize]byte
	if _, err := io.ReadFull(r, buf[:]); err != nil || !strings.HasPrefix(string(buf[:]), header) || buf[headerSize-1] != '\n' {
		return 0, errors.New("not a 2048 endgame table")
	}
	line := strings.TrimSpace(string(buf[len(header):]))
	var layout string
	var a int
	var size uint64
	if _, err := fmt.Sscanf(line, "%s %d %d %d", &layout, &a, &layer, &size); err != nil {
		return 0, fmt.Errorf("bad header %q", line)
	}
	if layout != s.Layout || a != s.A || size != s.size || layer > s.suffix[0] || layer < -2 || layer%2 != 0 {
		return 0, fmt.Errorf("the header %q is not of table %v", line, s)
	}
	return layer, nil
}

// ErrPartial reports a table built only in part: its build was stopped,
// and goes on where it was when built again (BuildCached).
var ErrPartial = errors.New("built in part")

// LoadCached loads the table of s from the cache directory for play,
// mapped from the file where the system can (a process starts at once
// and shares the pages with others): cache.ErrMissing if there is none,
// ErrPartial if it is not whole, and a *cache.DamagedError if it was
// damaged (and set aside).
func LoadCached(dir cache.Dir, s *Shape) (*Table, error) {
	t, err := cache.Load(dir, FileName(s), func(r io.Reader) (*Table, error) {
		return load(r.(*os.File), s, false)
	})
	if err == nil && !t.Whole() {
		return nil, ErrPartial
	}
	return t, err
}

// load reads the table of s from f: mapped, unless it is to be written.
func load(f *os.File, s *Shape, writable bool) (*Table, error) {
	layer, err := readHeader(f, s)
	n := headerSize
	if err != nil {
		return nil, err
	}
	info, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if info.Size() != int64(n)+2*int64(s.size) {
		return nil, fmt.Errorf("%d bytes, where table %v has %d", info.Size(), s, int64(n)+2*int64(s.size))
	}
	read := mapValues
	if writable {
		read = readValues
	}
	values, err := read(f, int64(n), s.size)
	if err != nil {
		return nil, err
	}
	return &Table{Shape: s, values: values, Layer: layer}, nil
}

// readValues reads size values from f at offset, as Write wrote them.
func readValues(f *os.File, offset int64, size uint64) ([]uint16, error) {
	values := make([]uint16, size)
	raw := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(values))), 2*len(values))
	if _, err := f.ReadAt(raw, offset); err != nil {
		return nil, err
	}
	if !littleEndian {
		for i := range values {
			values[i] = uint16(raw[2*i]) | uint16(raw[2*i+1])<<8
		}
	}
	return values, nil
}

// SaveCached writes t to the cache directory, atomically, and returns
// the path.
func SaveCached(dir cache.Dir, t *Table) (string, error) {
	return cache.Save(dir, FileName(t.Shape), t.Write)
}
