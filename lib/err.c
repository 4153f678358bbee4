#include "boardlab/err.h"

#include <stdarg.h>
#include <stdio.h>

static const char *const code_names[] = {
#define BL_CODE_STR(name, text) text,
	BL_CODES(BL_CODE_STR)
#undef BL_CODE_STR
};

void bl_err_clear(struct bl_err *err)
{
	if (!err)
		return;
	err->code = BL_OK;
	err->line = 0;
	err->col = 0;
	err->msg[0] = '\0';
}

const char *bl_code_str(enum bl_code code)
{
	if ((unsigned)code >= BL_CODE_COUNT)
		return "unknown error";
	return code_names[code];
}

static enum bl_code vfail(struct bl_err *err, enum bl_code code, int line, int col,
			  const char *fmt, va_list ap)
{
	if (!err || err->code != BL_OK)
		return code;
	err->code = code;
	err->line = line;
	err->col = col;
	vsnprintf(err->msg, sizeof err->msg, fmt, ap);
	return code;
}

enum bl_code bl_fail(struct bl_err *err, enum bl_code code, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vfail(err, code, 0, 0, fmt, ap);
	va_end(ap);
	return code;
}

enum bl_code bl_fail_at(struct bl_err *err, enum bl_code code, int line, int col,
			const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vfail(err, code, line, col, fmt, ap);
	va_end(ap);
	return code;
}

char *bl_bytes_text(unsigned long long bytes, char *buf)
{
	static const char *const unit[] = { "bytes", "KiB", "MiB", "GiB" };
	int u = 0;

	while (u < 3 && bytes >= 1024 && bytes % 1024 == 0) {
		bytes /= 1024;
		u++;
	}
	snprintf(buf, BL_BYTES_TEXT_MAX, "%llu %s", bytes, unit[u]);
	return buf;
}

char *bl_bytes_text_up(unsigned long long bytes, char *buf)
{
	unsigned long long step = bytes >= (1ull << 20) ? 1ull << 20 : 1ull << 10;

	if (bytes % step)
		bytes += step - bytes % step;
	return bl_bytes_text(bytes, buf);
}

bool bl_bytes_parse(const char *s, unsigned long long max, unsigned long long *out)
{
	unsigned long long n = 0, unit = 1;
	size_t digits = 0;

	while (s[digits] >= '0' && s[digits] <= '9')
		digits++;
	if (s[digits] && s[digits + 1] == '\0') {
		switch (s[digits]) {
		case 'K': case 'k': unit = 1ull << 10; break;
		case 'M': case 'm': unit = 1ull << 20; break;
		case 'G': case 'g': unit = 1ull << 30; break;
		default: unit = 0; break;
		}
	} else if (s[digits]) {
		unit = 0;
	}
	for (size_t k = 0; unit && k < digits && n <= max; k++)
		n = n * 10 + (unsigned long long)(s[k] - '0');
	if (!unit || digits == 0 || n == 0 || n > max / unit)
		return false;
	*out = n * unit;
	return true;
}
