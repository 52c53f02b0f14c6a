/* Heap-allocation counter for the benchmarks (bench/bench-decode, bench/bench-daemon):
 * preloaded with LD_PRELOAD into a dynamically linked gpsbox (the shipped binary is static,
 * so LD_PRELOAD cannot reach its malloc). Counts malloc/calloc/realloc/memalign/
 * aligned_alloc/posix_memalign calls.
 * - gpsbox-bench reads the running count through dlsym("gpsbox_malloc_count").
 * - GPSBOX_MALLOC_COUNT_FILE=PATH: the process's total is written there at exit.
 * - GPSBOX_MALLOC_TRACE_AFTER=N (with GPSBOX_MALLOC_TRACE_LIMIT=M, default 200): the call
 *   stacks of allocations N+1 .. N+M go to stderr (backtrace_symbols_fd), to find what
 *   allocates in steady state.
 * - GPSBOX_MALLOC_TRACE_AFTER_MS=T instead: the stacks of the first M allocations made T ms
 *   or more after start-up (the allocation number is unknown before a run). */
#include <stddef.h>
#include <errno.h>
#include <stdlib.h>
#include <execinfo.h>
#include <time.h>
extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);
static unsigned long long count;
static unsigned long long trace_after = ~0ULL, trace_end;
static __thread int tracing;
static long long trace_after_ms = -1, start_ms;
static long long now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}
unsigned long long gpsbox_malloc_count(void) { return __atomic_load_n(&count, __ATOMIC_RELAXED); }

extern long write(int, const void *, unsigned long);
extern int snprintf(char *, size_t, const char *, ...);
static void trace(unsigned long long n, size_t size) {
    if (trace_after_ms >= 0 && trace_after == ~0ULL && !tracing && now_ms() - start_ms >= trace_after_ms) {
        trace_after = n - 1;
        trace_end = trace_after + (trace_end ? trace_end : 200);
    }
    if (n <= trace_after || n > trace_end || tracing) return;
    tracing = 1;  /* backtrace() may allocate on its first call */
    char line[64];
    int k = snprintf(line, sizeof line, "== malloc %llu (%zu bytes)\n", n, size);
    write(2, line, (unsigned long)k);
    void *frames[24];
    int depth = backtrace(frames, 24);
    backtrace_symbols_fd(frames, depth, 2);
    tracing = 0;
}
#define COUNT(size) trace(__atomic_add_fetch(&count, 1, __ATOMIC_RELAXED), (size))
void *malloc(size_t n) { COUNT(n); return __libc_malloc(n); }
void *calloc(size_t a, size_t b) { COUNT(a * b); return __libc_calloc(a, b); }
void *realloc(void *p, size_t n) { COUNT(n); return __libc_realloc(p, n); }
void *memalign(size_t a, size_t n) { COUNT(n); return __libc_memalign(a, n); }
void *aligned_alloc(size_t a, size_t n) { COUNT(n); return __libc_memalign(a, n); }
int posix_memalign(void **p, size_t a, size_t n) { COUNT(n); *p = __libc_memalign(a, n); return *p ? 0 : ENOMEM; }

extern char *getenv(const char *);
extern int open(const char *, int, ...);
extern int close(int);
__attribute__((constructor)) static void setup(void) {
    const char *after = getenv("GPSBOX_MALLOC_TRACE_AFTER");
    const char *after_ms = getenv("GPSBOX_MALLOC_TRACE_AFTER_MS");
    const char *limit = getenv("GPSBOX_MALLOC_TRACE_LIMIT");
    if (after_ms) {
        start_ms = now_ms();
        trace_after_ms = strtoll(after_ms, NULL, 10);
        trace_end = limit ? strtoull(limit, NULL, 10) : 200;  /* the count; made an end at the start */
        return;
    }
    if (!after) return;
    trace_after = strtoull(after, NULL, 10);
    trace_end = trace_after + (limit ? strtoull(limit, NULL, 10) : 200);
}
/* Whole-process counts: at exit, the total goes to the file $GPSBOX_MALLOC_COUNT_FILE names. */
__attribute__((destructor)) static void report(void) {
    const char *path = getenv("GPSBOX_MALLOC_COUNT_FILE");
    if (!path) return;
    char line[32];
    int n = snprintf(line, sizeof line, "%llu\n", gpsbox_malloc_count());
    int fd = open(path, 01 | 0100 | 01000, 0644);   /* O_WRONLY | O_CREAT | O_TRUNC */
    if (fd >= 0) { write(fd, line, (unsigned long)n); close(fd); }
}
