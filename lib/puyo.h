/* puyo: placeholder until the module lands. */
#ifndef BOARDLAB_PUYO_H
#define BOARDLAB_PUYO_H
#endif
