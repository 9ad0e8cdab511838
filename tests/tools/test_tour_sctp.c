// SPDX-License-Identifier: MIT
/*
 * tests/tools/test_tour_sctp.c - "kstruct tour sctp" (tools/tour_sctp.c)
 * and its scene (tools/sctp_scene.h).
 *
 * Checked against the rules of sctp/, worked by hand: the transports of a
 * peer are its INIT's source address, then its address parameters in
 * order, the first being the primary path; a lookup matches address and
 * port; with the primary down, 2.5.33's selection makes the most recently
 * heard path both active and retran (no else); back up, the primary is
 * active again; the SACK acks TSN 1 cumulatively and TSN 3 in a gap
 * block of +2..+2, after which chunk 1 is gone and 3 is marked.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "list/list.h"
#include "list/rculist.h"
#include "sctp/structs.h"
#include "tests/ktest.h"
#include "tests/tools/capture.h"
#include "tools/kstruct.h"
#include "tools/sctp_scene.h"

/* the section's text, its long lines whole (kstruct tour breaks them) */
static char *tour_text(void)
{
	int ret = -1;
	char *text = section_text("sctp", &ret);

	CU_ASSERT_EQUAL(ret, 0);
	return text;
}

static void test_transports_in_init_order(void)
{
	static const char *const order[] = {
		"1. ",
		"endpoint, port 80, base.bind_addr.address_list: 10.0.0.2:80 "
		"10.0.1.2:80\n",
		"  association 1 (peer port 5000, tag 0xa1):\n",
		"      -> 10.0.0.1:5000      ssthresh 32768 primary active\n",
		"      -> 10.0.1.1:5000      ssthresh 32768 retran\n",
		"  association 2 (peer port 6000, tag 0xb2):\n",
		"      -> 192.168.5.1:6000   ssthresh 32768 primary active\n",
		"      -> 192.168.6.1:6000   ssthresh 32768 retran\n",
		"      -> 192.168.7.1:6000   ssthresh 32768\n",
		"2. ",
		"   192.168.6.1:6000 -> association 2, transport "
		"192.168.6.1:6000\n",
		"   192.168.6.1:6001 -> NULL",
		NULL,
	};
	char *text = tour_text();

	CU_ASSERT_PTR_NOT_NULL_FATAL(text);
	CU_ASSERT(in_order(text, order));
	free(text);
}

static void test_path_down_and_up(void)
{
	static const char *const order[] = {
		"3. ",
		/* heard: .5.1 at 100, .6.1 at 110, .7.1 at 120 */
		"      -> 192.168.5.1:6000   ssthresh 32768 primary (DOWN)\n"
		"      -> 192.168.6.1:6000   ssthresh 32768\n"
		"      -> 192.168.7.1:6000   ssthresh 32768 active retran\n",
		"so active and retran coincide.)\n",
		"...and when it comes back up:\n",
		"      -> 192.168.5.1:6000   ssthresh 32768 primary active\n"
		"      -> 192.168.6.1:6000   ssthresh 32768\n"
		"      -> 192.168.7.1:6000   ssthresh 32768 retran\n",
		NULL,
	};
	char *text = tour_text();

	CU_ASSERT_PTR_NOT_NULL_FATAL(text);
	CU_ASSERT(in_order(text, order));
	free(text);
}

static void test_sack_with_a_gap(void)
{
	static const char *const order[] = {
		"4. ",
		"primary active  transmitted: 1 2 3\n",
		"   outstanding 300 bytes,",
		"   SACK: cum_tsn_ack 1, 1 gap block(s) [+2..+2],",
		"primary active  transmitted: 2 3(gap-acked)\n",
		"   ctsn_ack_point 1, outstanding 100 bytes,",
		"What later kernels changed: ",
		NULL,
	};
	char *text = tour_text();

	CU_ASSERT_PTR_NOT_NULL_FATAL(text);
	CU_ASSERT(in_order(text, order));
	free(text);
}

/* the scene itself: what the drawings and the tour build on */
static void test_scene(void)
{
	struct sctp_scene s;
	struct sctp_transport *t;
	char addr[64];
	int i = 0;

	rcu_register_thread();
	CU_ASSERT_EQUAL_FATAL(sctp_scene_build(&s), 0);
	CU_ASSERT(s.asoc[0]->asocs.prev == &s.ep->asocs);
	CU_ASSERT(s.asoc[1]->asocs.next == &s.ep->asocs);
	CU_ASSERT_EQUAL(s.asoc[1]->peer.transport_count, 3);
	list_for_each_entry(t, &s.asoc[1]->peer.transport_addr_list,
			    transports) {
		static const char *const want[] = { "192.168.5.1:6000",
						    "192.168.6.1:6000",
						    "192.168.7.1:6000" };

		CU_ASSERT_STRING_EQUAL(sctp_scene_addr(&t->ipaddr, addr,
						       sizeof(addr)),
				       want[i]);
		if (!i)
			CU_ASSERT_PTR_EQUAL(s.asoc[1]->peer.primary_path, t);
		i++;
	}
	CU_ASSERT_EQUAL(i, 3);
	sctp_scene_free(&s);
	rcu_unregister_thread();
}

static CU_TestInfo tour_sctp_cases[] = {
	{ "transports in INIT order, lookups", test_transports_in_init_order },
	{ "a path goes down and comes back", test_path_down_and_up },
	{ "a SACK with a gap", test_sack_with_a_gap },
	{ "the scene", test_scene },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("tools/sctp-tour", tour_sctp_cases, NULL, NULL)
