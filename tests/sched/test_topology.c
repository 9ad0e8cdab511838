// SPDX-License-Identifier: MIT
/*
 * tests/sched/test_topology.c - the scheduling domains (sched/topology.c):
 * spans, groups, flags and parameters of 1x2x2, 2x2x1, 1x4x1, 2x1x2 and a
 * single CPU, worked by hand from sd_init() and cpu_attach_domain(); which
 * levels survive on every small machine; descriptions refused with their
 * messages; the balance interval; the checker, one corruption at a time.
 */
#include <errno.h>
#include <string.h>

#include "sched/topology.h"
#include "tests/ktest.h"
#include "tests/report.h"

/* one topology at a time: it is large and points into itself */
static struct sched_topology topo;
static char err[256];

static void build(unsigned int s, unsigned int c, unsigned int t,
		  enum fair_version v)
{
	struct sched_topology_desc desc = { s, c, t };

	CU_ASSERT_EQUAL_FATAL(
		sched_topology_build(&topo, &desc, v, err, sizeof(err)), 0);
	CU_ASSERT(sched_topology_check(&topo));
}

/* what sd_init() gives every level, and the interval range by weight */
static void expect_common(const struct sched_domain *sd, unsigned int weight)
{
	CU_ASSERT_EQUAL(sd->span_weight, weight);
	CU_ASSERT_EQUAL(sd->min_interval, weight);
	CU_ASSERT_EQUAL(sd->max_interval, 2 * weight);
	CU_ASSERT_EQUAL(sd->balance_interval, weight);
	CU_ASSERT_EQUAL(sd->busy_factor, 16);
	CU_ASSERT_EQUAL(sd->flags & (SD_BALANCE_NEWIDLE | SD_BALANCE_EXEC |
				     SD_BALANCE_FORK | SD_WAKE_AFFINE |
				     SD_PREFER_SIBLING | SD_BALANCE_WAKE),
			SD_BALANCE_NEWIDLE | SD_BALANCE_EXEC | SD_BALANCE_FORK |
				SD_WAKE_AFFINE | SD_PREFER_SIBLING);
}

/*
 * One package, two cores, two threads (CPUs 0,1 and 2,3 are cores).
 * SMT: the core, SHARE_CPUCAPACITY | SHARE_LLC, imbalance_pct 110,
 * cache_nice_tries 0, a group per thread.  MC: the package, SHARE_LLC,
 * 117, tries 1, a group per core carrying SMT's flags.  The package level
 * spans what MC does with one group: dropped.  One LLC of 4.
 */
static void test_1x2x2(void)
{
	const struct sched_domain *smt, *mc;

	build(1, 2, 2, FAIR_V6_1);
	CU_ASSERT_EQUAL(topo.nr_cpus, 4);
	CU_ASSERT_EQUAL(topo.nr_domains[0], 2);
	smt = &topo.sd[0][0];
	mc = &topo.sd[0][1];
	CU_ASSERT_STRING_EQUAL(smt->name, "SMT");
	CU_ASSERT_EQUAL(smt->span, 0x3);
	expect_common(smt, 2);
	CU_ASSERT(smt->flags & SD_SHARE_CPUCAPACITY);
	CU_ASSERT(smt->flags & SD_SHARE_LLC);
	CU_ASSERT_EQUAL(smt->imbalance_pct, 110);
	CU_ASSERT_EQUAL(smt->cache_nice_tries, 0);
	CU_ASSERT_EQUAL(smt->nr_groups, 2);
	CU_ASSERT_EQUAL(smt->groups[0], 0x1);
	CU_ASSERT_EQUAL(smt->groups[1], 0x2);
	CU_ASSERT_EQUAL(smt->group_flags[0], 0);
	CU_ASSERT_PTR_EQUAL(smt->parent, mc);
	CU_ASSERT_PTR_NULL(smt->child);

	CU_ASSERT_STRING_EQUAL(mc->name, "MC");
	CU_ASSERT_EQUAL(mc->span, 0xf);
	expect_common(mc, 4);
	CU_ASSERT_FALSE(mc->flags & SD_SHARE_CPUCAPACITY);
	CU_ASSERT(mc->flags & SD_SHARE_LLC);
	CU_ASSERT_EQUAL(mc->imbalance_pct, 117);
	CU_ASSERT_EQUAL(mc->cache_nice_tries, 1);
	CU_ASSERT_EQUAL(mc->nr_groups, 2);
	CU_ASSERT_EQUAL(mc->groups[0], 0x3);
	CU_ASSERT_EQUAL(mc->groups[1], 0xc);
	CU_ASSERT_EQUAL(mc->group_flags[0], smt->flags);
	CU_ASSERT_EQUAL(mc->group_flags[1], smt->flags);
	CU_ASSERT_PTR_NULL(mc->parent);
	CU_ASSERT_PTR_EQUAL(mc->child, smt);

	/* CPU 3's groups start with its own: {3} then {2}; {2,3} then {0,1} */
	CU_ASSERT_EQUAL(topo.sd[3][0].groups[0], 0x8);
	CU_ASSERT_EQUAL(topo.sd[3][0].groups[1], 0x4);
	CU_ASSERT_EQUAL(topo.sd[3][1].groups[0], 0xc);
	CU_ASSERT_EQUAL(topo.sd[3][1].groups[1], 0x3);
	CU_ASSERT_EQUAL(topo.sd[2][0].span, 0xc);

	for (int cpu = 0; cpu < 4; cpu++) {
		CU_ASSERT_EQUAL(topo.llc_id[cpu], 0);
		CU_ASSERT_EQUAL(topo.llc_size[cpu], 4);
		CU_ASSERT_PTR_EQUAL(topo.sd_llc[cpu], &topo.sd[cpu][1]);
	}
	CU_ASSERT(cpus_share_cache(&topo, 1, 2));
	CU_ASSERT_EQUAL(sched_group_cores(&topo, 0xf), 2);
	CU_ASSERT_EQUAL(sched_group_cores(&topo, 0x3), 1);
	CU_ASSERT_EQUAL(sched_group_cores(&topo, 0x5), 2);
}

