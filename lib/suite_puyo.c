#include "suite_impl.h"

enum bl_code suite_puyo(struct bl_suite *s, struct bl_err *err)
{
	(void)s;
	(void)err;
	return BL_OK;
}
