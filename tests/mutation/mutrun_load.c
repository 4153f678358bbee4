/*
 * A solution as a shared object, and its state put back before every run.
 * A run calls the solution's renamed main in the worker process itself, so
 * what main changes must be undone: the object's writable data (.data,
 * .bss), copied right after loading and copied back before each run (the
 * part made read-only after relocation, RELRO, is left alone).  libc's
 * stdio state is reset by the runner.  dl_iterate_phdr is a GNU and BSD
 * extension, hence _GNU_SOURCE here only.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mutrun.h"

struct find {
	uintptr_t fn;                 /* an address inside the object */
	struct mut_solution *so;
	int found;
};

/* Adds [lo, hi) minus the RELRO range [rlo, rhi) as segments of so. */
static void add_range(struct mut_solution *so, uintptr_t lo, uintptr_t hi, uintptr_t rlo,
		      uintptr_t rhi)
{
	if (rlo < rhi && rlo <= lo && rhi > lo)
		lo = rhi < hi ? rhi : hi;
	if (lo >= hi || so->nseg == MUT_SEGMENTS)
		return;
	so->seg[so->nseg].addr = (char *)lo;
	so->seg[so->nseg].len = hi - lo;
	so->nseg++;
}

static int find_object(struct dl_phdr_info *info, size_t size, void *ctx)
{
	struct find *f = ctx;
	uintptr_t rlo = 0, rhi = 0;
	int mine = 0;

	(void)size;
	for (int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		uintptr_t lo = info->dlpi_addr + ph->p_vaddr, hi = lo + ph->p_memsz;
		if (ph->p_type == PT_LOAD && f->fn >= lo && f->fn < hi)
			mine = 1;
		if (ph->p_type == PT_GNU_RELRO) {
			rlo = lo;
			rhi = hi;
		}
	}
	if (!mine)
		return 0;
	for (int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		uintptr_t lo = info->dlpi_addr + ph->p_vaddr;
		if (ph->p_type == PT_LOAD && (ph->p_flags & PF_W))
			add_range(f->so, lo, lo + ph->p_memsz, rlo, rhi);
	}
	f->found = 1;
	return 1;
}

int mut_solution_load(struct mut_solution *so, const char *path)
{
	memset(so, 0, sizeof *so);
	so->handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	if (!so->handle)
		return 0;
	union {
		void *p;
		mut_main_fn fn;
	} u = { .p = dlsym(so->handle, "solution_main") };
	struct find f = { (uintptr_t)u.p, so, 0 };
	so->fn = u.fn;
	if (!so->fn || !dl_iterate_phdr(find_object, &f) || !f.found) {
		mut_solution_release(so);
		return 0;
	}
	for (int i = 0; i < so->nseg; i++) {
		so->seg[i].copy = malloc(so->seg[i].len);
		if (!so->seg[i].copy) {
			mut_solution_release(so);
			return 0;
		}
		memcpy(so->seg[i].copy, so->seg[i].addr, so->seg[i].len);
	}
	return 1;
}

void mut_solution_reset(const struct mut_solution *so)
{
	for (int i = 0; i < so->nseg; i++)
		memcpy(so->seg[i].addr, so->seg[i].copy, so->seg[i].len);
}

void mut_solution_release(struct mut_solution *so)
{
	for (int i = 0; i < so->nseg; i++)
		free(so->seg[i].copy);
	if (so->handle)
		dlclose(so->handle);
	memset(so, 0, sizeof *so);
}

const char *mut_load_error(void)
{
	const char *e = dlerror();

	return e ? e : "no solution_main in it";
}
