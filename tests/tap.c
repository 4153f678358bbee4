#include "tap.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static int count, failed;

static bool report(const char *file, int line, bool cond, const char *fmt, va_list ap)
{
	count++;
	printf("%sok %d - ", cond ? "" : "not ", count);
	vprintf(fmt, ap);
	putchar('\n');
	if (!cond) {
		failed++;
		printf("#   failed at %s:%d\n", file, line);
	}
	fflush(stdout);
	return cond;
}

bool tap_ok_at(const char *file, int line, bool cond, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	report(file, line, cond, fmt, ap);
	va_end(ap);
	return cond;
}

bool tap_int_at(const char *file, int line, long long got, long long want, const char *fmt, ...)
{
	va_list ap;
	bool cond = got == want;
	va_start(ap, fmt);
	report(file, line, cond, fmt, ap);
	va_end(ap);
	if (!cond)
		printf("#      got: %lld\n#     want: %lld\n", got, want);
	return cond;
}

bool tap_str_at(const char *file, int line, const char *got, const char *want, const char *fmt,
		...)
{
	va_list ap;
	bool cond = got && want ? strcmp(got, want) == 0 : got == want;
	va_start(ap, fmt);
	report(file, line, cond, fmt, ap);
	va_end(ap);
	if (!cond)
		printf("#      got: '%s'\n#     want: '%s'\n", got ? got : "(null)",
		       want ? want : "(null)");
	return cond;
}

void tap_diag(const char *fmt, ...)
{
	va_list ap;
	fputs("# ", stdout);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
}

int tap_failed(void)
{
	return failed;
}

int tap_done(void)
{
	printf("1..%d\n", count);
	return failed ? 1 : 0;
}
