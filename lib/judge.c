/*
 * judge: the verdict of a run from what was measured of it, and the rules
 * around it (judge.h).  The report is judge_report.c.
 */
#include "boardlab/judge.h"

#include <signal.h>
#include <stdio.h>

static const struct {
	int sig;
	const char *name;
} signals[] = {
	{ SIGSEGV, "SIGSEGV" }, { SIGABRT, "SIGABRT" }, { SIGFPE, "SIGFPE" },
	{ SIGBUS, "SIGBUS" },   { SIGILL, "SIGILL" },   { SIGKILL, "SIGKILL" },
	{ SIGTERM, "SIGTERM" }, { SIGPIPE, "SIGPIPE" }, { SIGINT, "SIGINT" },
	{ SIGHUP, "SIGHUP" },   { SIGQUIT, "SIGQUIT" }, { SIGTRAP, "SIGTRAP" },
	{ SIGXCPU, "SIGXCPU" }, { SIGXFSZ, "SIGXFSZ" }, { SIGSYS, "SIGSYS" },
	{ SIGALRM, "SIGALRM" }, { SIGUSR1, "SIGUSR1" }, { SIGUSR2, "SIGUSR2" },
};

const char *bl_signal_name(int sig, char *buf, size_t cap)
{
	for (size_t i = 0; i < sizeof signals / sizeof signals[0]; i++)
		if (signals[i].sig == sig)
			return signals[i].name;
	snprintf(buf, cap, "signal %d", sig);
	return buf;
}
