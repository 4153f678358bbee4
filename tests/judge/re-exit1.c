/*
 * 17825 (dice yut): the correct answer of 17825.c, then exit status 1.
 * Expected verdict: RE (a non-zero exit status fails the run even after
 * correct output, as the judge did).
 */
int correct_main(void);

#define main correct_main
#include "17825.c"
#undef main

int main(void)
{
	correct_main();
	return 1;
}
