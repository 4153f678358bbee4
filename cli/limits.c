/*
 * limits: --max-memory BYTES, the option of the verbs whose memory grows
 * with the input or the options (tower's boards, yut's state spaces,
 * grundy's tables).  BYTES is a decimal integer with an optional suffix K,
 * M or G (powers of 1024; k, m and g too).
 */
#include "cli.h"

#include <stdio.h>
#include <string.h>

int cli_opt_bytes(const struct cli_run *r, int i, size_t *out)
{
	const char *v = r->opt[i];
	uint64_t n = 0, unit = 1;
	size_t len, digits = 0;

	if (!v)
		return CLI_OK;
	len = strlen(v);
	while (digits < len && v[digits] >= '0' && v[digits] <= '9')
		digits++;
	if (digits + 1 == len) {
		switch (v[digits]) {
		case 'K': case 'k': unit = UINT64_C(1) << 10; break;
		case 'M': case 'm': unit = UINT64_C(1) << 20; break;
		case 'G': case 'g': unit = UINT64_C(1) << 30; break;
		default: unit = 0; break;
		}
	} else if (digits != len) {
		unit = 0;
	}
	for (size_t k = 0; unit && k < digits && n <= CLI_MAX_MEMORY_MAX; k++)
		n = n * 10 + (uint64_t)(v[k] - '0');
	if (!unit || digits == 0 || n == 0 || n > CLI_MAX_MEMORY_MAX / unit)
		return cli_usage(r,
				 "invalid value '%s' for --%s: expected a size from 1 to %lluG, "
				 "in bytes or with a suffix K, M or G (512M)",
				 v, r->verb->opts[i].name,
				 (unsigned long long)(CLI_MAX_MEMORY_MAX >> 30));
	*out = (size_t)(n * unit);
	return CLI_OK;
}
