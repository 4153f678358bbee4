/* lib/witness_table.c: written by `make witnesses` (build/tests/t-witness --write); do not edit. */
#include "mistake_impl.h"

const struct bl_witness bl_witness_table[] = {
	{ "17780", "end-of-turn", BL_WITNESS_NONE, 0, NULL },
	{ "17780", "blue-no-recheck", BL_WITNESS_SEARCH, 1,
	  "4 4\n"
	  "0 0 0 0\n"
	  "0 0 0 0\n"
	  "0 0 0 0\n"
	  "0 0 2 0\n"
	  "1 4 3\n"
	  "2 4 4\n"
	  "4 4 1\n"
	  "3 4 4\n" },
	{ "17780", "red-whole-stack", BL_WITNESS_SEARCH, 1,
	  "4 4\n"
	  "0 0 0 0\n"
	  "0 0 0 0\n"
	  "0 0 0 0\n"
	  "0 0 0 1\n"
	  "1 4 3\n"
	  "2 4 4\n"
	  "4 3 1\n"
	  "4 4 3\n" },
	{ "17780", "limit-off-by-one", BL_WITNESS_SUITE, 0,
	  "12 5\n"
	  "0 0 0 2 1 2 1 0 1 0 2 0\n"
	  "0 2 2 2 2 0 0 1 0 0 2 0\n"
	  "2 1 2 0 0 2 0 0 2 2 0 1\n"
	  "1 0 2 2 1 1 2 1 0 0 0 1\n"
	  "0 1 0 0 0 0 1 1 0 0 0 0\n"
	  "2 0 0 0 0 0 2 1 1 0 0 1\n"
	  "1 1 0 0 0 2 0 2 0 0 0 1\n"
	  "2 0 0 0 0 2 2 1 0 1 1 1\n"
	  "0 1 0 0 0 2 0 0 1 1 0 1\n"
	  "0 0 0 0 0 2 0 0 1 0 0 2\n"
	  "0 1 2 0 0 0 0 1 0 0 1 1\n"
	  "2 0 2 2 0 0 0 0 0 1 0 0\n"
	  "6 8 3\n"
	  "3 4 3\n"
	  "12 7 4\n"
	  "9 11 2\n"
	  "4 5 3\n" },
	{ "17780", "limit-1001", BL_WITNESS_SUITE, 0,
	  "10 4\n"
	  "2 1 0 2 1 1 2 0 1 0\n"
	  "0 1 0 0 1 0 0 1 0 0\n"
	  "2 0 1 1 2 0 2 1 0 0\n"
	  "0 0 2 2 0 1 2 0 0 0\n"
	  "0 0 2 0 0 2 0 1 0 0\n"
	  "2 0 0 0 0 0 1 2 0 1\n"
	  "0 1 0 0 1 0 0 0 1 1\n"
	  "0 0 0 0 1 0 1 0 0 0\n"
	  "1 0 0 0 0 1 0 1 1 0\n"
	  "2 0 1 0 0 0 1 1 0 2\n"
	  "7 3 4\n"
	  "9 10 1\n"
	  "10 2 2\n"
	  "1 10 4\n" },
	{ "17780", "any-piece-moves", BL_WITNESS_SEARCH, 2,
	  "4 4\n"
	  "0 0 0 0\n"
	  "0 0 0 0\n"
	  "0 0 0 0\n"
	  "0 0 0 0\n"
	  "1 1 1\n"
	  "1 2 1\n"
	  "1 3 2\n"
	  "2 1 3\n" },
	{ "17780", "skip-new-bottom", BL_WITNESS_SEARCH, 2,
	  "4 4\n"
	  "0 0 0 0\n"
	  "0 0 0 0\n"
	  "0 0 0 0\n"
	  "0 0 0 1\n"
	  "1 3 1\n"
	  "1 4 3\n"
	  "4 2 1\n"
	  "3 3 4\n" },
	{ "17837", "end-of-turn", BL_WITNESS_SEARCH, 2,
	  "4 4\n"
	  "0 0 0 0\n"
	  "0 0 0 0\n"
	  "0 0 0 0\n"
	  "0 0 0 0\n"
	  "1 1 1\n"
	  "1 2 1\n"
	  "1 4 1\n"
	  "2 4 3\n" },
	{ "17837", "blue-no-recheck", BL_WITNESS_SEARCH, 1,
	  "4 4\n"
	  "0 0 0 0\n"
	  "0 0 0 0\n"
	  "0 0 0 0\n"
	  "0 0 2 0\n"
	  "1 4 3\n"
	  "2 4 4\n"
	  "4 4 1\n"
	  "3 4 4\n" },
	{ "17837", "blue-forget-dir", BL_WITNESS_SEARCH, 2,
	  "4 4\n"
	  "0 0 0 0\n"
	  "0 0 0 0\n"
	  "0 0 0 0\n"
	  "0 0 0 0\n"
	  "1 1 1\n"
	  "1 2 1\n"
	  "2 4 3\n"
	  "4 4 4\n" },
	{ "17837", "blue-then-red", BL_WITNESS_SEARCH, 2,
	  "4 4\n"
	  "0 0 0 0\n"
	  "0 0 0 0\n"
	  "0 0 0 0\n"
	  "0 0 1 0\n"
	  "1 2 3\n"
	  "3 1 1\n"
	  "3 4 4\n"
	  "4 4 1\n" },
	{ "17837", "red-whole-stack", BL_WITNESS_SEARCH, 1,
	  "4 4\n"
	  "0 0 0 0\n"
	  "0 0 0 0\n"
	  "0 0 0 0\n"
	  "0 0 0 1\n"
	  "1 4 3\n"
	  "2 4 4\n"
	  "4 3 1\n"
	  "4 4 3\n" },
	{ "17837", "carry-alone", BL_WITNESS_SEARCH, 1,
	  "4 4\n"
	  "0 0 0 0\n"
	  "0 0 0 0\n"
	  "0 0 0 0\n"
	  "0 0 0 0\n"
	  "1 1 1\n"
	  "1 2 1\n"
	  "1 3 1\n"
	  "1 4 1\n" },
	{ "17837", "limit-off-by-one", BL_WITNESS_SUITE, 0,
	  "10 8\n"
	  "1 0 1 0 0 0 1 0 1 1\n"
	  "0 1 0 0 0 0 0 0 1 0\n"
	  "0 0 1 0 0 0 0 1 1 0\n"
	  "0 0 1 0 0 0 1 0 0 0\n"
	  "0 0 1 0 0 0 0 0 1 0\n"
	  "0 0 0 0 0 0 0 0 0 0\n"
	  "0 0 0 0 0 0 0 0 1 0\n"
	  "0 0 0 0 0 0 0 0 0 0\n"
	  "0 0 0 0 0 0 0 1 0 0\n"
	  "0 0 0 0 1 0 0 0 0 0\n"
	  "8 6 1\n"
	  "3 7 3\n"
	  "2 4 4\n"
	  "3 4 3\n"
	  "3 2 2\n"
	  "8 2 1\n"
	  "10 2 2\n"
	  "6 8 3\n" },
	{ "17837", "limit-1001", BL_WITNESS_SUITE, 0,
	  "7 4\n"
	  "0 2 0 0 0 0 0\n"
	  "0 0 0 0 0 2 0\n"
	  "0 0 0 0 0 0 2\n"
	  "0 0 0 0 0 0 0\n"
	  "0 0 0 0 0 0 0\n"
	  "0 0 0 0 0 0 0\n"
	  "2 0 0 0 0 0 2\n"
	  "1 5 1\n"
	  "7 1 1\n"
	  "3 6 3\n"
	  "5 2 4\n" },
	{ "17837", "cycle-ignores-order", BL_WITNESS_SUITE, 0,
	  "4 4\n"
	  "0 0 0 0\n"
	  "0 0 0 0\n"
	  "0 0 0 0\n"
	  "0 0 0 0\n"
	  "2 3 2\n"
	  "3 4 4\n"
	  "1 1 2\n"
	  "3 2 2\n" },
	{ "17837", "dir-swap", BL_WITNESS_SEARCH, 1,
	  "4 4\n"
	  "0 0 0 0\n"
	  "0 0 0 0\n"
	  "0 0 0 0\n"
	  "0 0 0 0\n"
	  "1 1 1\n"
	  "1 2 1\n"
	  "1 3 1\n"
	  "2 4 3\n" },
	{ "17825", "finished-may-pass", BL_WITNESS_SEARCH, 0,
	  "5 5 1 1 1 1 1 4 4 3\n" },
	{ "17825", "end-blocks", BL_WITNESS_SEARCH, 0,
	  "5 5 1 5 5 5 5 5 3 3\n" },
	{ "17825", "blue-when-passing", BL_WITNESS_SEARCH, 0,
	  "1 1 1 1 1 1 1 2 4 5\n" },
	{ "17825", "forty-twice", BL_WITNESS_SEARCH, 0,
	  "1 1 1 3 2 5 5 5 4 5\n" },
	{ "17825", "shared-by-score", BL_WITNESS_SEARCH, 0,
	  "1 1 1 1 1 1 1 4 4 5\n" },
	{ "17825", "greedy", BL_WITNESS_SEARCH, 0,
	  "1 1 1 1 1 1 1 1 1 4\n" },
	{ "17825", "no-restore", BL_WITNESS_SEARCH, 0,
	  "1 1 1 1 1 1 1 1 1 4\n" },
	{ "16880", "palace-x1", BL_WITNESS_SEARCH, 102,
	  "1\n"
	  "1 1 P\n" },
	{ "16880", "knight-wrong", BL_WITNESS_SEARCH, 102,
	  "1\n"
	  "1 1 N\n" },
	{ "16880", "king-wrong", BL_WITNESS_SEARCH, 204,
	  "2\n"
	  "0 1 R\n"
	  "1 2 K\n" },
	{ "16880", "sum-not-xor", BL_WITNESS_SEARCH, 202,
	  "2\n"
	  "0 1 R\n"
	  "0 1 R\n" },
	{ "16880", "names-swapped", BL_WITNESS_SEARCH, 100,
	  "1\n"
	  "0 0 R\n" },
	{ "16880", "palace-x1-formula", BL_WITNESS_SEARCH, 102,
	  "1\n"
	  "1 1 P\n" },
	{ "16880", "xor-precedence", BL_WITNESS_SEARCH, 104,
	  "1\n"
	  "0 4 P\n" },
	{ "16879", "palace-x1", BL_WITNESS_SEARCH, 102,
	  "1\n"
	  "1 1\n" },
	{ "16879", "names-swapped", BL_WITNESS_SEARCH, 100,
	  "1\n"
	  "0 0\n" },
	{ "16879", "formula-no-xor", BL_WITNESS_SEARCH, 106,
	  "1\n"
	  "3 3\n" },
	{ "16879", "palace-x1-formula", BL_WITNESS_SEARCH, 102,
	  "1\n"
	  "1 1\n" },
	{ "16879", "xor-precedence", BL_WITNESS_SEARCH, 104,
	  "1\n"
	  "0 4\n" },
	{ "11559", "group-as-chain", BL_WITNESS_SEARCH, 802,
	  "......\n"
	  "......\n"
	  "......\n"
	  "......\n"
	  "......\n"
	  "......\n"
	  "......\n"
	  "......\n"
	  "......\n"
	  "......\n"
	  "....BB\n"
	  "GGGGBB\n" },
	{ "11559", "sequential-pop", BL_WITNESS_SEARCH, 802,
	  "......\n"
	  "......\n"
	  "......\n"
	  "......\n"
	  "......\n"
	  "......\n"
	  "......\n"
	  "......\n"
	  "......\n"
	  "......\n"
	  "....BB\n"
	  "GGGGBB\n" },
	{ "11559", "gravity-one-step", BL_WITNESS_SEARCH, 803,
	  "......\n"
	  "......\n"
	  "......\n"
	  "......\n"
	  "......\n"
	  "......\n"
	  "......\n"
	  "......\n"
	  "......\n"
	  ".....B\n"
	  "...BBG\n"
	  "..BGGG\n" },
	{ "11559", "diagonal", BL_WITNESS_SEARCH, 502,
	  "......\n"
	  "......\n"
	  "......\n"
	  "......\n"
	  "......\n"
	  "......\n"
	  "......\n"
	  "......\n"
	  "......\n"
	  "......\n"
	  ".....B\n"
	  "..BBBG\n" },
	{ "11559", "pop-five", BL_WITNESS_SEARCH, 401,
	  "......\n"
	  "......\n"
	  "......\n"
	  "......\n"
	  "......\n"
	  "......\n"
	  "......\n"
	  "......\n"
	  "......\n"
	  "......\n"
	  "......\n"
	  "..BBBB\n" },
	{ "11559", "dot-colour", BL_WITNESS_SEARCH, 0,
	  "......\n"
	  "......\n"
	  "......\n"
	  "......\n"
	  "......\n"
	  "......\n"
	  "......\n"
	  "......\n"
	  "......\n"
	  "......\n"
	  "......\n"
	  "......\n" },
	{ "11559", "single-pass", BL_WITNESS_SEARCH, 802,
	  "......\n"
	  "......\n"
	  "......\n"
	  "......\n"
	  "......\n"
	  "......\n"
	  "......\n"
	  "......\n"
	  "......\n"
	  "......\n"
	  "...B.B\n"
	  "GGGGBB\n" },
	{ NULL, NULL, BL_WITNESS_NONE, 0, NULL },
};
