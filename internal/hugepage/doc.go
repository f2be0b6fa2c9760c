// Package hugepage allocates large slices that Linux backs with
// transparent huge pages, so that filling them costs a page fault every 2
// MiB rather than every 4 KiB. It only allocates: engines may use it and
// stay free of I/O.
package hugepage
