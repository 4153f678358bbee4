/*
 * color: the terminal colour choice shared by every text trace and picture
 * (--color WHEN): the library's views take a struct bl_style, and this is
 * where the CLI decides which one; and the --format choices the views share.
 */
#include "cli.h"

#include <stdlib.h>
#include <unistd.h>

const char *const color_names[] = { "auto", "always", "never", NULL };
const char *const cli_formats[] = { "text", "json", NULL };
const char *const cli_render_formats[] = { "text", "json", "svg", NULL };
const char *const cli_trace_formats[] = { "text", "json", "html", NULL };

int cli_color(const struct cli_run *r, int i, bool *on)
{
	int when = 0, status = cli_opt_choice(r, i, color_names, &when);

	if (status != CLI_OK)
		return status;
	if (when == 0)
		*on = isatty(STDOUT_FILENO) && !getenv("NO_COLOR");
	else
		*on = when == 1;
	return CLI_OK;
}

int cli_style(const struct cli_run *r, int i, const struct bl_style **st)
{
	bool on = false;
	int status = cli_color(r, i, &on);

	if (status == CLI_OK)
		*st = on ? bl_style_ansi() : NULL;
	return status;
}
