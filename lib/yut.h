/* yut: placeholder until the module lands. */
#ifndef BOARDLAB_YUT_H
#define BOARDLAB_YUT_H
#endif