/*
 * Two packages of two single-thread cores, as 6.12 names it.  SMT spans
 * one CPU: dropped, and MC's groups lose their flags.  MC: {0,1} or
 * {2,3}, a group per CPU.  PKG: all four, no cache flag, 117, tries 1,
 * a group per package carrying MC's flags.  Two LLCs.
 */
static void test_2x2x1(void)
{
	const struct sched_domain *mc, *pkg;

	build(2, 2, 1, FAIR_V6_12);
	CU_ASSERT_EQUAL(topo.nr_domains[2], 2);
	mc = &topo.sd[2][0];
	pkg = &topo.sd[2][1];
	CU_ASSERT_STRING_EQUAL(mc->name, "MC");
	CU_ASSERT_EQUAL(mc->span, 0xc);
	expect_common(mc, 2);
	CU_ASSERT_EQUAL(mc->flags & (SD_SHARE_LLC | SD_SHARE_CPUCAPACITY),
			SD_SHARE_LLC);
	CU_ASSERT_EQUAL(mc->imbalance_pct, 117);
	CU_ASSERT_EQUAL(mc->nr_groups, 2);
	CU_ASSERT_EQUAL(mc->groups[0], 0x4);
	CU_ASSERT_EQUAL(mc->groups[1], 0x8);
	CU_ASSERT_EQUAL(mc->group_flags[0], 0);
	CU_ASSERT_EQUAL(mc->group_flags[1], 0);
	CU_ASSERT_PTR_NULL(mc->child);

	CU_ASSERT_STRING_EQUAL(pkg->name, "PKG");
	CU_ASSERT_EQUAL(pkg->span, 0xf);
	expect_common(pkg, 4);
	CU_ASSERT_FALSE(pkg->flags & (SD_SHARE_LLC | SD_SHARE_CPUCAPACITY));
	CU_ASSERT_EQUAL(pkg->imbalance_pct, 117);
	CU_ASSERT_EQUAL(pkg->cache_nice_tries, 1);
	CU_ASSERT_EQUAL(pkg->nr_groups, 2);
	CU_ASSERT_EQUAL(pkg->groups[0], 0xc);
	CU_ASSERT_EQUAL(pkg->groups[1], 0x3);
	CU_ASSERT_EQUAL(pkg->group_flags[0], mc->flags);
	CU_ASSERT_EQUAL(pkg->group_flags[1], mc->flags);

	CU_ASSERT_EQUAL(topo.llc_id[0], 0);
	CU_ASSERT_EQUAL(topo.llc_id[1], 0);
	CU_ASSERT_EQUAL(topo.llc_id[2], 2);
	CU_ASSERT_EQUAL(topo.llc_id[3], 2);
	CU_ASSERT_EQUAL(topo.llc_size[3], 2);
	CU_ASSERT_FALSE(cpus_share_cache(&topo, 1, 2));

	/* 6.1 names the package level DIE */
	build(2, 2, 1, FAIR_V6_1);
	CU_ASSERT_STRING_EQUAL(topo.sd[0][1].name, "DIE");
}

