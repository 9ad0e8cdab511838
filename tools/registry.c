// SPDX-License-Identifier: MIT
/*
 * tools/registry.c - the list of what subsystems register with the
 * kstruct command line (tools/kstruct.h): commands, tour sections,
 * benchmark subjects, drawings and exercises, kept sorted by kind, order
 * and name so every listing comes out the same.  A name is registered
 * once per kind: a second registration (a file linked twice) is a bug in
 * the build, and stops the program before main().
 */
#include <stdio.h>
#include <string.h>

#include "compat/bug.h"
#include "tools/kstruct.h"

static struct kstruct_entry *registry;

void kstruct_register(struct kstruct_entry *entry)
{
	struct kstruct_entry **p = &registry;

	if (kstruct_find(entry->kind, entry->name)) {
		fprintf(stderr, "kstruct: \"%s\" is registered twice\n",
			entry->name);
		BUG();
	}

	while (*p && ((*p)->kind < entry->kind ||
		      ((*p)->kind == entry->kind &&
		       ((*p)->order < entry->order ||
			((*p)->order == entry->order &&
			 strcmp((*p)->name, entry->name) < 0)))))
		p = &(*p)->next;
	entry->next = *p;
	*p = entry;
}

struct kstruct_entry *kstruct_entries(enum kstruct_kind kind)
{
	struct kstruct_entry *e;

	for (e = registry; e; e = e->next)
		if (e->kind == kind)
			return e;
	return NULL;
}

struct kstruct_entry *kstruct_find(enum kstruct_kind kind, const char *name)
{
	struct kstruct_entry *e;

	for (e = kstruct_entries(kind); e && e->kind == kind; e = e->next)
		if (!strcmp(e->name, name))
			return e;
	return NULL;
}

void kstruct_list(FILE *out, enum kstruct_kind kind)
{
	struct kstruct_entry *e;

	for (e = kstruct_entries(kind); e && e->kind == kind; e = e->next)
		fprintf(out, "  %-10s %s\n", e->name, e->summary);
}
