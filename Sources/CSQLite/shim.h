#ifndef CSQLITE_SHIM_H
#define CSQLITE_SHIM_H

#include <sqlite3.h>

/// SQLITE_TRANSIENT is a macro around a cast that Swift cannot import.
static inline sqlite3_destructor_type csqlite_transient(void) {
  return (sqlite3_destructor_type)-1;
}

#endif
