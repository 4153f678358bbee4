#include "cli.h"

static int demo(struct bl_buf *out)
{
	bl_buf_puts(out, example_puyo);
	return CLI_OK;
}

static const struct cli_verb verbs[] = {
	{ 0 },
};

const struct cli_game puyo_game = { "puyo", "placeholder", verbs, demo };
