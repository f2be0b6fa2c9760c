package ntuple

import (
	"bufio"
	"bytes"
	"compress/flate"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math"
	"runtime"
	"sync"
	"sync/atomic"

	"gamelab/internal/cache"
)

// FileName is the network's file in the cache directory.
const FileName = "2048-ntuple.net"

// magic opens a network file; the digit is the format's version. Version
// 1 held one stage; 2, never released, two in use; 3 the number in use,
// the weights in one compressed stream; 4 a stream a tuple, so that the
// tuples are decoded on all cores at once.
const (
	magic   = "gamelab 2048 n-tuple 4\n"
	magicV3 = "gamelab 2048 n-tuple 3\n"
	magicV2 = "gamelab 2048 n-tuple 2\n"
	magicV1 = "gamelab 2048 n-tuple 1\n"
)

// Save writes n, trained over games games, to w: the magic line, the
// number of stages in use as a byte, the games as 8 bytes, then the
// weights of each tuple of those stages as a segment (writeSegments).
func (n *Network) Save(w io.Writer, games int64) error {
	k := n.stages()
	return save(w, games, magic+string([]byte{byte(k)}), n.all()[:k*Tuples], writeSegments)
}

// save writes a file of the format opened by head: head, the games, and
// weights written by body (writeSegments; the formats before segments
// wrote writeRecords).
func save(w io.Writer, games int64, head string, weights [][]atomic.Uint32, body func(io.Writer, [][]atomic.Uint32) error) error {
	if _, err := io.WriteString(w, head); err != nil {
		return err
	}
	if err := binary.Write(w, binary.LittleEndian, games); err != nil {
		return err
	}
	return body(w, weights)
}

// writeSegments writes each tuple of weights as a segment: its length in
// bytes (8, little endian), then the tuple's records compressed
// (writeRecords). Compressing them on all cores at once saved nothing
// measurable (1.55-1.72 s against 1.35-1.60 for a network of two stages,
// 197 MB), and held them all in memory.
func writeSegments(w io.Writer, weights [][]atomic.Uint32) error {
	var seg bytes.Buffer
	for i := range weights {
		seg.Reset()
		if err := writeRecords(&seg, weights[i:i+1]); err != nil {
			return err
		}
		if err := binary.Write(w, binary.LittleEndian, uint64(seg.Len())); err != nil {
			return err
		}
		if _, err := seg.WriteTo(w); err != nil {
			return err
		}
	}
	return nil
}

// writeRecords writes weights to w compressed, followed by the CRC-32 of
// the bytes compressed. Most weights are zero (the tuples' contents never
// seen), so the weights are written as records, each the number of zero
// weights skipped (a uvarint) and a weight (its float32 bits, little
// endian); a last skip reaches the end.
func writeRecords(w io.Writer, weights [][]atomic.Uint32) error {
	z, err := flate.NewWriter(w, flate.BestSpeed)
	if err != nil {
		return err
	}
	crc := crc32.NewIEEE()
	out := io.MultiWriter(z, crc)
	buf := make([]byte, 0, 1<<16)
	skip := uint64(0)
	for _, ws := range weights {
		for i := range ws {
			bits := ws[i].Load()
			if bits == 0 {
				skip++
				continue
			}
			buf = binary.AppendUvarint(buf, skip)
			buf = binary.LittleEndian.AppendUint32(buf, bits)
			skip = 0
			if len(buf) > cap(buf)-16 {
				if _, err := out.Write(buf); err != nil {
					return err
				}
				buf = buf[:0]
			}
		}
	}
	buf = binary.AppendUvarint(buf, skip)
	if _, err := out.Write(buf); err != nil {
		return err
	}
	if err := binary.Write(z, binary.LittleEndian, crc.Sum32()); err != nil {
		return err
	}
	return z.Close()
}

