// SPDX-License-Identifier: MIT
/*
 * tests/tmpdir.c - a fresh folder for a test's output files (see
 * tmpdir.h), linked into every test binary beside the runner.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tests/tmpdir.h"

int tmpdir_make(char *dir, const char *name)
{
	snprintf(dir, 64, "/tmp/kstruct-test-%.24s-XXXXXX", name);
	return mkdtemp(dir) ? 0 : -1;
}

static int real_entry(const struct dirent *d)
{
	return strcmp(d->d_name, ".") && strcmp(d->d_name, "..");
}

const char *tmpdir_list(const char *dir)
{
	static char out[4096];
	struct dirent **names;
	size_t len = 0;
	int n, i;

	out[0] = '\0';
	n = scandir(dir, &names, real_entry, alphasort);
	for (i = 0; i < n; i++) {
		if (len < sizeof(out))
			len += snprintf(out + len, sizeof(out) - len, "%s%s",
					len ? " " : "", names[i]->d_name);
		free(names[i]);
	}
	if (n >= 0)
		free(names);
	return out;
}

int tmpdir_count(const char *dir)
{
	struct dirent **names;
	int n = scandir(dir, &names, real_entry, alphasort), i;

	for (i = 0; i < n; i++)
		free(names[i]);
	if (n >= 0)
		free(names);
	return n;
}

void tmpdir_remove(const char *dir)
{
	struct dirent **names;
	char path[4352];
	int n = scandir(dir, &names, real_entry, alphasort), i;

	for (i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, names[i]->d_name);
		unlink(path);
		free(names[i]);
	}
	if (n >= 0)
		free(names);
	rmdir(dir);
}
