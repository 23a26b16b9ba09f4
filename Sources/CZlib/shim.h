#ifndef CZLIB_SHIM_H
#define CZLIB_SHIM_H

#include <zlib.h>

/// `deflateInit2` is a macro: starts a deflate stream that writes the gzip format (RFC 1952).
static inline int czlib_deflate_init_gzip(z_streamp stream, int level) {
  return deflateInit2(stream, level, Z_DEFLATED, MAX_WBITS + 16, 8, Z_DEFAULT_STRATEGY);
}

/// `inflateInit2` is a macro: starts an inflate stream that reads the gzip or the zlib format,
/// told from its header.
static inline int czlib_inflate_init_gzip(z_streamp stream) {
  return inflateInit2(stream, MAX_WBITS + 32);
}

/// `deflateInit2` is a macro: starts a deflate stream that writes raw deflate (RFC 1951), no
/// header, with a window of `2^window_bits` bytes and `mem_level`'s hash tables.
static inline int czlib_deflate_init_raw(z_streamp stream, int level, int window_bits, int mem_level) {
  return deflateInit2(stream, level, Z_DEFLATED, -window_bits, mem_level, Z_DEFAULT_STRATEGY);
}

/// `inflateInit2` is a macro: starts an inflate stream that reads raw deflate of any window.
static inline int czlib_inflate_init_raw(z_streamp stream) {
  return inflateInit2(stream, -MAX_WBITS);
}

#endif
