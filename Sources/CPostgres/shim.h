#ifndef GPSBOX_CPOSTGRES_SHIM_H
#define GPSBOX_CPOSTGRES_SHIM_H
/* libpq (Debian libpq-dev): the PostgreSQL client library; its header lives under postgresql/. */
#include <postgresql/libpq-fe.h>
#endif
