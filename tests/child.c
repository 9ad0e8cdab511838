// SPDX-License-Identifier: MIT
/*
 * tests/child.c - run_in_child() (see child.h), linked into every test
 * binary beside the runner: one copy for every death test.
 */
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tests/child.h"

int run_in_child(void (*fn)(int), int arg, char *out, size_t size)
{
	int pipefd[2], status = -1;
	size_t len = 0;
	ssize_t got;
	pid_t pid;

	out[0] = '\0';
	if (pipe(pipefd))
		return -1;
	fflush(NULL);
	pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		close(pipefd[0]);
		dup2(pipefd[1], STDERR_FILENO);
		fn(arg);
		_exit(0);
	}
	close(pipefd[1]);
	while (len + 1 < size &&
	       (got = read(pipefd[0], out + len, size - 1 - len)) > 0)
		len += (size_t)got;
	out[len] = '\0';
	close(pipefd[0]);
	waitpid(pid, &status, 0);
	return status;
}
