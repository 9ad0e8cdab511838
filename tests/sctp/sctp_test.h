/* SPDX-License-Identifier: MIT */
/*
 * tests/sctp/sctp_test.h - helpers shared by the sctp/ core test files:
 * address builders, suite init/cleanup that register the test thread
 * with liburcu (the list writers free with call_rcu()) and wait for
 * deferred frees, and a leak check that waits for them first.
 */
#ifndef KSTRUCT_TESTS_SCTP_TEST_H
#define KSTRUCT_TESTS_SCTP_TEST_H

#include <string.h>
#include <arpa/inet.h>
#include <urcu.h>

#include "list/rculist.h"

#include "compat/slab.h"
#include "sctp/structs.h"
#include "tests/ktest.h"
#include "tests/report.h"

static inline union sctp_addr sctp_test_v4(const char *ip, uint16_t port)
{
	union sctp_addr a;

	memset(&a, 0, sizeof(a));
	a.v4.sin_family = AF_INET;
	a.v4.sin_port = htons(port);
	if (inet_pton(AF_INET, ip, &a.v4.sin_addr) != 1)
		a.sa.sa_family = AF_UNSPEC;
	return a;
}

static inline union sctp_addr sctp_test_v6(const char *ip, uint16_t port)
{
	union sctp_addr a;

	memset(&a, 0, sizeof(a));
	a.v6.sin6_family = AF_INET6;
	a.v6.sin6_port = htons(port);
	if (inet_pton(AF_INET6, ip, &a.v6.sin6_addr) != 1)
		a.sa.sa_family = AF_UNSPEC;
	return a;
}

/* live allocations once every call_rcu() callback so far has run */
static inline long sctp_test_live(void)
{
	kstruct_rcu_barrier();
	return kmalloc_live();
}

static inline int sctp_test_suite_init(void)
{
	rcu_register_thread();
	return 0;
}

static inline int sctp_test_suite_cleanup(void)
{
	kmalloc_fault_reset();
	kstruct_rcu_barrier();
	rcu_unregister_thread();
	return 0;
}

/* the same, with report_record() installed: the checkers' suites */
static inline int sctp_test_check_suite_init(void)
{
	report_start();
	return sctp_test_suite_init();
}

static inline int sctp_test_check_suite_cleanup(void)
{
	report_stop();
	return sctp_test_suite_cleanup();
}

/* the number of entries of a bind address list */
static inline unsigned int
sctp_test_count_addrs(const struct sctp_bind_addr *bp)
{
	return list_count_nodes(&bp->address_list);
}

/* the @n-th entry (from 0) of a bind address list, or NULL */
static inline struct sctp_sockaddr_entry *
sctp_test_nth_addr(struct sctp_bind_addr *bp, unsigned int n)
{
	struct sctp_sockaddr_entry *e;

	list_for_each_entry(e, &bp->address_list, list) {
		if (!n--)
			return e;
	}
	return NULL;
}

/* the @n-th transport (from 0) of an association, or NULL */
static inline struct sctp_transport *
sctp_test_nth_transport(struct sctp_association *asoc, unsigned int n)
{
	struct sctp_transport *t;

	list_for_each_entry(t, &asoc->peer.transport_addr_list, transports) {
		if (!n--)
			return t;
	}
	return NULL;
}

#endif /* KSTRUCT_TESTS_SCTP_TEST_H */
