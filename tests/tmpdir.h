/* SPDX-License-Identifier: MIT */
/*
 * tests/tmpdir.h - a fresh folder for a test's output files, and what it
 * holds, for the tests that check which files a run leaves behind.
 */
#ifndef KSTRUCT_TESTS_TMPDIR_H
#define KSTRUCT_TESTS_TMPDIR_H

#include <stddef.h>

/**
 * tmpdir_make() - create a fresh folder /tmp/kstruct-test-@name-XXXXXX
 * @dir: receives its path (at least 64 bytes)
 * @name: a word for the path
 *
 * Return: 0, or -1 when it cannot be created.
 */
int tmpdir_make(char *dir, const char *name);

/**
 * tmpdir_list() - the folder's entries, hidden ones too, sorted
 * @dir: the folder
 *
 * Return: the names separated by single spaces, "" when it is empty
 * (a static buffer, valid until the next call).
 */
const char *tmpdir_list(const char *dir);

/**
 * tmpdir_count() - how many entries the folder holds, hidden ones too
 * @dir: the folder
 *
 * Return: the count, or -1 when it cannot be read.
 */
int tmpdir_count(const char *dir);

/**
 * tmpdir_remove() - remove the folder and the files in it
 * @dir: the folder
 */
void tmpdir_remove(const char *dir);

#endif /* KSTRUCT_TESTS_TMPDIR_H */