/* the default: one flat MC domain of n CPUs, a group per CPU */
static void test_1x4x1(void)
{
	const struct sched_domain *mc;

	build(1, 4, 1, FAIR_V6_1);
	for (int cpu = 0; cpu < 4; cpu++) {
		CU_ASSERT_EQUAL(topo.nr_domains[cpu], 1);
		mc = &topo.sd[cpu][0];
		CU_ASSERT_STRING_EQUAL(mc->name, "MC");
		CU_ASSERT_EQUAL(mc->span, 0xf);
		expect_common(mc, 4);
		CU_ASSERT_EQUAL(mc->imbalance_pct, 117);
		CU_ASSERT_EQUAL(mc->nr_groups, 4);
		CU_ASSERT_EQUAL(mc->groups[0], 1UL << cpu);
		CU_ASSERT_EQUAL(mc->groups[1], 1UL << ((cpu + 1) % 4));
		CU_ASSERT_EQUAL(mc->groups[3], 1UL << ((cpu + 3) % 4));
		CU_ASSERT_PTR_NULL(mc->parent);
		CU_ASSERT_PTR_NULL(mc->child);
		CU_ASSERT_EQUAL(topo.llc_id[cpu], 0);
		CU_ASSERT_EQUAL(topo.llc_size[cpu], 4);
	}
}

/*
 * Two packages of one two-thread core: MC spans what SMT does with one
 * group and no flag SMT lacks: dropped.  The package's first group then
 * takes SMT's flags (6.12's cpu_attach_domain); the other keeps the
 * dropped MC's, without SD_SHARE_CPUCAPACITY.
 */
static void test_2x1x2(void)
{
	const struct sched_domain *smt, *pkg;

	build(2, 1, 2, FAIR_V6_12);
	CU_ASSERT_EQUAL(topo.nr_domains[0], 2);
	smt = &topo.sd[0][0];
	pkg = &topo.sd[0][1];
	CU_ASSERT_STRING_EQUAL(smt->name, "SMT");
	CU_ASSERT_STRING_EQUAL(pkg->name, "PKG");
	CU_ASSERT_EQUAL(pkg->groups[0], 0x3);
	CU_ASSERT_EQUAL(pkg->groups[1], 0xc);
	CU_ASSERT_EQUAL(pkg->group_flags[0], smt->flags);
	CU_ASSERT(pkg->group_flags[0] & SD_SHARE_CPUCAPACITY);
	CU_ASSERT_FALSE(pkg->group_flags[1] & SD_SHARE_CPUCAPACITY);
	CU_ASSERT(pkg->group_flags[1] & SD_SHARE_LLC);
	CU_ASSERT_EQUAL(topo.llc_id[3], 2);
	CU_ASSERT_EQUAL(topo.llc_size[3], 2);
}

/* one CPU: every level degenerates, the CPU is its own LLC */
static void test_single(void)
{
	struct sched_domain *sd;

	build(1, 1, 1, FAIR_V6_1);
	CU_ASSERT_EQUAL(topo.nr_domains[0], 0);
	CU_ASSERT_PTR_NULL(topo.sd_llc[0]);
	CU_ASSERT_EQUAL(topo.llc_id[0], 0);
	CU_ASSERT_EQUAL(topo.llc_size[0], 1);
	for_each_domain(&topo, 0, sd)
		CU_FAIL("a domain on one CPU");
}

/*
 * On every machine of up to 4 of each (at most NR_CPUS CPUs) the levels
 * kept are SMT when a core has 2+ threads, MC when a package has 2+
 * cores, the package level when there are 2+ packages; the checker holds.
 */
static void test_every_small_machine(void)
{
	unsigned int s, c, t, cpu;

	for (s = 1; s <= 4; s++)
		for (c = 1; c <= 4; c++)
			for (t = 1; t <= 4; t++) {
				build(s, c, t, FAIR_V6_12);
				for (cpu = 0; cpu < s * c * t; cpu++)
					CU_ASSERT_EQUAL(topo.nr_domains[cpu],
							(t > 1) + (c > 1) +
								(s > 1));
				CU_ASSERT_EQUAL(topo.llc_size[0],
						c * t > 1 ? c * t : 1);
			}
	build(8, 4, 2, FAIR_V6_1); /* 64 CPUs: the whole mask */
	CU_ASSERT_EQUAL(topo.sd[63][2].span, ~0UL);
	CU_ASSERT_EQUAL(topo.sd[63][2].nr_groups, 8);
	CU_ASSERT_EQUAL(topo.sd[63][2].groups[0], 0xffUL << 56);
}

