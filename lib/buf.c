#include "boardlab/buf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void bl_buf_init(struct bl_buf *b)
{
	b->data = NULL;
	b->len = 0;
	b->cap = 0;
	b->failed = false;
}

void bl_buf_release(struct bl_buf *b)
{
	if (!b)
		return;
	free(b->data);
	bl_buf_init(b);
}

void bl_buf_reset(struct bl_buf *b)
{
	b->len = 0;
	if (b->data)
		b->data[0] = '\0';
}

bool bl_buf_reserve(struct bl_buf *b, size_t n)
{
	if (b->failed)
		return false;
	if (n < b->cap - b->len)
		return true;
	if (n > (size_t)-1 / 2 - b->len - 1) {
		b->failed = true;
		return false;
	}
	size_t need = b->len + n + 1;
	size_t cap = b->cap ? b->cap : 64;
	while (cap < need)
		cap *= 2;
	char *p = realloc(b->data, cap);
	if (!p) {
		b->failed = true;
		return false;
	}
	b->data = p;
	b->cap = cap;
	return true;
}

void bl_buf_add(struct bl_buf *b, const void *p, size_t n)
{
	if (!bl_buf_reserve(b, n))
		return;
	if (n)
		memcpy(b->data + b->len, p, n);
	b->len += n;
	b->data[b->len] = '\0';
}

void bl_buf_puts(struct bl_buf *b, const char *s)
{
	bl_buf_add(b, s, strlen(s));
}

void bl_buf_putc(struct bl_buf *b, char c)
{
	bl_buf_add(b, &c, 1);
}

void bl_buf_printf(struct bl_buf *b, const char *fmt, ...)
{
	va_list ap;
	char small[256];

	va_start(ap, fmt);
	int n = vsnprintf(small, sizeof small, fmt, ap);
	va_end(ap);
	if (n < 0) {
		b->failed = true;
		return;
	}
	if ((size_t)n < sizeof small) {
		bl_buf_add(b, small, (size_t)n);
		return;
	}
	if (!bl_buf_reserve(b, (size_t)n))
		return;
	va_start(ap, fmt);
	vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	b->len += (size_t)n;
}

void bl_buf_int(struct bl_buf *b, long long v)
{
	char tmp[24];
	size_t i = sizeof tmp;
	unsigned long long u = v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v;

	do {
		tmp[--i] = (char)('0' + u % 10);
		u /= 10;
	} while (u);
	if (v < 0)
		tmp[--i] = '-';
	bl_buf_add(b, tmp + i, sizeof tmp - i);
}

void bl_buf_json_bytes(struct bl_buf *out, const char *p, size_t len)
{
	const unsigned char *s = (const unsigned char *)(p ? p : "");
	size_t i = 0;

	bl_buf_putc(out, '"');
	while (i < len) {
		unsigned c = s[i];
		size_t n = c < 0x80 ? 1 : (c & 0xe0) == 0xc0 ? 2 : (c & 0xf0) == 0xe0 ? 3
			 : (c & 0xf8) == 0xf0 ? 4 : 0;
		bool valid = n > 0 && i + n <= len && !(n == 2 && c < 0xc2);
		for (size_t k = 1; valid && k < n; k++)
			valid = (s[i + k] & 0xc0) == 0x80;
		if (!valid) {
			bl_buf_puts(out, "\\ufffd");
			i++;
		} else if (c == '"' || c == '\\') {
			bl_buf_printf(out, "\\%c", c);
			i++;
		} else if (c < 0x20 || c == 0x7f) {
			bl_buf_printf(out, c == '\n' ? "\\n" : c == '\t' ? "\\t" : "\\u%04x", c);
			i++;
		} else {
			bl_buf_add(out, s + i, n);
			i += n;
		}
	}
	bl_buf_putc(out, '"');
}

void bl_buf_json_str(struct bl_buf *b, const char *s)
{
	static const char hex[] = "0123456789abcdef";

	bl_buf_putc(b, '"');
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		const char *esc = NULL;

		switch (c) {
		case '"': esc = "\\\""; break;
		case '\\': esc = "\\\\"; break;
		case '\n': esc = "\\n"; break;
		case '\t': esc = "\\t"; break;
		case '\r': esc = "\\r"; break;
		case '\b': esc = "\\b"; break;
		case '\f': esc = "\\f"; break;
		default: break;
		}
		if (esc) {
			bl_buf_puts(b, esc);
		} else if (c < 0x20) {
			char u[6] = { '\\', 'u', '0', '0', hex[c >> 4], hex[c & 15] };
			bl_buf_add(b, u, sizeof u);
		} else {
			bl_buf_putc(b, (char)c);
		}
	}
	bl_buf_putc(b, '"');
}
void bl_buf_shell_word(struct bl_buf *b, const char *w)
{
	bool plain = *w != '\0';

	for (const char *c = w; *c && plain; c++)
		plain = strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
			       "0123456789_-./=:,+@%", *c) != NULL;
	if (plain) {
		bl_buf_puts(b, w);
		return;
	}
	bl_buf_putc(b, '\'');
	for (const char *c = w; *c; c++) {
		if (*c == '\'')
			bl_buf_puts(b, "'\\''");
		else
			bl_buf_putc(b, *c);
	}
	bl_buf_putc(b, '\'');
}

void bl_buf_shell_words(struct bl_buf *b, char *const *words)
{
	for (int i = 0; words[i]; i++) {
		if (i)
			bl_buf_putc(b, ' ');
		bl_buf_shell_word(b, words[i]);
	}
}

void bl_buf_shell_printf(struct bl_buf *b, const char *text, size_t len)
{
	bl_buf_puts(b, "printf '");
	for (size_t i = 0; i < len; i++) {
		char c = text[i];
		if (c == '\n')
			bl_buf_puts(b, "\\n");
		else if (c == '\r')
			bl_buf_puts(b, "\\r");
		else if (c == '\t')
			bl_buf_puts(b, "\\t");
		else if (c == '\\')
			bl_buf_puts(b, "\\\\");
		else if (c == '%')
			bl_buf_puts(b, "%%");
		else if (c == '\'')
			bl_buf_puts(b, "'\\''");
		else if ((unsigned char)c < 32 || (unsigned char)c == 127)
			bl_buf_printf(b, "\\%03o", (unsigned char)c);
		else
			bl_buf_putc(b, c);
	}
	bl_buf_putc(b, '\'');
}

bool bl_buf_failed(const struct bl_buf *b)
{
	return b->failed;
}

const struct bl_style *bl_style_ansi(void)
{
	static const struct bl_style ansi = {
		{
			[BL_HUE_RED] = "\033[1;31m",
			[BL_HUE_GREEN] = "\033[1;32m",
			[BL_HUE_BLUE] = "\033[1;34m",
			[BL_HUE_YELLOW] = "\033[1;33m",
			[BL_HUE_PURPLE] = "\033[1;35m",
			[BL_HUE_CYAN] = "\033[1;36m",
			[BL_HUE_WHITE] = "\033[1;37m",
		},
		"\033[0m",
	};
	return &ansi;
}

void bl_buf_span(struct bl_buf *b, const struct bl_style *st, enum bl_hue h)
{
	if (st && st->start[h])
		bl_buf_puts(b, st->start[h]);
}

void bl_buf_span_end(struct bl_buf *b, const struct bl_style *st)
{
	if (st && st->end)
		bl_buf_puts(b, st->end);
}
