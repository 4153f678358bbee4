#include "boardlab/boardlab.h"

const char *bl_version(void)
{
	return BL_VERSION;
}