static void expect_refused(const char *arg, const char *message)
{
	struct sched_topology_desc desc = { 7, 7, 7 };

	err[0] = 0;
	CU_ASSERT_EQUAL(sched_topology_parse(arg, &desc, err, sizeof(err)),
			-EINVAL);
	CU_ASSERT_STRING_EQUAL(err, message);
	CU_ASSERT_EQUAL(desc.sockets, 7); /* untouched */
}

static void test_parse(void)
{
	struct sched_topology_desc desc;
	struct sched_topology_desc zero = { 2, 0, 2 };

	CU_ASSERT_EQUAL(sched_topology_parse("2x4x2", &desc, err, sizeof(err)),
			0);
	CU_ASSERT_EQUAL(desc.sockets, 2);
	CU_ASSERT_EQUAL(desc.cores, 4);
	CU_ASSERT_EQUAL(desc.threads, 2);
	expect_refused("2x2", "topology \"2x2\": want SOCKETSxCORESxTHREADS, "
			      "as 2x4x2");
	expect_refused("2x2x2x", "topology \"2x2x2x\": want "
				 "SOCKETSxCORESxTHREADS, as 2x4x2");
	expect_refused("-1x2x2", "topology \"-1x2x2\": want "
				 "SOCKETSxCORESxTHREADS, as 2x4x2");
	expect_refused("", "topology \"\": want SOCKETSxCORESxTHREADS, "
			   "as 2x4x2");
	expect_refused("2 x2x2", "topology \"2 x2x2\": want "
				 "SOCKETSxCORESxTHREADS, as 2x4x2");
	expect_refused("0x2x2", "topology \"0x2x2\": sockets, cores and "
				"threads must each be at least 1");
	expect_refused("8x8x2", "topology \"8x8x2\": more than 64 CPUs");
	expect_refused("1x1x65", "topology \"1x1x65\": more than 64 CPUs");
	expect_refused("99999999999999999999999x1x1",
		       "topology \"99999999999999999999999x1x1\": more than 64 "
		       "CPUs");

	/* building refuses the same, and leaves the topology alone */
	build(1, 2, 1, FAIR_V6_1);
	CU_ASSERT_EQUAL(sched_topology_build(&topo, &zero, FAIR_V6_1, err,
					     sizeof(err)),
			-EINVAL);
	CU_ASSERT_STRING_EQUAL(err, "topology 2x0x2: sockets, cores and "
				    "threads must each be at least 1");
	CU_ASSERT_EQUAL(topo.nr_cpus, 2);
}

/*
 * get_sd_balance_interval() on 1x4x1's MC (balance_interval 4 ms):
 *   HZ 250 idle: 4 ms = 1 jiffy; busy: 4 * 16 = 64 ms = 16, less 1: 15
 *   HZ 1000 idle: 4; busy 64 - 1 = 63
 *   HZ 300 idle: 4 * 300 / 1000 = 1.2, rounded up: 2
 *   ceiling HZ * nr_cpus / 10: with 1 CPU at HZ 250, 25 (busy 15 < 25);
 *     at HZ 100 with 1 CPU, 10: busy 64 ms = 6.4 -> 7 - 1 = 6 (< 10)
 *   after two failed balances 4 -> 8 -> 8 (max_interval 8): busy at HZ
 *     1000, 128 - 1 = 127, clamped to 1000 * 1 / 10 = 100
 * sd_balance_interval_update(): success resets to 4; newidle never moves.
 */
static void test_balance_interval(void)
{
	struct sched_domain *mc;

	build(1, 4, 1, FAIR_V6_1);
	mc = &topo.sd[0][0];
	CU_ASSERT_EQUAL(get_sd_balance_interval(mc, false, 250, 4), 1);
	CU_ASSERT_EQUAL(get_sd_balance_interval(mc, true, 250, 4), 15);
	CU_ASSERT_EQUAL(get_sd_balance_interval(mc, false, 1000, 4), 4);
	CU_ASSERT_EQUAL(get_sd_balance_interval(mc, true, 1000, 4), 63);
	CU_ASSERT_EQUAL(get_sd_balance_interval(mc, false, 300, 4), 2);
	CU_ASSERT_EQUAL(get_sd_balance_interval(mc, true, 250, 1), 15);
	CU_ASSERT_EQUAL(get_sd_balance_interval(mc, true, 100, 1), 6);

	sd_balance_interval_update(mc, false, true);
	CU_ASSERT_EQUAL(mc->balance_interval, 4);
	sd_balance_interval_update(mc, false, false);
	CU_ASSERT_EQUAL(mc->balance_interval, 8);
	sd_balance_interval_update(mc, false, false);
	CU_ASSERT_EQUAL(mc->balance_interval, 8);
	CU_ASSERT_EQUAL(get_sd_balance_interval(mc, true, 1000, 1), 100);
	CU_ASSERT_EQUAL(get_sd_balance_interval(mc, true, 1000, 4), 127);
	sd_balance_interval_update(mc, true, false);
	CU_ASSERT_EQUAL(mc->balance_interval, 4);
}

