#ifndef CZBAR_SHIM_H
#define CZBAR_SHIM_H

#include <zbar.h>

#endif
