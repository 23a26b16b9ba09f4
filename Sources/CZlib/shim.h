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

#endif
