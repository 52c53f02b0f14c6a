/* libmosquitto against wolfSSL (scripts/cross/mosquitto): wolfSSL has no UI methods. libmosquitto
 * uses them only to ask for an ENGINE key's PIN, and it is built with OPENSSL_NO_ENGINE, so these
 * stand-ins make and hand on no method. */
#ifndef GPSBOX_WOLFSSL_UI_H
#define GPSBOX_WOLFSSL_UI_H
#include <stddef.h>
typedef struct gpsbox_ui UI;
typedef struct gpsbox_ui_method UI_METHOD;
typedef struct gpsbox_ui_string UI_STRING;
typedef int (*gpsbox_ui_fn)(UI *);
typedef int (*gpsbox_ui_string_fn)(UI *, UI_STRING *);
static inline UI_METHOD *UI_OpenSSL(void) { return NULL; }
static inline UI_METHOD *UI_create_method(const char *name) { (void)name; return NULL; }
static inline void UI_destroy_method(UI_METHOD *method) { (void)method; }
static inline int UI_method_set_opener(UI_METHOD *m, gpsbox_ui_fn f) { (void)m; (void)f; return -1; }
static inline int UI_method_set_closer(UI_METHOD *m, gpsbox_ui_fn f) { (void)m; (void)f; return -1; }
static inline int UI_method_set_reader(UI_METHOD *m, gpsbox_ui_string_fn f) { (void)m; (void)f; return -1; }
static inline int UI_method_set_writer(UI_METHOD *m, gpsbox_ui_string_fn f) { (void)m; (void)f; return -1; }
static inline gpsbox_ui_fn UI_method_get_opener(const UI_METHOD *m) { (void)m; return NULL; }
static inline gpsbox_ui_fn UI_method_get_closer(const UI_METHOD *m) { (void)m; return NULL; }
static inline gpsbox_ui_string_fn UI_method_get_reader(const UI_METHOD *m) { (void)m; return NULL; }
static inline gpsbox_ui_string_fn UI_method_get_writer(const UI_METHOD *m) { (void)m; return NULL; }
#endif