/* the checker: one corruption at a time, reported, then undone */
static void test_check(void)
{
	struct sched_domain *mc;
	unsigned long saved;

	build(1, 2, 2, FAIR_V6_1);
	mc = &topo.sd[1][1];

	mc->groups[1] |= 0x1;
	EXPECT_CHECK_FAILS(sched_topology_check(&topo), "sched_topology_check");
	expect_detail(": cpu 1 domain 1: group 1 0xd empty or overlaps");
	mc->groups[1] &= ~0x1UL;
	CU_ASSERT(sched_topology_check(&topo));

	saved = mc->groups[1];
	mc->groups[1] = 0x4;
	EXPECT_CHECK_FAILS(sched_topology_check(&topo), "sched_topology_check");
	expect_detail(": cpu 1 domain 1: groups cover 0x7, span 0xf");
	mc->groups[1] = saved;

	topo.sd[1][0].span = 0x5;
	EXPECT_CHECK_FAILS(sched_topology_check(&topo), "sched_topology_check");
	expect_detail(": cpu 1 domain 0: span 0x5 lacks the CPU");
	topo.sd[1][0].span = 0x3;

	topo.sd[1][0].span_weight = 3;
	EXPECT_CHECK_FAILS(sched_topology_check(&topo), "sched_topology_check");
	expect_detail(": cpu 1 domain 0: span_weight 3 but span 0x3");
	topo.sd[1][0].span_weight = 2;

	topo.sd[1][0].span = 0xf;
	topo.sd[1][0].span_weight = 4;
	topo.sd[1][0].groups[1] = 0xd;
	EXPECT_CHECK_FAILS(sched_topology_check(&topo), "sched_topology_check");
	expect_detail(": cpu 1 domain 1: same span as its child: degenerate");
	topo.sd[1][0].span = 0x3;
	topo.sd[1][0].span_weight = 2;
	topo.sd[1][0].groups[1] = 0x1;

	mc->parent = mc;
	EXPECT_CHECK_FAILS(sched_topology_check(&topo), "sched_topology_check");
	expect_detail(": cpu 1 domain 1: parent or child pointer astray");
	mc->parent = NULL;

	topo.llc_id[2] = 2;
	EXPECT_CHECK_FAILS(sched_topology_check(&topo), "sched_topology_check");
	expect_detail(": cpu 2: llc_id 2 size 4 but its LLC domain says");
	topo.llc_id[2] = 0;
	CU_ASSERT(sched_topology_check(&topo));
	EXPECT_CHECK_FAILS(sched_topology_check(NULL), "sched_topology_check");
	expect_detail(": no topology (NULL)");
}

static CU_TestInfo build_tests[] = {
	{ "1x2x2: SMT and MC, one LLC", test_1x2x2 },
	{ "2x2x1: MC and PKG, two LLCs", test_2x2x1 },
	{ "1x4x1: one flat MC domain", test_1x4x1 },
	{ "2x1x2: MC dropped, the groups' flags", test_2x1x2 },
	{ "1x1x1: no domain", test_single },
	{ "every small machine keeps the levels that split",
	  test_every_small_machine },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo parse_tests[] = {
	{ "SxCxT read, bad descriptions refused", test_parse },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo interval_tests[] = {
	{ "busy factor, jiffies, ceiling, doubling", test_balance_interval },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo check_tests[] = {
	{ "each corruption reported", test_check },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("sched/topology/sched_topology_build", build_tests, NULL, NULL)
KTEST_SUITE("sched/topology/sched_topology_parse", parse_tests, NULL, NULL)
KTEST_SUITE("sched/topology/get_sd_balance_interval", interval_tests, NULL,
	    NULL)
KTEST_SUITE("sched/topology/sched_topology_check", check_tests,
	    report_suite_init, report_suite_cleanup)