// Load reads a network written by Save, or by an earlier version, and the
// games it was trained over.
func Load(r io.Reader) (*Network, int64, error) {
	at, start := randomAccess(r)
	br := bufio.NewReader(r)
	head, stages, games, err := readHeader(br)
	if err != nil {
		return nil, 0, err
	}
	n := New()
	if stages == 2 {
		n.allocate(1)
	}
	w := n.all()[:stages*Tuples]
	if head == magic {
		err = readSegments(br, at, start+headSize(magic), w)
	} else {
		err = readStream(br, w)
	}
	if err != nil {
		return nil, 0, err
	}
	n.staged = stages == 2
	return n, games, nil
}

// Games reads the games a network written by Save was trained over from
// its header alone, without its weights (hundreds of megabytes).
func Games(r io.Reader) (int64, error) {
	_, _, games, err := readHeader(bufio.NewReader(r))
	return games, err
}

// readHeader reads the header of a network file: its magic line, its
// stages in use and its games.
func readHeader(br *bufio.Reader) (head string, stages int, games int64, err error) {
	b := make([]byte, len(magic))
	if _, err := io.ReadFull(br, b); err != nil {
		return "", 0, 0, errors.New("not a 2048 n-tuple network")
	}
	switch head = string(b); head {
	case magic, magicV3:
		if stages, err = readStages(br, "network's"); err != nil {
			return "", 0, 0, err
		}
	case magicV2:
		stages = 2
	case magicV1:
		stages = 1
	default:
		return "", 0, 0, errors.New("not a 2048 n-tuple network of this version")
	}
	if games, err = readGames(br, "network's"); err != nil {
		return "", 0, 0, err
	}
	return head, stages, games, nil
}

// headSize returns the size of the header of a file opened by magic:
// the magic line, the stages in use (a byte) and the games (8 bytes).
func headSize(magic string) int64 { return int64(len(magic)) + 1 + 8 }

// readStages reads the number of stages in use of a file's header; whose
// names what the file holds in errors ("network's", "rates'").
func readStages(br *bufio.Reader, whose string) (int, error) {
	k, err := br.ReadByte()
	if err != nil || k < 1 || k > Stages {
		return 0, fmt.Errorf("the %s number of stages is missing or wrong", whose)
	}
	return int(k), nil
}

// readGames reads the games of a file's header, as readStages.
func readGames(br *bufio.Reader, whose string) (int64, error) {
	var games int64
	if err := binary.Read(br, binary.LittleEndian, &games); err != nil || games < 0 {
		return 0, fmt.Errorf("the %s header is cut short or wrong", whose)
	}
	return games, nil
}

