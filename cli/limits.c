/*
 * limits: --max-memory BYTES, the option of the verbs whose memory grows
 * with the input or the options (tower's boards, yut's state spaces,
 * grundy's tables).  BYTES is a decimal integer with an optional suffix K,
 * M or G (powers of 1024; k, m and g too): the library's bl_bytes_parse.
 */
#include "cli.h"

int cli_opt_bytes(const struct cli_run *r, int i, size_t *out)
{
	unsigned long long n;

	if (!r->opt[i])
		return CLI_OK;
	if (!bl_bytes_parse(r->opt[i], CLI_MAX_MEMORY_MAX, &n))
		return cli_usage(r,
				 "invalid value '%s' for --%s: expected a size from 1 to %lluG, "
				 "in bytes or with a suffix K, M or G (512M)",
				 r->opt[i], r->verb->opts[i].name,
				 (unsigned long long)(CLI_MAX_MEMORY_MAX >> 30));
	*out = (size_t)n;
	return CLI_OK;
}
