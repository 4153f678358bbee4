/* grundy: placeholder until the module lands. */
#ifndef BOARDLAB_GRUNDY_H
#define BOARDLAB_GRUNDY_H
#endif