// readSegments reads into w the segments writeSegments writes after the
// header, a tuple each, and the end of the file, decoding them on all
// cores at once: at offset off of at if at is not nil, else from br, where
// each is copied before it is decoded, with at most one a core waiting.
func readSegments(br *bufio.Reader, at io.ReaderAt, off int64, w [][]atomic.Uint32) error {
	errs := make([]error, len(w))
	slots := make(chan struct{}, runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	defer wg.Wait()
	for i := range w {
		cut := func() error { return fmt.Errorf("the weights are cut short: tuple %d of %d", i+1, len(w)) }
		var size uint64
		var seg io.Reader
		if at != nil {
			var b [8]byte
			if _, err := at.ReadAt(b[:], off); err != nil {
				return cut()
			}
			size = binary.LittleEndian.Uint64(b[:])
			if size > math.MaxInt64-uint64(off)-8 {
				return cut()
			}
			seg = io.NewSectionReader(at, off+8, int64(size))
			off += 8 + int64(size)
		} else {
			if err := binary.Read(br, binary.LittleEndian, &size); err != nil {
				return cut()
			}
			// Copied as it comes, so that a wrong size asks for no
			// more memory than the file holds.
			var buf bytes.Buffer
			if _, err := io.CopyN(&buf, br, int64(min(size, math.MaxInt64))); err != nil {
				return cut()
			}
			seg = &buf
		}
		slots <- struct{}{}
		wg.Go(func() {
			defer func() { <-slots }()
			if err := readRecords(bufio.NewReaderSize(seg, 1<<16), w[i:i+1]); err != nil {
				errs[i] = fmt.Errorf("tuple %d of %d: %w", i+1, len(w), err)
			}
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return err
	}
	var b [1]byte
	if at != nil {
		if n, _ := at.ReadAt(b[:], off); n > 0 {
			return errors.New("data after the weights")
		}
	} else if _, err := br.ReadByte(); err != io.EOF {
		return errors.New("data after the weights")
	}
	return nil
}

// randomAccess returns r as an io.ReaderAt, with its offset, if it is a
// file or another reader that is one and can say where it is.
func randomAccess(r io.Reader) (io.ReaderAt, int64) {
	at, ok := r.(io.ReaderAt)
	s, ok2 := r.(io.Seeker)
	if !ok || !ok2 {
		return nil, 0
	}
	off, err := s.Seek(0, io.SeekCurrent)
	if err != nil {
		return nil, 0
	}
	return at, off
}

// readStream reads into w, from br, the weights as versions 1 to 3 wrote
// them (writeRecords over all tuples at once), and the end of the file.
func readStream(br *bufio.Reader, w [][]atomic.Uint32) error {
	defer touch(w)()
	if err := readRecords(br, w); err != nil {
		return err
	}
	if _, err := br.ReadByte(); err != io.EOF {
		return errors.New("data after the weights")
	}
	return nil
}

// readRecords reads into w, from r, the compressed records writeRecords
// writes, their checksum, and the end of the compressed data.
func readRecords(r io.Reader, w [][]atomic.Uint32) error {
	z := flate.NewReader(r)
	defer z.Close()
	in := bufio.NewReaderSize(z, 1<<16)
	// The checksum covers the records as written; they are written back
	// into seen to be summed in batches.
	crc := crc32.NewIEEE()
	seen := make([]byte, 0, 1<<16)
	total := uint64(len(w)) * Weights
	var bits [4]byte
	for pos := uint64(0); ; pos++ {
		skip, err := binary.ReadUvarint(in)
		if err != nil {
			return fmt.Errorf("the weights are cut short: %w", err)
		}
		if skip > total-pos {
			return errors.New("more weights than the network has")
		}
		seen = binary.AppendUvarint(seen, skip)
		if pos += skip; pos == total {
			break
		}
		if _, err := io.ReadFull(in, bits[:]); err != nil {
			return fmt.Errorf("the weights are cut short: %w", err)
		}
		seen = append(seen, bits[:]...)
		if len(seen) > cap(seen)-16 {
			crc.Write(seen)
			seen = seen[:0]
		}
		v := binary.LittleEndian.Uint32(bits[:])
		if f := float64(math.Float32frombits(v)); math.IsNaN(f) || math.IsInf(f, 0) {
			return errors.New("a weight is not a number")
		}
		w[pos/Weights][pos%Weights].Store(v)
	}
	crc.Write(seen)
	var sum uint32
	if err := binary.Read(in, binary.LittleEndian, &sum); err != nil {
		return errors.New("the checksum is missing")
	}
	if sum != crc.Sum32() {
		return errors.New("the checksum does not match the weights")
	}
	if _, err := in.ReadByte(); err != io.EOF {
		return errors.New("data after the checksum")
	}
	return nil
}

// touch writes to every page of w, on a goroutine of its own, and
// returns a function that waits for it to end: for the files of one
// stream (readStream), which one goroutine decodes. The weights are
// fresh memory, which the kernel maps a page at a time as it is first
// written; another core takes those faults far faster than the decoder
// writes, so it stays ahead. Adding 0 writes the page and leaves a
// weight the decoder stored as it was. Segments decoded on every core
// leave no core for touch, so they do without it. Measured in
// docs/notes/2048-code.md#ntuple-touch.
func touch(w [][]atomic.Uint32) (wait func()) {
	done := make(chan struct{})
	go func() {
		defer close(done)
		const perPage = 4096 / 4
		for _, ws := range w {
			for i := 0; i < len(ws); i += perPage {
				ws[i].Add(0)
			}
		}
	}()
	return func() { <-done }
}

// all returns the weights of every stage's tuples, in order.
func (n *Network) all() [][]atomic.Uint32 {
	w := make([][]atomic.Uint32, 0, Stages*Tuples)
	for s := range n.w {
		w = append(w, n.w[s][:]...)
	}
	return w
}

// LoadCached returns the network cached in dir and its games. It fails
// with cache.ErrMissing if there is none, and with a *cache.DamagedError,
// having moved the file aside, if it cannot be used.
func LoadCached(dir cache.Dir) (*Network, int64, error) {
	return loadCached(dir, FileName, Load)
}

// CachedGames returns the games the network cached in dir was trained
// over, reading its header alone; it fails as LoadCached does.
func CachedGames(dir cache.Dir) (int64, error) {
	_, games, err := loadCached(dir, FileName, func(r io.Reader) (struct{}, int64, error) {
		games, err := Games(r)
		return struct{}{}, games, err
	})
	return games, err
}

// SaveCached writes n, trained over games games, to dir, atomically, and
// returns the file's path.
func SaveCached(dir cache.Dir, n *Network, games int64) (string, error) {
	return cache.Save(dir, FileName, func(w io.Writer) error { return n.Save(w, games) })
}

// RatesFileName is the file, beside the network's, of the rates it
// learns by (Rates), if it learns by temporal coherence.
const RatesFileName = "2048-ntuple.rates"

// ratesMagic opens a file of rates; version 1 held them in one stream, as
// networks of version 3.
const (
	ratesMagic   = "gamelab 2048 n-tuple rates 2\n"
	ratesMagicV1 = "gamelab 2048 n-tuple rates 1\n"
)

// SaveRates writes r, kept over games games, to w as Save writes a
// network: the magic line, the number of stages in use as a byte, the
// games as 8 bytes, then each weight's sum of changes and then of sizes
// (as Rates.all orders them) in Save's segments.
func SaveRates(w io.Writer, r *Rates, games int64) error {
	return save(w, games, ratesMagic+string([]byte{byte(r.stages())}), r.all(), writeSegments)
}

// LoadRates reads rates written by SaveRates and the games they were
// kept over.
func LoadRates(rd io.Reader) (*Rates, int64, error) {
	at, start := randomAccess(rd)
	br := bufio.NewReader(rd)
	head := make([]byte, len(ratesMagic))
	if _, err := io.ReadFull(br, head); err != nil || string(head) != ratesMagic && string(head) != ratesMagicV1 {
		return nil, 0, errors.New("not the rates of a 2048 n-tuple network")
	}
	k, err := readStages(br, "rates'")
	if err != nil {
		return nil, 0, err
	}
	games, err := readGames(br, "rates'")
	if err != nil {
		return nil, 0, err
	}
	r := NewRates()
	if k == 2 {
		r.allocate(1)
		r.staged = true
	}
	if string(head) == ratesMagicV1 {
		err = readStream(br, r.all())
	} else {
		err = readSegments(br, at, start+headSize(ratesMagic), r.all())
	}
	if err != nil {
		return nil, 0, err
	}
	return r, games, nil
}

// LoadRatesCached returns the rates cached in dir and their games, as
// LoadCached the network.
func LoadRatesCached(dir cache.Dir) (*Rates, int64, error) {
	return loadCached(dir, RatesFileName, LoadRates)
}

// SaveRatesCached writes r, kept over games games, to dir, atomically,
// and returns the file's path.
func SaveRatesCached(dir cache.Dir, r *Rates, games int64) (string, error) {
	return cache.Save(dir, RatesFileName, func(w io.Writer) error { return SaveRates(w, r, games) })
}

// loadCached reads the file name of dir with load. It fails with
// cache.ErrMissing if there is none, and with a *cache.DamagedError,
// having moved the file aside, if load cannot use it.
func loadCached[T any](dir cache.Dir, name string, load func(io.Reader) (T, int64, error)) (T, int64, error) {
	type loaded struct {
		v     T
		games int64
	}
	l, err := cache.Load(dir, name, func(r io.Reader) (loaded, error) {
		v, games, err := load(r)
		return loaded{v, games}, err
	})
	return l.v, l.games, err
}
