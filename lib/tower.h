/* tower: placeholder until the module lands. */
#ifndef BOARDLAB_TOWER_H
#define BOARDLAB_TOWER_H
#endif
